// Video route table.
import { endpoint } from '../../http/endpoint';
import { entries, idInNetwork, idsOfNetwork, listing } from '../../http/reply';
import { checkCreatedAfter, checkPrivateFilter } from '../blog-posts/service';
import { countParams, createParams, deleteParams, featuredParams, getParams, recentParams, updateParams, videoEntry, videoPresenter } from './schema';
import { addVideo, changeVideo, removeVideo } from './service';
import { countVideos, getVideos, listVideos } from './store';

export const videoEndpoints = [
  endpoint({
    method: 'GET',
    path: 'Video',
    allow: 'anyone',
    summary: 'One video, or several with a repeated id (at most 100).',
    params: getParams,
    entry: videoEntry,
    handle: async (ctx, p) => {
      const videos = await getVideos(ctx.db, ctx, idsOfNetwork(ctx, p.id));
      return entries(ctx, videoPresenter, videos, p.fields, p.id.length === 1);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'Video/recent',
    allow: 'anyone',
    summary: 'Videos, newest first.',
    params: recentParams,
    entry: videoEntry,
    handle: async (ctx, p) => {
      checkPrivateFilter(ctx, p.private);
      const page = await listVideos(ctx.db, ctx, p, 'created', p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, videoPresenter, page, p.fields);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'Video/featured',
    allow: 'anyone',
    summary: 'Featured videos, most recently featured first.',
    params: featuredParams,
    entry: videoEntry,
    handle: async (ctx, p) => {
      const page = await listVideos(ctx.db, ctx, {}, 'featured', p.count, ctx.anchors.decode(p.anchor));
      return listing(ctx, videoPresenter, page, p.fields);
    },
  }),
  endpoint({
    method: 'GET',
    path: 'Video/count',
    allow: 'anyone',
    summary: 'How many videos there are, or how many were added after a date at most one week ago.',
    params: countParams,
    handle: async (ctx, p) => {
      checkPrivateFilter(ctx, p.private);
      if (p.createdAfter !== undefined) checkCreatedAfter(ctx, p.createdAfter);
      return { count: await countVideos(ctx.db, ctx, p) };
    },
  }),
  endpoint({
    method: 'POST',
    path: 'Video',
    allow: 'member',
    summary: 'Adds a video by its address (or embed code) on YouTube, Vimeo or Dailymotion.',
    params: createParams,
    handle: async (ctx, p) => ({ id: `${ctx.network.id}:Video:${await addVideo(ctx, p)}` }),
  }),
  endpoint({
    method: 'PUT',
    path: 'Video',
    allow: 'member',
    summary: "Updates a video's title, description, visibility or tags (its author or an administrator).",
    params: updateParams,
    handle: async (ctx, p) => {
      await changeVideo(ctx, idInNetwork(ctx, p.id), p);
      return {};
    },
  }),
  endpoint({
    method: 'DELETE',
    path: 'Video',
    allow: 'member',
    summary: 'Deletes a video and its comments (its author or an administrator).',
    params: deleteParams,
    handle: async (ctx, p) => {
      await removeVideo(ctx, idInNetwork(ctx, p.id));
      return {};
    },
  }),
];
