// Uploading photos: each chosen file becomes one upload with its own progress, sent one after
// another so a slow connection finishes each photo rather than all of them late. Files the
// service would refuse (wrong kind, too large) are refused here at once, in the same words.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiUpload, type Upload } from '../../../lib/api-client';
import type { CreatedEnvelope } from '../../../lib/api-types';
import { photoQueries } from './photo-queries';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

export type PhotoUpload = {
  key: number;
  name: string;
  /** How much has been sent, 0 to 1. */
  sent: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  /** What went wrong: a refusal before sending, or the service's error. */
  problem?: 'type' | 'size' | unknown;
  /** The new photo's id, once it is uploaded. */
  id?: string;
};

/** A photo's first title: its file name without the extension, which its owner may change. */
export const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, '').slice(0, 200);

function refusalOf(file: File): PhotoUpload['problem'] {
  if (!PHOTO_TYPES.includes(file.type)) return 'type';
  if (file.size > MAX_PHOTO_BYTES) return 'size';
  return undefined;
}

function send(client: QueryClient, network: string, file: File, onProgress: (sent: number) => void): Upload<CreatedEnvelope> {
  const body = new FormData();
  body.set('title', titleFromFileName(file.name));
  body.set('file', file);
  return apiUpload<CreatedEnvelope>(client, network, 'Photo', body, onProgress);
}

let nextKey = 0;

export function usePhotoUploads(network: string) {
  const client = useQueryClient();
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const queue = useRef(Promise.resolve());
  const running = useRef(new Set<Upload<unknown>>());
  const left = useRef(false);

  // Leaving the page cancels what has not been sent yet.
  useEffect(() => {
    const current = running.current;
    left.current = false;
    return () => {
      left.current = true;
      current.forEach((upload) => upload.abort());
    };
  }, []);

  const change = useCallback((key: number, patch: Partial<PhotoUpload>) => {
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const fresh = [...files].map((file) => {
        const problem = refusalOf(file);
        const upload: PhotoUpload = { key: nextKey++, name: file.name, sent: 0, state: problem ? 'failed' : 'waiting', problem };
        return { file, upload };
      });
      setUploads((all) => [...all, ...fresh.map(({ upload }) => upload)]);
      for (const { file, upload } of fresh) {
        if (upload.state === 'failed') continue;
        queue.current = queue.current.then(async () => {
          if (left.current) return;
          change(upload.key, { state: 'uploading' });
          const sending = send(client, network, file, (sent) => change(upload.key, { sent }));
          running.current.add(sending);
          try {
            const { id } = await sending.done;
            change(upload.key, { state: 'done', sent: 1, id });
            await client.invalidateQueries({ queryKey: photoQueries.all() });
            void client.invalidateQueries({ queryKey: ['activity'] });
          } catch (error) {
            change(upload.key, { state: 'failed', problem: error });
          } finally {
            running.current.delete(sending);
          }
        });
      }
    },
    [client, network, change],
  );

  /** Forgets the finished uploads (done or failed), keeping those still on their way. */
  const clearFinished = useCallback(() => setUploads((all) => all.filter((u) => u.state === 'waiting' || u.state === 'uploading')), []);

  return { uploads, add, clearFinished };
}
