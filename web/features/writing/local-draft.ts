// A copy of what is being written, kept in this browser's storage as the writer types, so a
// closed tab or a crash loses nothing. One copy per network, writer and post (or new post).
import { useEffect } from 'react';

const SAVE_AFTER_MS = 500;

export type LocalDraft<T> = { savedAt: string; value: T };

export const localDraftKey = (network: string, author: string, postId: string | undefined) =>
  `community:draft:${network}:${author}:${postId ?? 'new'}`;

export function readLocalDraft<T>(key: string): LocalDraft<T> | null {
  try {
    const stored = localStorage.getItem(key);
    return stored ? (JSON.parse(stored) as LocalDraft<T>) : null;
  } catch {
    return null;
  }
}

export function clearLocalDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage may be unavailable (private mode, full); there is then nothing to clear.
  }
}

/** Keeps `value` in storage under `key` shortly after each change, while `dirty`. */
export function useLocalDraft<T>(key: string, value: T, dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), value } satisfies LocalDraft<T>));
      } catch {
        // A full or unavailable storage only means no local copy.
      }
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [key, value, dirty]);
}
