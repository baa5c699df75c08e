// A forum topic: its title, who started it and when, its category and tags, its text, and the
// replies (comments on it), oldest first, with the reply form for members while it is open.
// Its author (or an administrator) may edit or delete it, after confirming.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { DeleteItemButton } from '../../../components/delete-item-button';
import { ErrorMessage, errorText, leadsNowhere } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { NotFound } from '../../../components/not-found';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { CommentForm } from '../../comments/components/comment-form';
import { CommentList } from '../../comments/components/comment-list';
import { ModerationControls } from '../../moderation/components/moderation-controls';
import { PageTitle } from '../../network/components/page-title';
import { useViewer } from '../../session/api/viewer';
import { closeTopicOptions, deleteTopicOptions } from '../api/forum-mutations';
import { forumQueries, type Topic } from '../api/forum-queries';
import '../forum.css';
import '../../../components/lists.css';

export function TopicView({ network, id }: { network: string; id: string }) {
  const topic = useQuery(forumQueries.topic(network, id));
  const viewer = useViewer(network);
  const me = viewer.member?.author;

  if (topic.isPending) return <Skeleton label="Loading topic…" lines={6} heading />;
  if (topic.isError) {
    if (leadsNowhere(topic.error)) return <NotFound kind="topic" />;
    return <ErrorMessage error={topic.error} title="The topic could not be loaded." retry={() => void topic.refetch()} />;
  }
  const { entry, resources } = topic.data;
  const mine = viewer.canWrite && entry.author === me;
  const mayChange = mine || viewer.isAdmin;
  const category = entry.categoryId ? (resources as Record<string, { title?: string }>)[entry.categoryId] : undefined;

  return (
    <>
      <article className="topic" aria-labelledby="topic-title">
        <PageTitle title={entry.title} />
        <p className="breadcrumbs">
          <Link to={paths.forum(network)}>Forum</Link>
          {entry.categoryId ? (
            <>
              {' › '}
              <Link to={paths.forumItem(network, 'categories', entry.categoryId)}>{category?.title ?? 'Category'}</Link>
            </>
          ) : null}
        </p>
        <h1 id="topic-title">{entry.title}</h1>
        <p className="meta">
          <MemberByline author={entry.author} resources={resources} />
          <RelativeTime iso={entry.createdDate} />
          {entry.isClosed ? <span className="badge badge-muted">Closed</span> : null}
        </p>
        {entry.topTags.length > 0 ? (
          <ul className="tags" aria-label="Tags">
            {entry.topTags.map((tag) => (
              <li key={tag}>
                <Link className="tag" to={paths.tag(network, tag)}>
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {mayChange || (entry.approved === false && entry.author === me) ? (
          <div className="post-actions">
            <ModerationControls network={network} item={entry} viewer={viewer} noun="topic" withoutDelete />
            {mayChange ? (
              <>
                <Link className="button-link secondary-link" to={paths.editTopic(network, entry.id)}>
                  Edit topic
                </Link>
                <CloseTopicButton network={network} topic={entry} />
                <DeleteItemButton
                  id={entry.id}
                  noun="topic"
                  name={entry.title}
                  along="its replies"
                  remove={deleteTopicOptions(network)}
                  then={{ to: paths.forum(network), notice: 'topic-deleted' }}
                />
              </>
            ) : null}
          </div>
        ) : null}
        {/* Topic text is HTML the server sanitised against its allowlist. */}
        <div className="post-body rich-text" dangerouslySetInnerHTML={{ __html: entry.description }} />
      </article>
      <section className="comments" aria-labelledby="replies-heading">
        <h2 id="replies-heading">Replies</h2>
        <CommentList
          network={network}
          attachedTo={entry.id}
          canDelete={(reply) => viewer.isAdmin || (viewer.canWrite && (reply.author === me || entry.author === me))}
          controls={(reply, nameId) => (
            <ModerationControls network={network} item={reply} viewer={viewer} noun="reply" describedBy={nameId} withoutDelete />
          )}
          empty="No replies yet."
        />
        <ReplyAccess network={network} topic={entry} />
      </section>
    </>
  );
}

function ReplyAccess({ network, topic }: { network: string; topic: Topic }) {
  const viewer = useViewer(network);
  const location = useLocation();
  if (!viewer.known) return null;
  if (topic.isClosed) return <p className="notice">This topic is closed, so it takes no more replies.</p>;
  if (viewer.canWrite) return <CommentForm network={network} attachedTo={topic.id} label="Your reply" submitLabel="Reply" />;
  if (viewer.isPending) return <p className="notice">You can reply once an administrator approves your membership.</p>;
  if (viewer.isBlocked) return <p className="notice">Your membership is blocked, so you cannot reply.</p>;
  if (viewer.isOutsider) {
    return (
      <p className="notice">
        <Link to={paths.signUp(network, location.pathname)}>Join this network</Link> to reply.
      </p>
    );
  }
  return (
    <p>
      <Link to={paths.signIn(network, location.pathname)}>Sign in</Link> to reply.
    </p>
  );
}

function CloseTopicButton({ network, topic }: { network: string; topic: Topic }) {
  const close = useMutation(closeTopicOptions(network, topic.id));
  return (
    <>
      <button type="button" className="secondary" disabled={close.isPending} onClick={() => close.mutate(!topic.isClosed)}>
        {topic.isClosed ? 'Reopen topic' : 'Close topic'}
      </button>
      {close.isError ? (
        <p role="alert" className="alert">
          {topic.isClosed ? 'The topic was not reopened.' : 'The topic was not closed.'} {errorText(close.error)}
        </p>
      ) : null}
    </>
  );
}
