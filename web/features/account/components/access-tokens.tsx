// Personal access tokens: for a member's own scripts, acting as them in this network. A new
// token is shown once, to copy; the list shows what each is for and when it was last used;
// revoking one (after asking) stops it at once.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { accountQueries, createTokenOptions, revokeTokenOptions, type AccessToken, type NewAccessToken } from '../api/account-queries';

const MAX_NAME = 100;
const TOKEN_WORDS = { '4': 'Give the token a name of up to 100 characters.', '6': 'You have as many tokens as you may: revoke one first.' };

export function AccessTokens({ network }: { network: string }) {
  const tokens = useQuery(accountQueries.tokens(network));
  const [fresh, setFresh] = useState<NewAccessToken | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const revoke = useMutation(revokeTokenOptions(network));

  return (
    <>
      <CreateToken network={network} onCreated={setFresh} />
      {fresh ? <NewToken token={fresh} onDone={() => setFresh(null)} /> : null}
      <h2>Your tokens</h2>
      {tokens.isPending ? (
        <Skeleton label="Loading your tokens…" rows={2} lines={1} />
      ) : tokens.isError ? (
        <ErrorMessage error={tokens.error} title="Your tokens could not be loaded." retry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <EmptyState title="No tokens yet.">Create one above for a script that should act as you.</EmptyState>
      ) : (
        <ul className="token-list">
          {tokens.data.map((token) => (
            <li key={token.id}>
              <div>
                <strong>{token.name}</strong>
                <p className="meta">
                  <span>
                    Created <RelativeTime iso={token.createdDate} />
                  </span>
                  <span>{token.lastUsedDate ? <>Last used <RelativeTime iso={token.lastUsedDate} /></> : 'Never used'}</span>
                </p>
              </div>
              <button type="button" className="danger-outline" aria-label={`Revoke “${token.name}”`} onClick={() => setRevoking(token)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {revoke.isError ? <ErrorMessage error={revoke.error} title="The token was not revoked." /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        confirmLabel="Revoke token"
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
      >
        <p>Scripts using “{revoking?.name}” will stop working at once. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

function CreateToken({ network, onCreated }: { network: string; onCreated: (token: NewAccessToken) => void }) {
  const [name, setName] = useState('');
  const create = useMutation(createTokenOptions(network));
  const nameId = useId();
  const hintId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: (token) => {
        setName('');
        onCreated(token);
      },
    });
  }

  return (
    <form className="stacked-form" onSubmit={submit} aria-label="Create a token">
      <label htmlFor={nameId}>Token name</label>
      <input id={nameId} value={name} maxLength={MAX_NAME} required aria-describedby={hintId} onChange={(event) => setName(event.target.value)} />
      <p id={hintId} className="field-hint">
        What the token is for, such as “backup script”. Up to {MAX_NAME} characters.
      </p>
      {create.isError ? <ErrorMessage error={create.error} title="No token was created." words={TOKEN_WORDS} /> : null}
      <button type="submit" disabled={create.isPending}>
        Create token
      </button>
    </form>
  );
}

function NewToken({ token, onDone }: { token: NewAccessToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const fieldId = useId();
  return (
    <div className="new-token" role="status">
      <p>
        <strong>Your new token “{token.name}”.</strong> Copy it now: it will not be shown again.
      </p>
      <label htmlFor={fieldId} className="visually-hidden">
        New token
      </label>
      <input id={fieldId} className="token-value" readOnly value={token.token} onFocus={(event) => event.target.select()} />
      <div className="composer-actions">
        <button
          type="button"
          onClick={() => void navigator.clipboard?.writeText(token.token).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy token'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Done
        </button>
      </div>
      <p className="field-hint">
        Scripts send it as <code>Authorization: Bearer …</code>; it acts as you, in this network only.
      </p>
    </div>
  );
}
