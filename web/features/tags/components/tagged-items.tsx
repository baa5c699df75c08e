// Everything carrying one tag that the reader may see: posts, photos, forum topics and videos,
// a section each (newest first, "Show more" fetching the next window). Kinds with nothing
// tagged stay away; when no kind has anything, the page says so and invites a first post.
import { useInfiniteQuery, type UseInfiniteQueryResult, type InfiniteData } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ContentRow } from '../../../components/content-row';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { PhotoTiles } from '../../../components/photo-tiles';
import { Skeleton } from '../../../components/skeleton';
import type { Resources } from '../../../lib/api-types';
import { paths } from '../../../lib/paths';
import { BlogPostSummaryCard } from '../../blog-posts/components/blog-post-summary';
import { useViewer } from '../../session/api/viewer';
import { tagQueries, type TaggedKind, type TaggedListings } from '../api/tag-queries';
import '../tags.css';

type Pages<T> = { data?: InfiniteData<{ entry: T[]; resources: object }, unknown> };
type AnyQuery = UseInfiniteQueryResult<InfiniteData<{ entry: unknown[] }, unknown>>;

const entries = <T,>(query: Pages<T>): T[] => query.data?.pages.flatMap((page) => page.entry) ?? [];
const resources = (query: Pages<unknown>) => Object.assign({}, ...(query.data?.pages.map((page) => page.resources) ?? [])) as Resources;

const TITLES: Record<TaggedKind, string> = { posts: 'Blog posts', photos: 'Photos', topics: 'Forum topics', videos: 'Videos' };

export function TaggedItems({ network, tag }: { network: string; tag: string }) {
  const viewer = useViewer(network);
  const posts = useInfiniteQuery(tagQueries.tagged(network, 'posts', tag));
  const photos = useInfiniteQuery(tagQueries.tagged(network, 'photos', tag));
  const topics = useInfiniteQuery(tagQueries.tagged(network, 'topics', tag));
  const videos = useInfiniteQuery(tagQueries.tagged(network, 'videos', tag));
  const all: AnyQuery[] = [posts, photos, topics, videos];

  if (all.every((query) => query.isSuccess && query.data.pages[0]!.entry.length === 0)) {
    return (
      <EmptyState
        title={`Nothing is tagged “${tag}” yet.`}
        action={
          viewer.canWrite ? (
            <Link className="button-link" to={paths.write(network)}>
              Write a post
            </Link>
          ) : null
        }
      >
        Posts, photos, topics and videos with this tag will be listed here.
      </EmptyState>
    );
  }

  return (
    <>
      <TaggedSection kind="posts" query={posts} more={{ to: paths.blog(network, { tag }), label: `All posts tagged “${tag}”` }}>
        {() => (
          <ol className="post-list">
            {entries(posts).map((post) => (
              <li key={post.id}>
                <BlogPostSummaryCard network={network} post={post} resources={resources(posts)} />
              </li>
            ))}
          </ol>
        )}
      </TaggedSection>
      <TaggedSection kind="photos" query={photos}>
        {() => (
          <PhotoTiles
            photos={entries(photos)}
            images={resources(photos)}
            meta={(photo) => <MemberByline author={photo.author} resources={resources(photos)} />}
          />
        )}
      </TaggedSection>
      {(['topics', 'videos'] as const).map((kind) => {
        const query = kind === 'topics' ? topics : videos;
        const items: TaggedListings['topics' | 'videos']['entry'] = entries(query as Pages<TaggedListings['topics' | 'videos']['entry'][number]>);
        const [one, many] = kind === 'topics' ? ['reply', 'replies'] : ['comment', 'comments'];
        return (
          <TaggedSection key={kind} kind={kind} query={query as AnyQuery}>
            {() => (
              <ol className="content-rows">
                {items.map((item) => (
                  <ContentRow
                    key={item.id}
                    title={item.title || (kind === 'topics' ? 'Untitled topic' : 'Untitled video')}
                    url={item.url}
                    author={item.author}
                    resources={resources(query)}
                    createdDate={item.createdDate}
                    count={{ value: item.commentCount, one: one!, many: many! }}
                  />
                ))}
              </ol>
            )}
          </TaggedSection>
        );
      })}
    </>
  );
}

type SectionProps = {
  kind: TaggedKind;
  query: AnyQuery;
  more?: { to: string; label: string };
  children: () => ReactNode;
};

function TaggedSection({ kind, query, more, children }: SectionProps) {
  const headingId = useId();
  const title = TITLES[kind];
  if (query.isSuccess && query.data.pages[0]!.entry.length === 0) return null;
  return (
    <section className="tagged-section" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>{title}</h2>
        {more && query.isSuccess ? <Link to={more.to}>{more.label}</Link> : null}
      </div>
      {query.isPending ? (
        <Skeleton label={`Loading ${title.toLowerCase()}…`} rows={2} lines={2} />
      ) : query.isError && !query.data ? (
        <ErrorMessage error={query.error} title={`${title} could not be loaded.`} retry={() => void query.refetch()} />
      ) : (
        <>
          {children()}
          {query.isFetchNextPageError ? <ErrorMessage error={query.error} title={`More ${title.toLowerCase()} could not be loaded.`} /> : null}
          {query.hasNextPage ? (
            <button type="button" className="secondary show-more" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? 'Loading…' : `Show more ${title.toLowerCase()}`}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
