// What an activity page's URL names: whose events (`?member=`) and which window of them.
import { windowCount } from '../../components/anchor-pager';
import { ACTIVITY_PER_PAGE, activityQueries } from './api/activity-queries';

export function activityQueryFor(network: string, search: URLSearchParams) {
  const { anchor, count } = windowCount(search, ACTIVITY_PER_PAGE);
  return activityQueries.list(network, search.get('member') || undefined, anchor, count);
}
