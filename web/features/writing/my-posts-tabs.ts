// The tabs of "My posts": which posts each lists and what it says when there are none.
import type { PublishStatus } from '../../lib/api-types';
import type { MyPostsTab } from '../../lib/paths';

export const TABS: { tab: MyPostsTab; label: string; status: PublishStatus; empty: string }[] = [
  { tab: 'drafts', label: 'Drafts', status: 'draft', empty: 'No drafts. Posts you save as drafts wait here until you publish them.' },
  { tab: 'scheduled', label: 'Scheduled', status: 'queued', empty: 'Nothing scheduled. Posts you schedule wait here until their time comes.' },
  { tab: 'published', label: 'Published', status: 'publish', empty: 'You have not published a post yet.' },
];

/** The tab a URL's `?tab=` names; Drafts when it names none. */
export function tabOf(search: URLSearchParams) {
  return TABS.find(({ tab }) => tab === search.get('tab')) ?? TABS[0]!;
}
