// Video route table.
import { endpoint } from '../../http/endpoint';
import { idInNetwork } from '../../http/reply';
import { contentReadEndpoints } from '../content/routes';
import { createParams, deleteParams, updateParams, videoEntry, videoPresenter } from './schema';
import { addVideo, changeVideo, removeVideo } from './service';
import { videoStore } from './store';

export const videoEndpoints = [
  ...contentReadEndpoints({
    type: 'Video',
    noun: 'video',
    presenter: videoPresenter,
    entry: videoEntry,
    store: videoStore,
    count: { summary: 'How many videos there are, or how many were added after a date at most one week ago.' },
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
    restricted: { approved: 'admin' },
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
