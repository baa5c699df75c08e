// What administrators do to content and members wherever it is shown, and the moderation
// queue they do it from: approve or reject what awaits approval, feature or unfeature, delete.
// Each act goes to the item's own resource (`PUT <Type>?approved=true`, `DELETE <Type>`,
// `POST|DELETE <Type>/feature`); the queue's count in the navigation is kept fresh by polling
// and by every act, which also refreshes whatever lists the item.
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, apiSend } from '../../../lib/api-client';
import type { DoneEnvelope, Entry, ListingEnvelope, Reply } from '../../../lib/api-types';

export type QueueEntry = Entry<'ModerationQueueEntry'>;
export type QueueType = QueueEntry['type'];
export type FeaturableType = 'BlogPost' | 'Comment' | 'Photo' | 'Topic' | 'Video' | 'User';

/** How the queue and the admin pages name each type, one and many. */
export const TYPE_NAMES: Record<QueueType, { one: string; many: string }> = {
  BlogPost: { one: 'Blog post', many: 'Blog posts' },
  Comment: { one: 'Comment', many: 'Comments' },
  Photo: { one: 'Photo', many: 'Photos' },
  Topic: { one: 'Forum topic', many: 'Forum topics' },
  Video: { one: 'Video', many: 'Videos' },
  User: { one: 'New member', many: 'New members' },
};

/** The type of an item from its id (`<network>:<Type>:<n>`). */
export function typeOfId(id: string): string {
  return id.split(':')[1] ?? '';
}

/** How often the waiting count in the navigation is asked for again while the app is open. */
export const QUEUE_POLL_MS = 20_000;
const QUEUE_PAGE = 50;

export const moderationQueries = {
  all: () => ['moderation'] as const,
  count: (network: string) =>
    queryOptions({
      queryKey: [...moderationQueries.all(), 'count', network] as const,
      queryFn: async ({ signal }) =>
        (await apiGet<Reply<'/ModerationQueue/count', 'get'>>(network, 'ModerationQueue/count', {}, signal)).count,
      refetchInterval: QUEUE_POLL_MS,
      staleTime: 5_000,
    }),
  queue: (network: string, type?: QueueType) =>
    queryOptions({
      queryKey: [...moderationQueries.all(), 'queue', network, type ?? 'all'] as const,
      queryFn: ({ signal }) =>
        apiGet<ListingEnvelope<QueueEntry>>(network, 'ModerationQueue/list', { type, count: QUEUE_PAGE }, signal),
      refetchInterval: QUEUE_POLL_MS,
      staleTime: 5_000,
    }),
};

export type Decision = 'approve' | 'reject';

/** Approves (PUT approved=true) or rejects (DELETE) an item or a pending member by its id. */
export function decide(client: Parameters<typeof apiSend>[0], network: string, id: string, decision: Decision) {
  const type = typeOfId(id);
  return decision === 'approve'
    ? apiSend<DoneEnvelope>(client, network, type, { method: 'PUT', query: { id }, form: { approved: 'true' } })
    : apiSend<DoneEnvelope>(client, network, type, { method: 'DELETE', query: { id } });
}

/** One decision on one item; everything that may list the item is refreshed after it. */
export function decideOptions(network: string) {
  return mutationOptions({
    mutationKey: [...moderationQueries.all(), 'decide', network],
    mutationFn: ({ id, decision }: { id: string; decision: Decision }, { client }) => decide(client, network, id, decision),
    meta: { invalidates: 'all' },
  });
}

type Decisions = Reply<'/ModerationQueue/approve', 'post'>['entry'];

/**
 * The same decision on a selection, in one request (`POST ModerationQueue/approve|reject`).
 * The service decides each item on its own, so one that another administrator handled
 * meanwhile does not stop the rest; the ids that failed come back, with the first failure.
 */
export function decideManyOptions(network: string) {
  return mutationOptions({
    mutationKey: [...moderationQueries.all(), 'decideMany', network],
    mutationFn: async ({ ids, decision }: { ids: string[]; decision: Decision }, { client }) => {
      const results: Decisions = (
        await apiSend<{ entry: Decisions }>(client, network, `ModerationQueue/${decision}`, { method: 'POST', form: { id: ids } })
      ).entry;
      const failures = results.filter((result) => !result.success);
      const first = failures[0];
      const firstError = first
        ? new ApiError({ status: first.status, code: first.code ?? 0, subcode: first.subcode ?? 0, reason: first.reason ?? '' })
        : null;
      return { done: results.length - failures.length, failed: failures.map((result) => result.id), firstError };
    },
    meta: { invalidates: 'all' },
  });
}

/** Features (now) or stops featuring an item or a member. */
export function featureOptions(network: string) {
  return mutationOptions({
    mutationKey: [...moderationQueries.all(), 'feature', network],
    mutationFn: ({ id, featured }: { id: string; featured: boolean }, { client }) =>
      apiSend<DoneEnvelope>(client, network, `${typeOfId(id)}/feature`, { method: featured ? 'POST' : 'DELETE', query: { id } }),
    meta: { invalidates: 'all' },
  });
}

/** Deletes any item (administrators may delete anyone's). */
export function deleteItemOptions(network: string) {
  return mutationOptions({
    mutationKey: [...moderationQueries.all(), 'delete', network],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, typeOfId(id), { method: 'DELETE', query: { id } }),
    meta: { invalidates: 'all' },
  });
}

/** Removes an event from the activity feed (its id is a `urn:uuid:`); what it tells of stays. */
export function deleteActivityOptions(network: string) {
  return mutationOptions({
    mutationKey: [...moderationQueries.all(), 'deleteActivity', network],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, 'Activity', { method: 'DELETE', query: { id } }),
    meta: { invalidates: 'all' },
  });
}
