// OAuth consumer keys, for the Network Creator: an application's developer signs its
// requests with one. A new key's secret is shown once, to copy; the list shows each key's
// application and when a request signed with it last arrived; revoking (after asking) stops
// the application and every token it holds at once.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NameForm, RevokeDialog, ShownOnce } from '../../../components/credentials';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { RelativeTime } from '../../../components/relative-time';
import { Skeleton } from '../../../components/skeleton';
import { adminQueries, createKeyOptions, revokeKeyOptions, type ConsumerKey, type NewConsumerKey } from '../api/admin-queries';

const KEY_WORDS = {
  '4': 'Give the application a name of up to 100 characters.',
  '6-2': 'The network has as many keys as it may: revoke one first.',
  '2': 'Only the Network Creator manages API keys.',
};

export function ConsumerKeys({ network }: { network: string }) {
  const keys = useQuery(adminQueries.consumerKeys(network));
  const [fresh, setFresh] = useState<NewConsumerKey | null>(null);
  const [revoking, setRevoking] = useState<ConsumerKey | null>(null);

  return (
    <>
      <NameForm
        title="Create an API key"
        label="Application name"
        hint="The program that will use the key, such as “Mobile app”."
        submitLabel="Create key"
        failure="No key was created."
        words={KEY_WORDS}
        create={createKeyOptions(network)}
        onCreated={setFresh}
      />
      {fresh ? (
        <ShownOnce
          intro={
            <>
              <strong>The new key for “{fresh.name}”.</strong> Copy the secret now: it will not be shown again.
            </>
          }
          fields={[
            { label: 'Consumer key', value: fresh.consumerKey },
            { label: 'Consumer secret', value: fresh.consumerSecret },
          ]}
          copyLabel="Copy key and secret"
          hint="The application signs its requests with both (OAuth 1.0a); see the API page for how."
          onDone={() => setFresh(null)}
        />
      ) : null}
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
      <RevokeDialog
        item={revoking}
        noun="key"
        consequence={(name) => <>“{name}” stops working at once, with every member’s sign-in through it.</>}
        words={{ '3': 'That key is already revoked.' }}
        revoke={revokeKeyOptions(network)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
