export function CommentCount({ count }: { count: number }) {
  return (
    <span className="comment-count">
      {count === 0 ? 'No comments' : count === 1 ? '1 comment' : `${count} comments`}
    </span>
  );
}
