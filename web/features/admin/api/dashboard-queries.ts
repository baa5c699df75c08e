// The dashboard's figures for the last 30 days: new members, posts, comments and photos per
// day, and the most active members, counted from the activity feed's creation events (read
// newest first until 30 days back, at most MAX_PAGES pages); the most used tags from
// Tag/popular. Days are the reader's own calendar days.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { EntryEnvelope, ListingEnvelope, Resources } from '../../../lib/api-types';
import type { DayCounts, Ranked } from '../components/dashboard-charts';

export const DAYS = 30;
const PAGE = 100;
const MAX_PAGES = 50;

const SERIES_OF: Record<string, keyof Omit<DayCounts, 'date'>> = {
  JoinNetwork: 'members',
  CreateBlogPost: 'posts',
  CreatePhoto: 'photos',
  CreateBlogPostComment: 'comments',
  CreatePhotoComment: 'comments',
  CreateTopicComment: 'comments',
  CreateVideoComment: 'comments',
};

type Event = { id: string; author: string; type: string; createdDate: string };

export type Dashboard = {
  days: DayCounts[];
  activeMembers: Ranked[];
  /** False when the window held more events than were read; the figures are then a lower bound. */
  complete: boolean;
};

/** `YYYY-MM-DD` of a moment in the reader's time zone. */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The last `DAYS` calendar days, today last. */
export function lastDays(now: Date): string[] {
  return Array.from({ length: DAYS }, (_, i) => dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DAYS - 1 - i))));
}

export function tally(events: Event[], resources: Resources, now: Date): Omit<Dashboard, 'complete'> {
  const days = new Map(lastDays(now).map((date) => [date, { date, members: 0, posts: 0, comments: 0, photos: 0 }]));
  const byAuthor = new Map<string, number>();
  for (const event of events) {
    const day = days.get(dayOf(new Date(event.createdDate)));
    const series = SERIES_OF[event.type];
    if (!day || !series) continue;
    day[series] += 1;
    if (series !== 'members') byAuthor.set(event.author, (byAuthor.get(event.author) ?? 0) + 1);
  }
  const activeMembers = [...byAuthor]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 10)
    .map(([author, count]) => ({ label: resources[author]?.fullName ?? author, count }));
  return { days: [...days.values()], activeMembers };
}

export const dashboardQueries = {
  activity: (network: string) =>
    queryOptions({
      queryKey: ['admin', 'dashboard', network] as const,
      queryFn: async ({ signal }): Promise<Dashboard> => {
        const now = new Date();
        const since = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DAYS - 1)).getTime();
        const events: Event[] = [];
        const resources: Resources = {};
        let anchor: string | undefined;
        for (let page = 0; page < MAX_PAGES; page++) {
          const listing = await apiGet<ListingEnvelope<Event>>(
            network,
            'Activity/recent',
            { type: Object.keys(SERIES_OF), count: PAGE, anchor, fields: 'id,author,type,createdDate,author.fullName' },
            signal,
          );
          events.push(...listing.entry);
          Object.assign(resources, listing.resources);
          const oldest = listing.entry.at(-1);
          if (listing.lastPage || !oldest || Date.parse(oldest.createdDate) < since) {
            return { ...tally(events, resources, now), complete: true };
          }
          anchor = listing.anchor;
        }
        return { ...tally(events, resources, now), complete: false };
      },
    }),
  topTags: (network: string) =>
    queryOptions({
      queryKey: ['admin', 'dashboard', network, 'tags'] as const,
      queryFn: async ({ signal }) =>
        (await apiGet<EntryEnvelope<{ value: string; count: number }[]>>(network, 'Tag/popular', { count: 10 }, signal)).entry.map(
          (tag): Ranked => ({ label: tag.value, count: tag.count }),
        ),
    }),
};
