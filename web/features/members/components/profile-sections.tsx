// What a profile shows of the member's life here: their latest posts, photos and friends, each
// with a way to all of them, and an invitation where the viewer is the member and has none yet.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import { appPath, paths } from '../../../lib/paths';
import { blogPostQueries } from '../../blog-posts/api/blog-post-queries';
import { BlogPostSummaryCard } from '../../blog-posts/components/blog-post-summary';
import { photoQueries } from '../../photos/api/photo-queries';
import { GallerySkeleton } from '../../photos/components/photo-gallery';
import { PhotoGrid } from '../../photos/components/photo-grid';
import { memberQueries, PROFILE_PHOTOS, PROFILE_POSTS } from '../api/member-queries';

type Props = { network: string; screenName: string; fullName: string; own: boolean };

function ProfileSection({ title, more, children }: { title: string; more?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>{title}</h2>
        {more}
      </div>
      {children}
    </section>
  );
}

export function ProfilePosts({ network, screenName, fullName, own }: Props) {
  const posts = useQuery(blogPostQueries.list({ network, author: screenName, count: PROFILE_POSTS }));
  const hasMore = posts.data && !posts.data.lastPage;
  return (
    <ProfileSection
      title="Posts"
      more={hasMore ? <Link to={paths.blog(network, { author: screenName })}>All posts by {fullName}</Link> : null}
    >
      {posts.isPending ? (
        <Skeleton label="Loading posts…" rows={2} lines={2} />
      ) : posts.isError ? (
        <ErrorMessage error={posts.error} title="The posts could not be loaded." retry={() => void posts.refetch()} />
      ) : posts.data.entry.length === 0 ? (
        <EmptyState
          title={own ? 'You have not written a post yet.' : `${fullName} has not written a post you can see.`}
          action={
            own ? (
              <Link className="button-link" to={paths.write(network)}>
                Write a post
              </Link>
            ) : null
          }
        />
      ) : (
        <ol className="post-list">
          {posts.data.entry.map((post) => (
            <li key={post.id}>
              <BlogPostSummaryCard network={network} post={post} resources={posts.data.resources} headingLevel={3} withoutByline />
            </li>
          ))}
        </ol>
      )}
    </ProfileSection>
  );
}

export function ProfilePhotos({ network, screenName, fullName, own }: Props) {
  const photos = useQuery(photoQueries.list({ network, author: screenName, count: PROFILE_PHOTOS }));
  const hasMore = photos.data && !photos.data.lastPage;
  return (
    <ProfileSection
      title="Photos"
      more={hasMore ? <Link to={paths.photos(network, { author: screenName })}>All photos by {fullName}</Link> : null}
    >
      {photos.isPending ? (
        <GallerySkeleton tiles={4} />
      ) : photos.isError ? (
        <ErrorMessage error={photos.error} title="The photos could not be loaded." retry={() => void photos.refetch()} />
      ) : photos.data.entry.length === 0 ? (
        <EmptyState
          title={own ? 'You have not shared a photo yet.' : `${fullName} has not shared a photo you can see.`}
          action={
            own ? (
              <Link className="button-link" to={paths.photos(network)}>
                Upload photos
              </Link>
            ) : null
          }
        />
      ) : (
        <PhotoGrid photos={photos.data.entry} resources={photos.data.resources} label={`Photos by ${fullName}`} />
      )}
    </ProfileSection>
  );
}

export function ProfileFriends({ network, screenName, fullName, own }: Props) {
  const friends = useInfiniteQuery(memberQueries.friendsOf(network, screenName));
  return (
    <ProfileSection title="Friends" more={own ? <Link to={paths.friends(network)}>Your friends and requests</Link> : null}>
      {friends.isPending ? (
        <Skeleton label="Loading friends…" rows={2} lines={1} avatar />
      ) : friends.isError ? (
        <ErrorMessage error={friends.error} title="The friends could not be loaded." retry={() => void friends.refetch()} />
      ) : friends.data.pages[0]!.entry.length === 0 ? (
        <EmptyState
          title={own ? 'You have no friends here yet.' : `${fullName} has no friends here yet.`}
          action={own ? <Link to={paths.members(network)}>Find members to befriend</Link> : null}
        />
      ) : (
        <>
          <ul className="member-faces profile-friends" aria-label={`Friends of ${fullName}`}>
            {friends.data.pages.flatMap(({ entry, resources }) =>
              entry.map(({ friend }) => {
                const person = resources[friend];
                return (
                  <li key={friend}>
                    <Link to={person?.url ? appPath(person.url) : paths.member(network, friend)}>
                      <img className="avatar" src={person?.iconUrl} alt="" width={48} height={48} />
                      <span>{person?.fullName ?? friend}</span>
                    </Link>
                  </li>
                );
              }),
            )}
          </ul>
          {friends.hasNextPage ? (
            <button type="button" className="secondary" disabled={friends.isFetchingNextPage} onClick={() => void friends.fetchNextPage()}>
              {friends.isFetchingNextPage ? 'Loading…' : 'Show more friends'}
            </button>
          ) : null}
        </>
      )}
    </ProfileSection>
  );
}
