// Video use-cases: a member adds a video by its address or embed code on a known host (only
// the host and the id there are kept); with video moderation on, it waits for approval. The
// video, its tags and its CreateVideo event are written in one transaction.
import type { SignedInActor } from '../../http/endpoint';
import { ApiError, invalidValue } from '../../lib/errors';
import { sanitizeDescription } from '../../lib/sanitize';
import { isAdmin } from '../../lib/viewer';
import type { Visibility } from '../../db/schema';
import { normaliseTags } from '../tags/store';
import { contentPatch, createContent, editableContent } from '../content/service';
import { parseVideoSource, VideoSourceError, type VideoSource } from './video-source';
import { findVideoRow, insertVideo, updateVideo, videoStore } from './store';

export interface VideoInput {
  title?: string;
  description?: string;
  tag?: string[];
  visibility?: Visibility;
  approved?: boolean;
}

export async function addVideo(ctx: SignedInActor, input: VideoInput & { url?: string; embedCode?: string }): Promise<number> {
  const source = videoNamedBy(input);
  const title = (input.title ?? '').trim();
  const tags = normaliseTags(input.tag ?? []);
  const approved = !(ctx.network.video_moderation && !isAdmin(ctx.viewer));
  return createContent(ctx, { type: 'Video', title, tags, visibility: input.visibility ?? 'all' }, (tx) =>
    insertVideo(tx, {
      network_id: ctx.network.id,
      author_id: ctx.viewer.accountId,
      host: source.host,
      host_video_id: source.id,
      title,
      description: sanitizeDescription(input.description ?? ''),
      visibility: input.visibility ?? 'all',
      approved: approved ? 1 : 0,
      featured_at: null,
      created_at: ctx.now,
      updated_at: ctx.now,
    }),
  );
}

/** The video that `url` and `embedCode` name; when both are given they must name the same one. */
function videoNamedBy(input: { url?: string; embedCode?: string }): VideoSource {
  const given = (['url', 'embedCode'] as const).filter((name) => input[name] !== undefined);
  if (given.length === 0) throw new ApiError('missingParameter', "A video needs its 'url' (or its 'embedCode').");
  const sources = given.map((name) => {
    try {
      return parseVideoSource(input[name]!);
    } catch (error) {
      if (error instanceof VideoSourceError) throw invalidValue(name, error.message);
      throw error;
    }
  });
  const [first, second] = sources;
  if (second && (second.host !== first!.host || second.id !== first!.id)) {
    throw invalidValue('embedCode', "names another video than 'url'");
  }
  return first!;
}

const videos = editableContent({ type: 'Video', what: 'this video', find: findVideoRow, store: videoStore, update: updateVideo });

export async function changeVideo(ctx: SignedInActor, id: number, input: VideoInput): Promise<void> {
  await videos.change(ctx, id, input.tag, () => ({
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...contentPatch(ctx, input),
  }));
}

/** Deletes a video with its comments, tags and activity. */
export function removeVideo(ctx: SignedInActor, id: number): Promise<void> {
  return videos.remove(ctx, id);
}
