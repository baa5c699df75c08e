// Broadcasts: a message from the administrators to every member (they read the latest on the
// front page), and what was sent before. The message is written as plain text: blank lines
// make paragraphs. Each message carries its own id, so a double click or a retry after a lost
// answer never sends it twice. Sending asks first, since it cannot be taken back.
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { MemberByline } from '../../../components/member-byline';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { adminQueries, sendBroadcastOptions } from '../api/admin-queries';

const MAX_SUBJECT = 200;
const WORDS = {
  '6-1': 'This message was already sent.',
  '4': 'Give the message a subject of up to 200 characters and some text.',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text to the HTML a broadcast carries: paragraphs at blank lines, line breaks kept. */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escape(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const newMessageId = () => globalThis.crypto.randomUUID();

export function Broadcasts({ network }: { network: string }) {
  const sent = useInfiniteQuery(adminQueries.broadcasts(network));
  const entries = sent.data?.pages.flatMap((page) => page.entry) ?? [];
  const resources = Object.assign({}, ...(sent.data?.pages.map((page) => page.resources) ?? []));

  return (
    <>
      <Compose network={network} />
      <h2>Sent</h2>
      {sent.isPending ? (
        <Skeleton label="Loading sent broadcasts…" rows={2} lines={2} />
      ) : sent.isError ? (
        <ErrorMessage error={sent.error} title="The sent broadcasts could not be loaded." retry={() => void sent.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="No broadcasts sent yet." />
      ) : (
        <ul className="admin-list broadcast-list">
          {entries.map((broadcast) => (
            <li key={broadcast.id}>
              <h3>{broadcast.subject}</h3>
              <p className="meta">
                <MemberByline author={broadcast.author} resources={resources} />
                <RelativeTime iso={broadcast.createdDate} />
              </p>
              {/* Broadcast bodies are HTML the server sanitised against its allowlist. */}
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: broadcast.body }} />
            </li>
          ))}
        </ul>
      )}
      {sent.hasNextPage ? (
        <button type="button" className="secondary" disabled={sent.isFetchingNextPage} onClick={() => void sent.fetchNextPage()}>
          Show older broadcasts
        </button>
      ) : null}
    </>
  );
}

function Compose({ network }: { network: string }) {
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [messageId, setMessageId] = useState(newMessageId);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const send = useMutation(sendBroadcastOptions(network));
  const ids = { subject: useId(), text: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!subject.trim() || !text.trim()) return;
    setAsking(true);
  }

  return (
    <form className="stacked-form" onSubmit={submit} aria-label="New broadcast">
      <label htmlFor={ids.subject}>Subject</label>
      <input id={ids.subject} value={subject} required maxLength={MAX_SUBJECT} onChange={(event) => setSubject(event.target.value)} />
      <label htmlFor={ids.text}>Message</label>
      <textarea id={ids.text} value={text} required rows={6} onChange={(event) => setText(event.target.value)} />
      <p className="field-hint">Every member reads it at the top of the front page. Leave a blank line between paragraphs.</p>
      {send.isError ? <ErrorMessage error={send.error} title="The broadcast was not sent." words={WORDS} /> : null}
      <div aria-live="polite">{done ? <p className="notice">“{done}” was sent to every member.</p> : null}</div>
      <button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send broadcast'}
      </button>
      <ConfirmDialog
        open={asking}
        title="Send this broadcast to every member?"
        confirmLabel="Send broadcast"
        busy={send.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          send.mutate(
            { subject: subject.trim(), body: textToHtml(text), messageId },
            {
              onSuccess: () => {
                setDone(subject.trim());
                setSubject('');
                setText('');
                setMessageId(newMessageId());
              },
              onSettled: () => setAsking(false),
            },
          )
        }
      >
        <p>“{subject.trim()}” cannot be taken back once sent.</p>
      </ConfirmDialog>
    </form>
  );
}
