// Atom feeds (extension) of the newest blog posts: the network's, a tag's or a member's.
// A feed holds what anybody may read — it is read as an anonymous visitor, whoever asks, so
// a feed reader's copy never holds a member's private view — and a private network has none.
import { z } from 'zod';
import { endpoint, type Ctx } from '../../http/endpoint';
import { sameForEveryone } from '../../http/response-cache';
import { ApiError } from '../../lib/errors';
import { anonymous } from '../../lib/viewer';
import { blogPostUrl } from '../blog-posts/schema';
import { postStore } from '../blog-posts/store';
import { allParts, type ContentParts } from '../content/store';
import { memberUrl } from '../users/author-ref';
import { atomDocument } from './atom';

const FEED_SIZE = 20;

/** An entry has every column of its post and its tags, but no number of comments. */
const feedParts: ContentParts = { ...allParts, commentCount: false };

const feedParams = z.object({
  tag: z.string().max(64).optional().meta({ description: 'the posts with this tag' }),
  author: z.string().max(100).optional().meta({ description: 'the posts of this member (screen name)' }),
});

/**
 * Stable ids for what the network names: tag URIs (RFC 4151) minted under the site's host on
 * the network's first day, `path` after the prefix worked out once per feed.
 */
const tagUris = (ctx: Ctx) => {
  const prefix = `tag:${new URL(ctx.present.origin).hostname},${new Date(ctx.network.created_at).toISOString().slice(0, 10)}:${ctx.network.subdomain}/`;
  return (path: string) => prefix + path;
};

export const feedEndpoints = [
  endpoint({
    method: 'GET',
    path: 'BlogPost/feed',
    allow: 'anyone',
    extension: true,
    summary:
      'An Atom feed (RFC 4287) of the 20 newest blog posts anybody may read: the network’s, or with `tag` or `author` a tag’s or a ' +
      'member’s. A private network has no feeds (404). Answers 304 to a matching If-None-Match.',
    params: feedParams,
    reply: 'atom',
    handle: async (ctx, p) => {
      if (ctx.network.is_private) throw new ApiError('noSuchItem', 'A private network has no public feeds.');
      const scope = { viewer: anonymous, network: ctx.network, now: ctx.now };
      const page = await postStore.list(ctx.db, scope, { tag: p.tag, author: p.author }, 'created', FEED_SIZE, { start: true }, feedParts);
      const posts = page.rows;
      const origin = ctx.present.origin;
      const web = `${origin}/n/${ctx.network.subdomain}`;
      const query = new URLSearchParams();
      if (p.tag !== undefined) query.set('tag', p.tag);
      if (p.author !== undefined) query.set('author', p.author);
      const search = query.size ? `?${query}` : '';
      const authorName = p.author !== undefined ? (posts[0]?.author.fullName ?? p.author) : undefined;
      const title =
        p.tag !== undefined && authorName !== undefined
          ? `${ctx.network.name}: posts tagged “${p.tag}” by ${authorName}`
          : p.tag !== undefined
            ? `${ctx.network.name}: posts tagged “${p.tag}”`
            : authorName !== undefined
              ? `${ctx.network.name}: posts by ${authorName}`
              : ctx.network.name;
      const newest = Math.max(ctx.network.created_at, ...posts.map((post) => post.updated_at));
      const tagUri = tagUris(ctx);
      const xml = atomDocument({
        id: tagUri(`BlogPost/feed${search}`),
        title,
        subtitle: ctx.network.description || undefined,
        updated: new Date(newest),
        self: `${origin}${ctx.req.baseUrl}/BlogPost/feed${search}`,
        alternate: p.author !== undefined && p.tag === undefined ? memberUrl(ctx.present, p.author) : `${web}/blog${search}`,
        author: { name: ctx.network.name, uri: web },
        entries: posts.map((post) => ({
          id: tagUri(`BlogPost/${post.id}`),
          title: post.title || 'Untitled',
          updated: new Date(post.updated_at),
          published: new Date(post.publish_time),
          author: { name: post.author.fullName, uri: memberUrl(ctx.present, post.author.screenName) },
          link: blogPostUrl(ctx.present, post.id),
          content: post.description,
          categories: post.tags,
        })),
      });
      ctx.res.setHeader('Content-Type', 'application/atom+xml; charset=utf-8');
      ctx.res.setHeader('Cache-Control', 'public, max-age=300');
      ctx.res.setHeader('Last-Modified', new Date(newest).toUTCString());
      // Read as a visitor reads it, whoever asks: a member's copy is kept for everyone.
      sameForEveryone(ctx.res);
      // A reader that has this very document is answered 304 (server/http/conditional.ts).
      ctx.res.send(xml);
      return {};
    },
  }),
];
