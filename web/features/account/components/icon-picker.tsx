// A member's icon: the current one (or their initials while they have none), "Change picture"
// to choose a JPEG, PNG, WebP or GIF of at most 5 MB, a preview of the chosen picture, and
// "Use this picture" to upload it with a progress bar. The service crops it to a square.
import { useEffect, useId, useState } from 'react';
import { errorText } from '../../../components/error-message';
import type { Member } from '../../../lib/api-types';
import { ICON_TYPES, MAX_ICON_BYTES, iconRefusal, useIconUpload } from '../api/icon-upload';

const MB = MAX_ICON_BYTES / (1024 * 1024);
const LIMITS = `JPEG, PNG, WebP or GIF, up to ${MB} MB. It is cropped to a square.`;
const TYPE_WORDS = 'This file is not a picture we can use. Choose a JPEG, PNG, WebP or GIF.';
const SIZE_WORDS = `This picture is larger than ${MB} MB. Choose a smaller one.`;
const UPLOAD_WORDS = { '5-2': SIZE_WORDS, '5-3': TYPE_WORDS, '4': TYPE_WORDS };

/** The service's stand-in icon for members who have not chosen one. */
const isDefaultIcon = (iconUrl: string | undefined) => !iconUrl || /default-user-icon\.svg(\?|$)/.test(iconUrl);

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join('') || '?';

/** The chosen file as a data: URL (the page's Content-Security-Policy allows data: images, not blob:). */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}

export function IconPicker({ network, member }: { network: string; member: Member }) {
  const { status, upload, reset } = useIconUpload(network);
  const [chosen, setChosen] = useState<File | null>(null);
  const [refused, setRefused] = useState<'type' | 'size' | null>(null);
  const inputId = useId();
  const hintId = useId();
  const headingId = useId();
  const preview = usePreview(chosen);

  const uploading = status.state === 'uploading';
  const percent = uploading ? Math.round(status.sent * 100) : 0;
  const current = status.state === 'done' ? status.iconUrl : member.iconUrl;

  function choose(file: File | undefined) {
    reset();
    setRefused(null);
    setChosen(null);
    if (!file) return;
    const refusal = iconRefusal(file);
    if (refusal) setRefused(refusal);
    else setChosen(file);
  }

  async function send() {
    if (!chosen) return;
    await upload(chosen);
  }

  useEffect(() => {
    if (status.state === 'done') setChosen(null);
  }, [status.state]);

  return (
    <section className="icon-picker" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Your picture
      </h2>
      <div className="profile-icon">
        {preview ? (
          <img className="avatar" src={preview} alt="Preview of the chosen picture" width={72} height={72} />
        ) : isDefaultIcon(current) && status.state !== 'done' ? (
          <span className="avatar avatar-initials" role="img" aria-label="Your initials, until you choose a picture">
            {initialsOf(member.fullName)}
          </span>
        ) : (
          <img className="avatar" src={current} alt="Your current picture" width={72} height={72} />
        )}
        <div className="icon-picker-controls">
          <input
            id={inputId}
            type="file"
            className="visually-hidden"
            accept={ICON_TYPES.join(',')}
            aria-describedby={hintId}
            disabled={uploading}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <label htmlFor={inputId} className="button-link secondary-link icon-picker-choose">
            Change picture
          </label>
          <p id={hintId} className="field-hint">
            {LIMITS} Others see it next to your name.
          </p>
        </div>
      </div>
      {chosen && !uploading ? (
        <div className="composer-actions">
          <button type="button" onClick={() => void send()}>
            Use this picture
          </button>
          <button type="button" className="secondary" onClick={() => choose(undefined)}>
            Cancel
          </button>
        </div>
      ) : null}
      {uploading ? (
        <p className="icon-picker-progress">
          <progress max={100} value={percent} aria-label="Uploading your picture" /> <span>{percent}%</span>
        </p>
      ) : null}
      <p role="status" className="composer-status">
        {status.state === 'done' ? 'Your new picture is saved.' : ''}
      </p>
      {refused ? (
        <p role="alert" className="alert">
          <strong>Not used. </strong>
          {refused === 'type' ? TYPE_WORDS : SIZE_WORDS}
        </p>
      ) : null}
      {status.state === 'failed' ? (
        <p role="alert" className="alert">
          <strong>Your picture was not saved. </strong>
          {errorText(status.problem, UPLOAD_WORDS)}
        </p>
      ) : null}
    </section>
  );
}
