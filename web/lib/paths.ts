// The web app's URLs in one place, so links, redirects and the router agree, and every `url`
// the REST service returns (a post, a member, a photo, a video, a forum topic or category, a
// network) resolves to one of them.

const n = (network: string) => `/n/${encodeURIComponent(network)}`;
const one = (value: string) => encodeURIComponent(value);

function withSearch(path: string, search: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) if (value) params.set(name, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export type BlogFilter = { tag?: string; author?: string };
export type PhotoFilter = { tag?: string; author?: string };
export type ForumKind = 'topics' | 'categories';
export type MyPostsTab = 'drafts' | 'scheduled' | 'published';

export const paths = {
  home: (network: string) => n(network),
  blog: (network: string, filter: BlogFilter = {}) => withSearch(`${n(network)}/blog`, filter),
  blogPost: (network: string, id: string) => `${n(network)}/blog/${one(id)}`,
  editBlogPost: (network: string, id: string) => `${n(network)}/blog/${one(id)}/edit`,
  write: (network: string) => `${n(network)}/write`,
  myPosts: (network: string, tab: MyPostsTab = 'drafts') => withSearch(`${n(network)}/my/posts`, { tab }),
  photos: (network: string, filter: PhotoFilter = {}) => withSearch(`${n(network)}/photos`, filter),
  photo: (network: string, id: string) => `${n(network)}/photos/${one(id)}`,
  members: (network: string, order?: 'newest') => withSearch(`${n(network)}/members`, { order }),
  member: (network: string, screenName: string) => `${n(network)}/members/${one(screenName)}`,
  friends: (network: string) => `${n(network)}/friends`,
  forum: (network: string) => `${n(network)}/forum`,
  forumItem: (network: string, kind: ForumKind, id: string) => `${n(network)}/forum/${kind}/${one(id)}`,
  newTopic: (network: string, categoryId?: string) => withSearch(`${n(network)}/forum/new`, { category: categoryId }),
  editTopic: (network: string, id: string) => `${n(network)}/forum/topics/${one(id)}/edit`,
  videos: (network: string) => `${n(network)}/videos`,
  video: (network: string, id: string) => `${n(network)}/videos/${one(id)}`,
  addVideo: (network: string) => `${n(network)}/videos/new`,
  activity: (network: string, member?: string) => withSearch(`${n(network)}/activity`, { member }),
  featured: (network: string, kind?: string) => withSearch(`${n(network)}/featured`, { kind }),
  tags: (network: string, type?: string) => withSearch(`${n(network)}/tags`, { type }),
  tag: (network: string, tag: string) => `${n(network)}/tags/${one(tag)}`,
  search: (network: string, q?: string) => withSearch(`${n(network)}/search`, { q }),
  signIn: (network: string, next?: string) => withSearch(`${n(network)}/signin`, { next }),
  signUp: (network: string, next?: string) => withSearch(`${n(network)}/signup`, { next }),
  forgotPassword: (network: string) => `${n(network)}/forgot-password`,
  resetPassword: (network: string) => `${n(network)}/reset-password`,
  profileSettings: (network: string) => `${n(network)}/settings/profile`,
  accessTokens: (network: string) => `${n(network)}/settings/tokens`,
  admin: (network: string) => `${n(network)}/admin`,
  adminQueue: (network: string) => `${n(network)}/admin/queue`,
  adminMembers: (network: string, search: { q?: string; state?: string } = {}) => withSearch(`${n(network)}/admin/members`, search),
  adminFeatured: (network: string) => `${n(network)}/admin/featured`,
  adminBroadcasts: (network: string) => `${n(network)}/admin/broadcasts`,
  adminSettings: (network: string) => `${n(network)}/admin/settings`,
  adminKeys: (network: string) => `${n(network)}/admin/keys`,
  adminAudit: (network: string, search: { actor?: string; action?: string } = {}) => withSearch(`${n(network)}/admin/audit`, search),
  apiReference: (network: string) => `${n(network)}/api`,
};

/** Only same-app paths may be a redirect target after signing in (no open redirects). */
export function safeNext(next: string | null, fallback: string): string {
  if (!next?.startsWith('/')) return fallback;
  // Read as a browser would (`/\\host`, tabs and newlines in `/\t/host` make other hosts):
  // only a path that stays on this site is followed.
  const base = 'http://app.invalid';
  const parsed = URL.canParse(next, base) ? new URL(next, base) : undefined;
  return parsed?.origin === base ? parsed.pathname + parsed.search + parsed.hash : fallback;
}

/**
 * The in-app path of a `url` the service returned, so it opens through the router instead of
 * reloading the page. The service builds these from the address it was reached at, which
 * behind a proxy may not be the browser's; every page of the app lives under `/n/`.
 */
export function appPath(url: string): string {
  const parsed = new URL(url, 'http://app.invalid');
  return parsed.pathname.startsWith('/n/') ? parsed.pathname + parsed.search + parsed.hash : url;
}
