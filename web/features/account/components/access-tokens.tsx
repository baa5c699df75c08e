// Personal access tokens: for a member's own scripts, acting as them in this network. A new
// token is shown once, to copy; the list shows what each is for and when it was last used;
// revoking one (after asking) stops it at once.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NameForm, RevokeDialog, ShownOnce } from '../../../components/credentials';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { accountQueries, createTokenOptions, revokeTokenOptions, type AccessToken, type NewAccessToken } from '../api/account-queries';

const TOKEN_WORDS = { '4': 'Give the token a name of up to 100 characters.', '6': 'You have as many tokens as you may: revoke one first.' };

export function AccessTokens({ network }: { network: string }) {
  const tokens = useQuery(accountQueries.tokens(network));
  const [fresh, setFresh] = useState<NewAccessToken | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);

  return (
    <>
      <NameForm
        title="Create a token"
        label="Token name"
        hint="What the token is for, such as “backup script”."
        submitLabel="Create token"
        failure="No token was created."
        words={TOKEN_WORDS}
        create={createTokenOptions(network)}
        onCreated={setFresh}
      />
      {fresh ? (
        <ShownOnce
          intro={
            <>
              <strong>Your new token “{fresh.name}”.</strong> Copy it now: it will not be shown again.
            </>
          }
          fields={[{ label: 'New token', value: fresh.token, labelHidden: true }]}
          copyLabel="Copy token"
          hint={
            <>
              Scripts send it as <code>Authorization: Bearer …</code>; it acts as you, in this network only.
            </>
          }
          onDone={() => setFresh(null)}
        />
      ) : null}
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
      <RevokeDialog
        item={revoking}
        noun="token"
        consequence={(name) => <>Scripts using “{name}” will stop working at once.</>}
        revoke={revokeTokenOptions(network)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
