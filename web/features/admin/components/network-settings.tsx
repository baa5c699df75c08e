// The Network Creator's settings: the network's name, description and icon, whether it is
// public or private, and which kinds of content (and new members) wait for an administrator's
// approval. Saved together; the header and every page pick the changes up at once.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import type { Network } from '../../../lib/api-types';
import { networkQueries } from '../../network/api/network-queries';
import { updateSettingsOptions, type SettingsChange } from '../api/admin-queries';

const MODERATION = [
  { key: 'userModeration', label: 'New members', hint: 'People who join wait until an administrator approves them.' },
  { key: 'blogPostModeration', label: 'Blog posts', hint: 'Members’ posts appear once approved.' },
  { key: 'commentModeration', label: 'Comments' },
  { key: 'photoModeration', label: 'Photos' },
  { key: 'videoModeration', label: 'Videos' },
] as const;

type ModerationKey = (typeof MODERATION)[number]['key'];
type Form = { name: string; description: string; iconUrl: string; isPrivate: boolean } & Record<ModerationKey, boolean>;

const WORDS = {
  '4': 'Check the fields: the name must not be empty (at most 100 characters), the description at most 1,000 characters, and the icon an http or https address.',
  '2': 'Only the Network Creator may change these settings.',
};

function formOf(network: Network): Form {
  return {
    name: network.name,
    description: network.description ?? '',
    iconUrl: network.iconUrl ?? '',
    isPrivate: network.isPrivate,
    ...(Object.fromEntries(MODERATION.map(({ key }) => [key, network[key]])) as Record<ModerationKey, boolean>),
  };
}

export function NetworkSettings({ network }: { network: string }) {
  const details = useQuery(networkQueries.detail(network));
  if (details.isPending) return <Skeleton label="Loading the settings…" lines={6} />;
  if (details.isError) return <ErrorMessage error={details.error} title="The settings could not be loaded." retry={() => void details.refetch()} />;
  return <SettingsForm network={network} current={details.data} />;
}

function SettingsForm({ network, current }: { network: string; current: Network }) {
  const [form, setForm] = useState<Form>(() => formOf(current));
  const [saved, setSaved] = useState(false);
  const save = useMutation(updateSettingsOptions(network));
  const ids = { name: useId(), description: useId(), icon: useId(), iconHint: useId() };
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setSaved(false);
    setForm((was) => ({ ...was, [key]: value }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const before = formOf(current);
    // Only what changed is sent, so two administrators' edits of different fields both stay.
    const change = Object.fromEntries(
      (Object.keys(form) as (keyof Form)[]).filter((key) => form[key] !== before[key]).map((key) => [key, form[key]]),
    ) as SettingsChange;
    if (Object.keys(change).length === 0) {
      setSaved(true);
      return;
    }
    save.mutate(change, { onSuccess: () => setSaved(true) });
  }

  return (
    <form className="stacked-form settings-form admin-settings" onSubmit={submit} aria-label="Network settings">
      <label htmlFor={ids.name}>Name</label>
      <input id={ids.name} value={form.name} required maxLength={100} onChange={(event) => set('name', event.target.value)} />
      <label htmlFor={ids.description}>Description</label>
      <textarea id={ids.description} value={form.description} maxLength={1000} rows={3} onChange={(event) => set('description', event.target.value)} />
      <label htmlFor={ids.icon}>Icon address</label>
      <input
        id={ids.icon}
        type="url"
        value={form.iconUrl}
        placeholder="https://…"
        aria-describedby={ids.iconHint}
        onChange={(event) => set('iconUrl', event.target.value)}
      />
      <p id={ids.iconHint} className="field-hint">
        The address of a square picture shown next to the name. Leave it empty for none.
        {form.iconUrl ? <img className="settings-icon-preview" src={form.iconUrl} alt="" width={28} height={28} /> : null}
      </p>

      <fieldset>
        <legend>Who can read the network</legend>
        <label className="choice">
          <input type="radio" name="privacy" checked={!form.isPrivate} onChange={() => set('isPrivate', false)} />
          Public: anyone can read it; members post.
        </label>
        <label className="choice">
          <input type="radio" name="privacy" checked={form.isPrivate} onChange={() => set('isPrivate', true)} />
          Private: only members can read it.
        </label>
      </fieldset>

      <fieldset>
        <legend>Approval before it appears</legend>
        {MODERATION.map((item) => (
          <label key={item.key} className="choice">
            <input type="checkbox" checked={form[item.key]} onChange={(event) => set(item.key, event.target.checked)} />
            <span>
              {item.label}
              {'hint' in item ? <span className="field-hint choice-hint">{item.hint}</span> : null}
            </span>
          </label>
        ))}
        <p className="field-hint">Administrators’ own posts never wait. Turning a switch off leaves what is waiting in the queue.</p>
      </fieldset>

      {save.isError ? <ErrorMessage error={save.error} title="The settings were not saved." words={WORDS} /> : null}
      <div aria-live="polite">{saved && !save.isPending ? <p className="notice">The settings are saved.</p> : null}</div>
      <button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
