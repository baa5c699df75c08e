// The web app's URLs in one place, so links and redirects agree with the router.

/** Where `/` leads. */
export const DEFAULT_NETWORK = 'apiexample';
export const paths = {
  home: (network: string) => `/n/${encodeURIComponent(network)}`,
  tag: (network: string, tag: string) =>
    `/n/${encodeURIComponent(network)}/tag/${encodeURIComponent(tag)}`,
  blogPost: (network: string, id: string) =>
    `/n/${encodeURIComponent(network)}/blog/${encodeURIComponent(id)}`,
  signIn: (network: string, next?: string) =>
    `/n/${encodeURIComponent(network)}/signin${next ? `?${new URLSearchParams({ next })}` : ''}`,
  signUp: (network: string, next?: string) =>
    `/n/${encodeURIComponent(network)}/signup${next ? `?${new URLSearchParams({ next })}` : ''}`,
  apiReference: (network: string) => `/n/${encodeURIComponent(network)}/api`,
};

/** Only same-app paths may be a redirect target after signing in (no open redirects). */
export function safeNext(next: string | null, fallback: string): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : fallback;
}
