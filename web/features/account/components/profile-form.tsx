// A member's profile as they tell it: name, status, where they are, birthday and gender.
// Each field says its limit before it is reached; empty fields are cleared.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import type { Member } from '../../../lib/api-types';
import { IconPicker } from './icon-picker';
import { accountQueries, updateProfileOptions, type ProfileChange } from '../api/account-queries';

const LIMITS = { fullName: 100, statusMessage: 140, location: 200, gender: 50 };
const PROFILE_WORDS = { '4': 'Some of it could not be saved: check that your name is not empty and your birthday is in the past.' };

export function ProfileSettings({ network }: { network: string }) {
  const profile = useQuery(accountQueries.profile(network));
  if (profile.isPending) return <Skeleton label="Loading your profile…" lines={6} />;
  if (profile.isError) return <ErrorMessage error={profile.error} title="Your profile could not be loaded." retry={() => void profile.refetch()} />;
  return (
    <>
      <IconPicker network={network} member={profile.data} />
      <ProfileForm network={network} member={profile.data} />
    </>
  );
}

type Fields = Required<{ [K in keyof ProfileChange]: string }>;

const fieldsOf = (member: Member): Fields => ({
  fullName: member.fullName,
  statusMessage: member.statusMessage ?? '',
  location: member.location ?? '',
  birthdate: member.birthdate?.slice(0, 10) ?? '',
  gender: member.gender ?? '',
});

function ProfileForm({ network, member }: { network: string; member: Member }) {
  const [fields, setFields] = useState(() => fieldsOf(member));
  const update = useMutation(updateProfileOptions(network));
  const ids = { fullName: useId(), statusMessage: useId(), location: useId(), birthdate: useId(), gender: useId() };

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => {
    update.reset();
    setFields((was) => ({ ...was, [name]: event.target.value }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(fields);
  }

  const counted = (name: keyof typeof LIMITS, label: string, multiline = false) => (
    <div className="field">
      <label htmlFor={ids[name]}>{label}</label>
      {multiline ? (
        <textarea id={ids[name]} rows={2} maxLength={LIMITS[name]} value={fields[name]} onChange={set(name)} aria-describedby={`${ids[name]}-hint`} />
      ) : (
        <input id={ids[name]} maxLength={LIMITS[name]} value={fields[name]} onChange={set(name)} aria-describedby={`${ids[name]}-hint`} required={name === 'fullName'} />
      )}
      <p id={`${ids[name]}-hint`} className="field-hint">
        {fields[name].length} of {LIMITS[name]} characters
      </p>
    </div>
  );

  return (
    <form className="settings-form" onSubmit={submit} aria-label="Profile">
      {counted('fullName', 'Full name')}
      {counted('statusMessage', 'Status message', true)}
      {counted('location', 'Location')}
      <div className="field">
        <label htmlFor={ids.birthdate}>Birthday</label>
        <input id={ids.birthdate} type="date" value={fields.birthdate} max={new Date().toISOString().slice(0, 10)} onChange={set('birthdate')} />
      </div>
      {counted('gender', 'Gender')}
      {update.isError ? <ErrorMessage error={update.error} title="Your profile was not saved." words={PROFILE_WORDS} /> : null}
      <div className="composer-actions">
        <button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save profile'}
        </button>
        <span role="status" className="composer-status">
          {update.isSuccess ? 'Your profile is saved.' : ''}
        </span>
      </div>
    </form>
  );
}
