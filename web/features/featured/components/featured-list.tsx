// One kind of featured item (posts, photos, members, topics or videos), most recently featured
// first as the service orders them, each saying when it was featured; paged with anchors.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { AnchorPager } from '../../../components/anchor-pager';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { ContentRow } from '../../../components/content-row';
import { MemberByline } from '../../../components/member-byline';
import { PhotoTiles } from '../../../components/photo-tiles';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import type { Resources } from '../../../lib/api-types';
import { appPath } from '../../../lib/paths';
import { BlogPostSummaryCard } from '../../blog-posts/components/blog-post-summary';
import '../featured.css';
import type { FeaturedKind, FeaturedListings } from '../api/featured-queries';
import { featuredQueryFor, featuredTabOf } from '../featured-tabs';

function FeaturedWhen({ iso }: { iso: string | null }) {
  return iso ? (
    <span className="featured-when">
      Featured <RelativeTime iso={iso} />
    </span>
  ) : null;
}

export function FeaturedList({ network, search }: { network: string; search: URLSearchParams }) {
  const tab = featuredTabOf(search);
  const listing = useQuery({ ...featuredQueryFor(network, search), placeholderData: keepPreviousData });

  if (listing.isPending) return <Skeleton label={`Loading featured ${tab.label.toLowerCase()}…`} rows={4} lines={2} />;
  if (listing.isError) {
    return <ErrorMessage error={listing.error} title={`Featured ${tab.label.toLowerCase()} could not be loaded.`} retry={() => void listing.refetch()} />;
  }
  if (listing.data.entry.length === 0) {
    return (
      <EmptyState title={tab.empty}>
        Administrators feature what they would like everyone to see; it will be listed here, most recently featured first.
      </EmptyState>
    );
  }
  return (
    <div aria-busy={listing.isPlaceholderData}>
      <FeaturedItems network={network} kind={tab.kind} data={listing.data} />
      <AnchorPager search={search} listing={listing.data} newer="← Featured later" older="Featured earlier →" />
    </div>
  );
}

function FeaturedItems({ network, kind, data }: { network: string; kind: FeaturedKind; data: FeaturedListings[FeaturedKind] }) {
  const resources = data.resources as Resources;
  switch (kind) {
    case 'posts':
      return (
        <ol className="post-list">
          {(data as FeaturedListings['posts']).entry.map((post) => (
            <li key={post.id}>
              <BlogPostSummaryCard network={network} post={post} resources={resources} featuredWhen />
            </li>
          ))}
        </ol>
      );
    case 'photos':
      return (
        <PhotoTiles
          photos={(data as FeaturedListings['photos']).entry}
          images={data.resources}
          meta={(photo) => (
            <>
              <MemberByline author={photo.author} resources={resources} />
              <FeaturedWhen iso={photo.featuredDate} />
            </>
          )}
        />
      );
    case 'members':
      return (
        <ol className="featured-members">
          {(data as FeaturedListings['members']).entry.map((member) => (
            <li key={member.id}>
              <img className="avatar" src={member.iconUrl} alt="" width={56} height={56} />
              <div>
                <Link className="featured-member-name" to={appPath(member.url)}>
                  {member.fullName}
                </Link>
                {member.statusMessage ? <p className="featured-member-status">“{member.statusMessage}”</p> : null}
                <p className="meta">
                  {member.location ? <span>{member.location}</span> : null}
                  <FeaturedWhen iso={member.featuredDate} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      );
    case 'topics':
    case 'videos':
      return (
        <ol className="content-rows">
          {(data as FeaturedListings['topics' | 'videos']).entry.map((item) => (
            <ContentRow
              key={item.id}
              title={item.title || (kind === 'topics' ? 'Untitled topic' : 'A video')}
              url={item.url}
              author={item.author}
              resources={resources}
              count={{ value: item.commentCount, ...(kind === 'topics' ? { one: 'reply', many: 'replies' } : { one: 'comment', many: 'comments' }) }}
              extra={<FeaturedWhen iso={item.featuredDate} />}
            />
          ))}
        </ol>
      );
  }
}
