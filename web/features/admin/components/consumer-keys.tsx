// OAuth consumer keys, for the Network Creator: an application's developer signs its
// requests with one. A new key's secret is shown once, to copy; the list shows each key's
// application and when a request signed with it last arrived; revoking (after asking) stops
// the application and every token it holds at once.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { adminQueries, createKeyOptions, revokeKeyOptions, type ConsumerKey, type NewConsumerKey } from '../api/admin-queries';

const MAX_NAME = 100;
const KEY_WORDS = {
  '4': 'Give the application a name of up to 100 characters.',
  '6-2': 'The network has as many keys as it may: revoke one first.',
  '2': 'Only the Network Creator manages API keys.',
};

export function ConsumerKeys({ network }: { network: string }) {
  const keys = useQuery(adminQueries.consumerKeys(network));
  const [fresh, setFresh] = useState<NewConsumerKey | null>(null);
  const [revoking, setRevoking] = useState<ConsumerKey | null>(null);
  const revoke = useMutation(revokeKeyOptions(network));

  return (
    <>
      <CreateKey network={network} onCreated={setFresh} />
      {fresh ? <NewKey apiKey={fresh} onDone={() => setFresh(null)} /> : null}
      <h2>Keys in use</h2>
      {keys.isPending ? (
        <Skeleton label="Loading the keys…" rows={2} lines={1} />
      ) : keys.isError ? (
        <ErrorMessage error={keys.error} title="The keys could not be loaded." words={KEY_WORDS} retry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <EmptyState title="No API keys yet.">Create one above for each application that should use this network’s API.</EmptyState>
      ) : (
        <ul className="token-list">
          {keys.data.map((key) => (
            <li key={key.id}>
              <div>
                <strong id={`key-${key.id.replaceAll(':', '-')}`}>{key.name}</strong>
                <p className="meta">
                  <code className="consumer-key">{key.consumerKey}</code>
                  <span>
                    Created <RelativeTime iso={key.createdDate} />
                  </span>
                  <span>{key.lastUsedDate ? <>Last used <RelativeTime iso={key.lastUsedDate} /></> : 'Never used'}</span>
                </p>
              </div>
              <button type="button" className="danger-outline" aria-describedby={`key-${key.id.replaceAll(':', '-')}`} onClick={() => setRevoking(key)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {revoke.isError ? <ErrorMessage error={revoke.error} title="The key was not revoked." words={{ '3': 'That key is already revoked.' }} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoke.mutate(revoking!.id, { onSettled: () => setRevoking(null) })}
      >
        <p>“{revoking?.name}” stops working at once, with every member’s sign-in through it. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

function CreateKey({ network, onCreated }: { network: string; onCreated: (key: NewConsumerKey) => void }) {
  const [name, setName] = useState('');
  const create = useMutation(createKeyOptions(network));
  const nameId = useId();
  const hintId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: (key) => {
        setName('');
        onCreated(key);
      },
    });
  }

  return (
    <form className="stacked-form" onSubmit={submit} aria-label="Create an API key">
      <label htmlFor={nameId}>Application name</label>
      <input id={nameId} value={name} maxLength={MAX_NAME} required aria-describedby={hintId} onChange={(event) => setName(event.target.value)} />
      <p id={hintId} className="field-hint">
        The program that will use the key, such as “Mobile app”. Up to {MAX_NAME} characters.
      </p>
      {create.isError ? <ErrorMessage error={create.error} title="No key was created." words={KEY_WORDS} /> : null}
      <button type="submit" disabled={create.isPending}>
        Create key
      </button>
    </form>
  );
}

function NewKey({ apiKey, onDone }: { apiKey: NewConsumerKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const keyId = useId();
  const secretId = useId();
  return (
    <div className="new-token" role="status">
      <p>
        <strong>The new key for “{apiKey.name}”.</strong> Copy the secret now: it will not be shown again.
      </p>
      <label htmlFor={keyId}>Consumer key</label>
      <input id={keyId} className="token-value" readOnly value={apiKey.consumerKey} onFocus={(event) => event.target.select()} />
      <label htmlFor={secretId}>Consumer secret</label>
      <input id={secretId} className="token-value" readOnly value={apiKey.consumerSecret} onFocus={(event) => event.target.select()} />
      <div className="composer-actions">
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard?.writeText(`${apiKey.consumerKey}\n${apiKey.consumerSecret}`).then(() => setCopied(true))
          }
        >
          {copied ? 'Copied' : 'Copy key and secret'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Done
        </button>
      </div>
      <p className="field-hint">The application signs its requests with both (OAuth 1.0a); see the API page for how.</p>
    </div>
  );
}
