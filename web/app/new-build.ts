// A tab opened before a new version was deployed asks for page code the server no longer has.
// Loading the address afresh brings the new version; once a minute at most, so code that is
// truly missing ends on the error page instead of reloading for ever.
const RELOADED_AT = 'reloaded-for-new-build-at';
const ONCE_PER_MS = 60_000;

/** The browsers' words for a page's code (a dynamic import, or its CSS) that could not be fetched. */
export function isMissingCode(error: unknown): boolean {
  return (
    error instanceof Error &&
    /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css/i.test(
      error.message,
    )
  );
}

/** True when the page has not reloaded for this moments ago (or cannot remember whether it did). */
export function mayReloadForNewBuild(now = Date.now()): boolean {
  try {
    return now - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) >= ONCE_PER_MS;
  } catch {
    // Without storage there is no guard against a loop: leave it to the reader's Reload button.
    return false;
  }
}

/** Reloads the page to fetch the new version, remembering when, unless it just did. */
export function reloadForNewBuild(now = Date.now()): void {
  if (!mayReloadForNewBuild(now)) return;
  sessionStorage.setItem(RELOADED_AT, String(now));
  window.location.reload();
}
