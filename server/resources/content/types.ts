// The content types members post — and the tables that hold them. Commenting, tags,
// featuring, moderation and the activity feed all read this one table, so a new content
// type is one line here.

export interface ContentType {
  table: 'blog_posts' | 'photos' | 'forum_topics' | 'videos';
  /** Has publish_status / publish_time: drafts and scheduled items stay their authors' own. */
  publishable: boolean;
  /** A 0/1 column that, when set, closes the item to new comments. */
  closed?: 'is_closed';
}

export const contentTypes = {
  BlogPost: { table: 'blog_posts', publishable: true },
  Photo: { table: 'photos', publishable: false },
  Topic: { table: 'forum_topics', publishable: false, closed: 'is_closed' },
  Video: { table: 'videos', publishable: false },
} as const satisfies Record<string, ContentType>;

export type ContentTypeName = keyof typeof contentTypes;

/** The content type of that name; own keys only, so `constructor` or `toString` is none. */
export function contentType(name: string): ContentType | undefined {
  return Object.hasOwn(contentTypes, name) ? contentTypes[name as ContentTypeName] : undefined;
}

/** Each content type's table, by type name. */
export const contentTables = Object.fromEntries(Object.entries(contentTypes).map(([name, t]) => [name, t.table])) as {
  [K in ContentTypeName]: (typeof contentTypes)[K]['table'];
};
