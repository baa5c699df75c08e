// A post in a listing: its title (leading to the post, prefetched on intent), author, date,
// comment count, tags, and whether it is featured — or still awaiting approval (which only its
// author and administrators are shown).
import { AwaitingApproval } from '../../moderation/components/moderation-controls';
import { PrefetchLink } from '../../../lib/prefetch';
import type { Resources } from '../../../lib/api-types';
import { paths } from '../../../lib/paths';
import type { BlogPostSummary } from '../api/blog-post-queries';
import { PostMeta } from './post-meta';
import { TagList } from './tag-list';

type Props = {
  network: string;
  post: BlogPostSummary;
  resources: Resources;
  /** h3 where the listing sits under its own h2 (a profile's Posts section). */
  headingLevel?: 2 | 3;
  /** Say when it was featured rather than only that it is (the featured list). */
  featuredWhen?: boolean;
  /** Leave out who wrote it (the author's own profile). */
  withoutByline?: boolean;
};

export function BlogPostSummaryCard({ network, post, resources, headingLevel = 2, featuredWhen, withoutByline }: Props) {
  const headingId = `post-${post.id}`;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <article className="post-summary" aria-labelledby={headingId}>
      <Heading id={headingId}>
        <PrefetchLink to={paths.blogPost(network, post.id)}>{post.title}</PrefetchLink>
      </Heading>
      <PostMeta post={post} resources={resources} featuredWhen={featuredWhen} withoutByline={withoutByline} />
      {post.approved === false ? <AwaitingApproval /> : null}
      <TagList network={network} tags={post.topTags ?? []} />
    </article>
  );
}
