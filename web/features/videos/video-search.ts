// The window of videos a URL names, for the videos page and its route loader.
import { windowCount } from '../../components/anchor-pager';
import { VIDEOS_PER_PAGE, videoQueries } from './api/video-queries';

export function videosQueryFor(network: string, search: URLSearchParams) {
  const { anchor, count } = windowCount(search, VIDEOS_PER_PAGE);
  return videoQueries.list(network, anchor, count);
}
