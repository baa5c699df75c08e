// The network's front page: the administrators' latest message, featured posts, the recent
// posts, and beside them featured photos and members, recent activity and popular tags.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { BlogPostList } from '../../features/blog-posts/components/blog-post-list';
import { FeaturedMembers } from '../../features/front-page/components/featured-members';
import { FeaturedPhotos } from '../../features/front-page/components/featured-photos';
import { FeaturedPosts } from '../../features/front-page/components/featured-posts';
import { LatestBroadcast } from '../../features/front-page/components/latest-broadcast';
import { PopularTags } from '../../features/front-page/components/popular-tags';
import { RecentActivity } from '../../features/front-page/components/recent-activity';
import { networkQueries } from '../../features/network/api/network-queries';
import { PageTitle } from '../../features/network/components/page-title';
import { useViewer } from '../../features/session/api/viewer';
import { paths } from '../../lib/paths';
import { useNetwork } from '../use-network';
import { FeedLink } from '../../features/feeds/feed-link';

import { LiveAnnouncement, useLivePosts } from '../../features/live/use-live-updates';

const firstPage = new URLSearchParams();

export default function HomePage() {
  const network = useNetwork();
  const viewer = useViewer(network);
  const name = useQuery(networkQueries.detail(network)).data?.name ?? network;
  const newPost = useLivePosts(network);
  return (
    <div className="front-page">
      <PageTitle title="" />
      <FeedLink network={network} title={`${name}: recent posts`} />
      <h1 className="visually-hidden">{name}</h1>
      <div className="front-main">
        <LatestBroadcast network={network} enabled={viewer.canWrite} />
        <FeaturedPosts network={network} />
        <section aria-labelledby="recent-posts">
          <div className="section-heading">
            <h2 id="recent-posts">Recent blog posts</h2>
            <Link to={paths.blog(network)}>All posts</Link>
          </div>
          <BlogPostList network={network} search={firstPage} paged={false} />
          <LiveAnnouncement text={newPost} />
        </section>
      </div>
      <div className="front-side">
        <FeaturedPhotos network={network} />
        <FeaturedMembers network={network} />
        <RecentActivity network={network} />
        <PopularTags network={network} />
      </div>
    </div>
  );
}
