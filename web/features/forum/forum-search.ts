// The window of topics a forum page's URL names, for the page and its route loader.
import { windowCount } from '../../components/anchor-pager';
import { forumQueries, TOPICS_PER_PAGE } from './api/forum-queries';

export function topicsQueryFor(network: string, categoryId: string | undefined, search: URLSearchParams) {
  const { anchor, count } = windowCount(search, TOPICS_PER_PAGE);
  return forumQueries.topics(network, categoryId, anchor, count);
}
