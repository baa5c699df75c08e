// Reads and writes of the administrators' pages: the dashboard's figures, members as
// administrators see them (pending and blocked ones too), the network's settings, broadcasts
// and what is featured.
import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import type { CreatedEnvelope, DoneEnvelope, Entry, ListingEnvelope, Member, Network, Reply } from '../../../lib/api-types';
import { networkQueries } from '../../network/api/network-queries';

const PAGE = 50;

export type MemberFilter = 'all' | 'pending' | 'active' | 'blocked' | 'admin';

export type AuditEntry = Entry<'AuditEntry'>;
/** GET Dashboard: per UTC day over the last 30 days, the most used tags, the most active members. */
export type Dashboard = Reply<'/Dashboard', 'get'>['entry'];
export type ConsumerKey = Reply<'/ConsumerKey', 'get'>['entry'][number];
export type NewConsumerKey = Reply<'/ConsumerKey', 'post'>['entry'];
/** The audit log's filters as the page keeps them; `to` is a day, included. */
export type AuditFilters = { actor?: string; action?: AuditEntry['action']; itemType?: AuditEntry['itemType']; from?: string; to?: string };

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
export type Broadcast = Entry<'BroadcastMessage'>;

/** A change an administrator (or, for isAdmin, the Network Creator) makes to a membership. */
export type MemberChange = { approved?: true; isBlocked?: boolean; isAdmin?: boolean };

export type SettingsChange = Partial<
  Pick<Network, 'name' | 'description' | 'iconUrl' | 'isPrivate' | 'blogPostModeration' | 'commentModeration' | 'photoModeration' | 'userModeration' | 'videoModeration'>
>;

export const adminQueries = {
  all: () => ['admin'] as const,
  dashboard: (network: string) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'dashboard', network] as const,
      queryFn: async ({ signal }): Promise<Dashboard> => (await apiGet<Reply<'/Dashboard', 'get'>>(network, 'Dashboard', {}, signal)).entry,
    }),
  members: (network: string, filter: MemberFilter, q: string) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'members', network, filter, q] as const,
      queryFn: ({ pageParam, signal }) =>
        apiGet<ListingEnvelope<Member>>(
          network,
          'User/search',
          { q: q || undefined, state: filter === 'all' ? undefined : filter, order: 'alpha', count: PAGE, anchor: pageParam },
          signal,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.lastPage ? undefined : last.anchor),
    }),
  audit: (network: string, { actor, action, itemType, from, to }: AuditFilters) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'audit', network, { actor, action, itemType, from, to }] as const,
      queryFn: ({ pageParam, signal }) =>
        apiGet<ListingEnvelope<AuditEntry>>(
          network,
          'AuditLog/list',
          { count: PAGE, anchor: pageParam, actor, action, itemType, createdAfter: from, createdBefore: to && nextDay(to) },
          signal,
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.lastPage ? undefined : last.anchor),
    }),
  consumerKeys: (network: string) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'consumerKeys', network] as const,
      queryFn: async ({ signal }) => (await apiGet<Reply<'/ConsumerKey', 'get'>>(network, 'ConsumerKey', {}, signal)).entry,
    }),
  broadcasts: (network: string) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'broadcasts', network] as const,
      queryFn: ({ pageParam, signal }) =>
        apiGet<ListingEnvelope<Broadcast>>(network, 'BroadcastMessage/recent', { count: 20, anchor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.lastPage ? undefined : last.anchor),
    }),
  featured: (network: string, type: FeaturedType) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'featured', network, type] as const,
      queryFn: ({ signal }) =>
        apiGet<ListingEnvelope<FeaturedEntry>>(network, `${type}/featured`, { count: 100, fields: FEATURED_FIELDS[type] }, signal),
    }),
};

export type FeaturedType = 'BlogPost' | 'Photo' | 'Topic' | 'Video' | 'Comment' | 'User';

/** What the featured page shows of each: a name (title, or a member's full name), where it is, and who wrote it. */
const BY = 'author.fullName,author.iconUrl,author.url';
const FEATURED_FIELDS: Record<FeaturedType, string> = {
  BlogPost: `id,author,featuredDate,title,url,${BY}`,
  Photo: `id,author,featuredDate,title,url,${BY}`,
  Topic: `id,author,featuredDate,title,url,${BY}`,
  Video: `id,author,featuredDate,title,url,${BY}`,
  User: 'id,author,featuredDate,fullName,url',
  Comment: `id,author,featuredDate,description,attachedTo,attachedToType,${BY}`,
};

/** The fields the featured listings share; members have a fullName, comments a description, instead of a title. */
export type FeaturedEntry = {
  id: string;
  author: string;
  featuredDate: string | null;
  title?: string;
  fullName?: string;
  description?: string;
  url?: string;
  attachedTo?: string;
};

export function changeMemberOptions(network: string) {
  return mutationOptions({
    mutationKey: [...adminQueries.all(), 'changeMember', network],
    mutationFn: ({ id, change }: { id: string; change: MemberChange }, { client }) =>
      apiSend<DoneEnvelope>(client, network, 'User', {
        method: 'PUT',
        query: { id },
        form: Object.fromEntries(Object.entries(change).map(([name, value]) => [name, String(value)])),
      }),
    meta: { invalidates: 'all' },
  });
}

/** Turns a pending member away, or removes a member (their content stays). */
export function removeMemberOptions(network: string) {
  return mutationOptions({
    mutationKey: [...adminQueries.all(), 'removeMember', network],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, 'User', { method: 'DELETE', query: { id } }),
    meta: { invalidates: 'all' },
  });
}

export function updateSettingsOptions(network: string) {
  return mutationOptions({
    mutationKey: [...adminQueries.all(), 'settings', network],
    mutationFn: (change: SettingsChange, { client }) =>
      apiSend<DoneEnvelope>(client, network, 'Network', {
        method: 'PUT',
        form: Object.fromEntries(Object.entries(change).map(([name, value]) => [name, value === null ? '' : String(value)])),
      }),
    meta: { invalidates: [networkQueries.detail(network).queryKey] },
  });
}

export function sendBroadcastOptions(network: string) {
  return mutationOptions({
    mutationKey: [...adminQueries.all(), 'broadcast', network],
    mutationFn: (message: { subject: string; body: string; messageId: string }, { client }) =>
      apiSend<CreatedEnvelope>(client, network, 'BroadcastMessage', { method: 'POST', form: message }),
    // Members read the latest broadcast on the front page.
    meta: { invalidates: 'all' },
  });
}

export function createKeyOptions(network: string) {
  return mutationOptions({
    mutationKey: [...adminQueries.all(), 'createKey', network],
    mutationFn: async (name: string, { client }) =>
      (await apiSend<Reply<'/ConsumerKey', 'post'>>(client, network, 'ConsumerKey', { method: 'POST', form: { name } })).entry,
    meta: { invalidates: [adminQueries.consumerKeys(network).queryKey] },
  });
}

export function revokeKeyOptions(network: string) {
  return mutationOptions({
    mutationKey: [...adminQueries.all(), 'revokeKey', network],
    mutationFn: (id: string, { client }) => apiSend<DoneEnvelope>(client, network, 'ConsumerKey', { method: 'DELETE', query: { id } }),
    meta: { invalidates: [adminQueries.consumerKeys(network).queryKey] },
  });
}
