// Changing one's icon: `POST User/icon` with the chosen picture, its progress reported as it
// goes. Pictures the service would refuse (wrong kind, too large) are refused here at once.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiUpload, type Upload } from '../../../lib/api-client';
import type { Reply } from '../../../lib/api-types';

/** What `POST User/icon` accepts (docs/api.md): these kinds, at most 5 MB. */
export const MAX_ICON_BYTES = 5 * 1024 * 1024;
export const ICON_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

type IconReply = Reply<'/User/icon', 'post'>;

export type IconUploadState =
  | { state: 'idle' }
  | { state: 'uploading'; sent: number }
  | { state: 'done'; iconUrl: string }
  | { state: 'failed'; problem: unknown };

/** Why a file cannot be an icon before it is sent, or undefined if it may be. */
export function iconRefusal(file: File): 'type' | 'size' | undefined {
  if (!ICON_TYPES.includes(file.type)) return 'type';
  if (file.size > MAX_ICON_BYTES) return 'size';
  return undefined;
}

export function useIconUpload(network: string) {
  const client = useQueryClient();
  const [status, setStatus] = useState<IconUploadState>({ state: 'idle' });
  const running = useRef<Upload<IconReply> | null>(null);

  // Leaving the page cancels an upload on its way.
  useEffect(() => () => running.current?.abort(), []);

  const upload = useCallback(
    async (file: File) => {
      const body = new FormData();
      body.set('file', file);
      setStatus({ state: 'uploading', sent: 0 });
      const sending = apiUpload<IconReply>(client, network, 'User/icon', body, (sent) => setStatus({ state: 'uploading', sent }));
      running.current = sending;
      try {
        const { entry } = await sending.done;
        setStatus({ state: 'done', iconUrl: entry.iconUrl });
        // The icon shows in the header, on posts, comments, member cards: everywhere.
        await client.invalidateQueries();
      } catch (problem) {
        if (problem instanceof DOMException && problem.name === 'AbortError') return;
        setStatus({ state: 'failed', problem });
      } finally {
        if (running.current === sending) running.current = null;
      }
    },
    [client, network],
  );

  const reset = useCallback(() => setStatus({ state: 'idle' }), []);
  return { status, upload, reset };
}
