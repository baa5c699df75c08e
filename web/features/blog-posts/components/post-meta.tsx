// The line under a post's title, in listings and on its page: author, when it was published,
// how many comments, and whether it is featured.
import { MemberByline } from '../../../components/member-byline';
import { RelativeTime } from '../../../components/relative-time';
import type { BlogPost, Resources } from '../../../lib/api-types';
import { CommentCount } from './comment-count';

type Props = { post: Pick<BlogPost, 'author' | 'publishTime' | 'commentCount' | 'featuredDate'>; resources: Resources };

export function PostMeta({ post, resources }: Props) {
  return (
    <p className="meta">
      <MemberByline author={post.author} resources={resources} />
      <RelativeTime iso={post.publishTime} />
      <CommentCount count={post.commentCount} />
      {post.featuredDate ? <span className="badge">Featured</span> : null}
    </p>
  );
}
