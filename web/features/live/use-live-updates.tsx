// Live updates: the service's `GET Live` stream (server-sent events, read with the browser's
// EventSource) puts what is new into the react-query cache as it is committed — new posts at
// the top of the first window of matching post listings, new comments into an open item's
// thread — so pages show them without reloading. Every event carries only what this viewer
// may see (the service reads each item through their scope). After a lost connection the
// browser reconnects by itself, and the listings are refetched to catch up on what was missed.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { restUrl } from '../../lib/api-client';
import type { Comment, ListingEnvelope, Resources } from '../../lib/api-types';
import { blogPostQueries, summaryFields, type BlogPostListFilters, type BlogPostSummary } from '../blog-posts/api/blog-post-queries';
import { commentQueries } from '../comments/api/comment-queries';
import { PENDING_ID_PREFIX } from '../comments/api/add-comment';

type LiveData<T> = { entry: T; resources: Resources };

/**
 * Listens to `GET Live` while mounted; `onEvent` gets each event's name and data, `onReconnect`
 * is called when the stream comes back after a break. Says nothing when EventSource is missing.
 */
function useEventStream(url: string, onEvent: Record<string, (data: unknown) => void>, onReconnect: () => void) {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(url, { withCredentials: true });
    let broken = false;
    source.onerror = () => {
      broken = true;
    };
    source.onopen = () => {
      if (broken) onReconnect();
      broken = false;
    };
    for (const [name, handle] of Object.entries(onEvent)) {
      source.addEventListener(name, (event) => {
        try {
          handle(JSON.parse((event as MessageEvent<string>).data));
        } catch {
          // an event that cannot be read is skipped; the next reload shows the item
        }
      });
    }
    return () => source.close();
    // The handlers are rebuilt each render; the stream follows the URL only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
}

/** Puts a new post at the top of the first window of every cached listing of `network` it belongs to. */
export function addLivePost(client: QueryClient, network: string, { entry: post, resources }: LiveData<BlogPostSummary>) {
  const listings = client.getQueriesData<ListingEnvelope<BlogPostSummary>>({ queryKey: blogPostQueries.lists() });
  for (const [key, listing] of listings) {
    const filters = key[2] as BlogPostListFilters | undefined;
    if (!listing || !filters || filters.network !== network || filters.anchor !== undefined || filters.count <= 0) continue;
    if (filters.tag !== undefined && !post.topTags?.some((t) => t.toLowerCase() === filters.tag!.toLowerCase())) continue;
    if (filters.author !== undefined && post.author !== filters.author) continue;
    if (listing.entry.some((p) => p.id === post.id)) continue;
    client.setQueryData(key, {
      ...listing,
      entry: [post, ...listing.entry].slice(0, filters.count),
      resources: { ...listing.resources, ...resources },
    });
  }
}

/** Adds a new comment to an item's cached thread (in place of the writer's own pending copy, if there is one). */
export function addLiveComment(client: QueryClient, network: string, attachedTo: string, { entry: comment, resources }: LiveData<Comment>) {
  const key = commentQueries.list(network, attachedTo).queryKey;
  const thread = client.getQueryData(key);
  if (!thread || thread.entry.some((c) => c.id === comment.id)) return;
  const pendingCopy = thread.entry.findIndex(
    (c) => c.id.startsWith(PENDING_ID_PREFIX) && c.author === comment.author,
  );
  const rest = pendingCopy >= 0 ? thread.entry.filter((_, i) => i !== pendingCopy) : thread.entry;
  client.setQueryData(key, { ...thread, entry: [comment, ...rest], resources: { ...thread.resources, ...resources } });
}

/** New posts of `network` appear in its post listings; returns a sentence for screen readers about the latest. */
export function useLivePosts(network: string): string {
  const client = useQueryClient();
  const [said, setSaid] = useState('');
  useEventStream(
    restUrl(network, 'Live', { fields: summaryFields }),
    {
      post: (data) => {
        const live = data as LiveData<BlogPostSummary>;
        addLivePost(client, network, live);
        setSaid(`New post: ${live.entry.title}`);
      },
    },
    () => void client.invalidateQueries({ queryKey: blogPostQueries.lists() }),
  );
  return said;
}

/** New comments on `attachedTo` appear in its thread; returns a sentence for screen readers about the latest. */
export function useLiveComments(network: string, attachedTo: string): string {
  const client = useQueryClient();
  const [said, setSaid] = useState('');
  useEventStream(
    restUrl(network, 'Live', { attachedTo }),
    {
      comment: (data) => {
        const live = data as LiveData<Comment>;
        addLiveComment(client, network, attachedTo, live);
        const name = live.resources[live.entry.author]?.fullName ?? live.entry.author;
        setSaid(`New comment by ${name}`);
      },
    },
    () => void client.invalidateQueries({ queryKey: commentQueries.list(network, attachedTo).queryKey }),
  );
  return said;
}

/** A visually hidden status line that screen readers announce when it changes. */
export function LiveAnnouncement({ text }: { text: string }) {
  return (
    <p className="visually-hidden" role="status">
      {text}
    </p>
  );
}
