// Adding photos: "Upload photos" opens the file picker (several files at once), or files are
// dropped on the area. Each file gets a line with its progress, then a link to the new photo,
// or what went wrong in plain words.
import { useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../../components/error-message';
import { paths } from '../../../lib/paths';
import { MAX_PHOTO_BYTES, PHOTO_TYPES, usePhotoUploads, type PhotoUpload } from '../api/photo-uploads';

const LIMITS = `JPEG, PNG, WebP or GIF, up to ${MAX_PHOTO_BYTES / (1024 * 1024)} MB each.`;

const UPLOAD_WORDS = {
  '5-2': `This file is larger than ${MAX_PHOTO_BYTES / (1024 * 1024)} MB.`,
  '5-3': 'This file is not a picture we can read. Use JPEG, PNG, WebP or GIF.',
  '4': 'This file is not a picture we can read. Use JPEG, PNG, WebP or GIF.',
};

export function PhotoUploader({ network }: { network: string }) {
  const { uploads, add, clearFinished } = usePhotoUploads(network);
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const headingId = useId();
  const finished = uploads.some((upload) => upload.state === 'done' || upload.state === 'failed');

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  }

  return (
    <section className="uploader" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Upload photos
      </h2>
      <div
        className={dragging ? 'drop-zone dragging' : 'drop-zone'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <button type="button" aria-describedby={hintId} onClick={() => picker.current?.click()}>
          Upload photos
        </button>
        <p id={hintId} className="field-hint">
          Or drop them here. {LIMITS}
        </p>
        <input
          ref={picker}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          multiple
          hidden
          onChange={(event) => {
            if (event.target.files) add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {uploads.length > 0 ? (
        <>
          <ul className="upload-list" aria-label="Uploads">
            {uploads.map((upload) => (
              <UploadLine key={upload.key} network={network} upload={upload} />
            ))}
          </ul>
          {finished ? (
            <button type="button" className="link-button" onClick={clearFinished}>
              Clear finished uploads
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function UploadLine({ network, upload }: { network: string; upload: PhotoUpload }) {
  const percent = Math.round(upload.sent * 100);
  return (
    <li className={`upload upload-${upload.state}`}>
      <span className="upload-name">{upload.name}</span>
      {upload.state === 'waiting' || upload.state === 'uploading' ? (
        <>
          <progress max={100} value={upload.state === 'waiting' ? 0 : percent} aria-label={`Uploading ${upload.name}`} />
          <span className="upload-status">{upload.state === 'waiting' ? 'Waiting…' : `${percent}%`}</span>
        </>
      ) : upload.state === 'done' ? (
        <span className="upload-status">
          Uploaded. <Link to={paths.photo(network, upload.id!)}>Open {upload.name}</Link>
        </span>
      ) : (
        <span className="upload-status alert" role="alert">
          Not uploaded: {problemText(upload.problem)}
        </span>
      )}
    </li>
  );
}

function problemText(problem: PhotoUpload['problem']): string {
  if (problem === 'type') return `this is not a photo we can use. ${LIMITS}`;
  if (problem === 'size') return `this file is larger than ${MAX_PHOTO_BYTES / (1024 * 1024)} MB.`;
  return errorText(problem, UPLOAD_WORDS);
}
