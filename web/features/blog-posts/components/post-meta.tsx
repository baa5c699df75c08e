// The line under a post's title, in listings and on its page: author, when it was published,
// how many comments, and whether it is featured (or, in the featured list, since when).
import { MemberByline } from '../../../components/member-byline';
import { RelativeTime } from '../../../components/relative-time';
import type { BlogPost, Resources } from '../../../lib/api-types';
import { CommentCount } from './comment-count';

type Props = {
  post: Pick<BlogPost, 'author' | 'publishTime' | 'commentCount' | 'featuredDate'>;
  resources: Resources;
  /** Say when it was featured in place of the badge, where every post shown is featured. */
  featuredWhen?: boolean;
  /** Leave out who wrote it, where the page is already about them (their profile). */
  withoutByline?: boolean;
};

export function PostMeta({ post, resources, featuredWhen, withoutByline }: Props) {
  return (
    <p className="meta">
      {withoutByline ? null : <MemberByline author={post.author} resources={resources} />}
      <RelativeTime iso={post.publishTime} />
      <CommentCount count={post.commentCount} />
      {!post.featuredDate ? null : featuredWhen ? (
        <span className="featured-when">
          Featured <RelativeTime iso={post.featuredDate} />
        </span>
      ) : (
        <span className="badge">Featured</span>
      )}
    </p>
  );
}
