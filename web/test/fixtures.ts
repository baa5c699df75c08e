// Entries as the service sends them, with sensible defaults a test overrides where it matters.
import type { ActivityEvent } from '../features/activity/api/activity-queries';
import type { BlogPostSummary } from '../features/blog-posts/api/blog-post-queries';
import type { BlogPost, Comment, Entry, ImageResource, Member, MemberResource, Network, SessionEntry } from '../lib/api-types';

export const members = {
  ada: { fullName: 'Ada Lovelace', iconUrl: '/icons/ada.png', url: 'http://localhost/n/apiexample/members/ada' },
  grace: { fullName: 'Grace Hopper', iconUrl: '/icons/grace.png', url: 'http://localhost/n/apiexample/members/grace' },
} satisfies Record<string, MemberResource>;

export function aBlogPost(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: '1:BlogPost:1',
    author: 'ada',
    createdDate: '2011-06-23T18:34:22.123Z',
    updatedDate: '2011-06-23T18:34:22.123Z',
    publishTime: '2011-06-23T18:34:22.123Z',
    publishStatus: 'publish',
    title: 'Notes on the Analytical Engine',
    description: '<p>It weaves algebraic patterns.</p>',
    visibility: 'all',
    approved: true,
    commentCount: 0,
    url: 'http://localhost/n/apiexample/blog/1%3ABlogPost%3A1',
    topTags: [],
    featuredDate: null,
    ...overrides,
  };
}

export function aBlogPostSummary(overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  const { id, author, createdDate, publishTime, title, topTags, commentCount, featuredDate, url, approved } = aBlogPost(overrides);
  return { id, author, createdDate, publishTime, title, topTags, commentCount, featuredDate, url, approved };
}

export function aComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: '1:Comment:1',
    author: 'grace',
    createdDate: '2011-06-24T09:00:00.000Z',
    updatedDate: '2011-06-24T09:00:00.000Z',
    featuredDate: null,
    description: 'A fine machine.',
    attachedTo: '1:BlogPost:1',
    attachedToType: 'BlogPost',
    attachedToAuthor: 'ada',
    approved: true,
    ...overrides,
  };
}

export function aSession(overrides: Partial<SessionEntry> = {}): SessionEntry {
  return {
    author: 'grace',
    fullName: members.grace.fullName,
    iconUrl: members.grace.iconUrl,
    email: 'grace@example.com',
    isOwner: false,
    isAdmin: false,
    isMember: true,
    state: 'active',
    csrfToken: 'csrf-grace',
    ...overrides,
  };
}

export function aNetwork(overrides: Partial<Network> = {}): Network {
  return {
    id: '1',
    author: 'ada',
    createdDate: '2011-06-01T08:00:00.000Z',
    updatedDate: '2011-06-01T08:00:00.000Z',
    subdomain: 'apiexample',
    name: 'Analytical Engineers',
    description: 'People who build engines.',
    url: 'http://localhost/n/apiexample',
    iconUrl: null,
    defaultUserIconUrl: 'http://localhost/xn/static/default-user-icon.svg',
    isPrivate: false,
    blogPostModeration: false,
    commentModeration: false,
    photoModeration: false,
    userModeration: false,
    videoModeration: false,
    eventModeration: false,
    groupModeration: false,
    xapiStatus: 'enabled',
    ...overrides,
  };
}

/** A member as `GET User` gives them, by screen name (`ada` or `grace`, or any other). */
export function aMember(screenName: keyof typeof members | string, overrides: Partial<Member> = {}): Member {
  const known = members[screenName as keyof typeof members];
  return {
    id: `1:User:${screenName}`,
    author: screenName,
    createdDate: '2011-01-05T10:00:00.000Z',
    updatedDate: '2011-01-05T10:00:00.000Z',
    featuredDate: null,
    email: null,
    fullName: known?.fullName ?? screenName,
    iconUrl: known?.iconUrl ?? '/icons/default.png',
    url: known?.url ?? `http://localhost/n/apiexample/members/${screenName}`,
    birthdate: null,
    gender: null,
    location: null,
    commentCount: 0,
    isOwner: false,
    isAdmin: false,
    isMember: true,
    isBlocked: false,
    state: 'active',
    statusMessage: null,
    approved: true,
    visibility: 'all',
    profileQuestions: null,
    ...overrides,
  };
}

export type PhotoEntry = Entry<'Photo'>;

/** A photo as `GET Photo` gives it; its image sizes go in `resources` (see `imageResources`). */
export function aPhoto(overrides: Partial<PhotoEntry> = {}): PhotoEntry {
  const id = overrides.id ?? '1:Photo:1';
  const number = id.split(':').at(-1);
  return {
    id,
    author: 'ada',
    createdDate: '2011-06-23T18:34:22.123Z',
    updatedDate: '2011-06-23T18:34:22.123Z',
    featuredDate: null,
    title: 'The engine at rest',
    description: '<p>Brass and patience.</p>',
    visibility: 'all',
    approved: true,
    commentCount: 0,
    url: `http://localhost/n/apiexample/photos/${encodeURIComponent(id)}`,
    topTags: [],
    image: `/xn/images/1/${number}/large.jpg`,
    ...overrides,
  };
}

/** `resources` for these photos: each image's sizes under its key, with the members. */
export function imageResources(photos: Pick<PhotoEntry, 'image'>[]): Record<string, ImageResource | MemberResource> {
  const images = photos.map(({ image }): [string, ImageResource] => [
    image,
    {
      url: `http://localhost${image}`,
      width: 2048,
      height: 1536,
      mediumUrl: `http://localhost${image.replace('large', 'medium')}`,
      thumbnailUrl: `http://localhost${image.replace('large', 'thumbnail')}`,
    },
  ]);
  return { ...members, ...Object.fromEntries(images) };
}

/** An activity feed event: Ada writing a post, unless told otherwise. */
export function anActivityEvent(overrides: Partial<ActivityEvent> = {}): ActivityEvent {
  return {
    id: 'urn:uuid:00000000-0000-4000-8000-000000000001',
    author: 'ada',
    createdDate: '2011-06-25T10:00:00.000Z',
    type: 'CreateBlogPost',
    contentId: '1:BlogPost:1',
    title: 'Notes on the Analytical Engine',
    description: null,
    url: 'http://localhost/n/apiexample/blog/1%3ABlogPost%3A1',
    attachedTo: null,
    attachedToType: null,
    attachedToAuthor: null,
    image: null,
    ...overrides,
  };
}
