// The content types that can await approval, for the moderation queue: one line per type.
// Each table has id, network_id, author_id, description, approved and created_at; approving
// is `PUT <Type>?id=&approved=true` and rejecting is `DELETE <Type>?id=` on the type's own
// endpoints. Pending members (User) join the queue from the members table.
import type { Database } from '../../db/schema';

export interface ModeratableType {
  table: keyof Database;
  /** The column holding the item's title, for types that have one. */
  title?: string;
  /** Drafts are their authors' own, so only published (or scheduled) items await approval. */
  publishable?: boolean;
  /** Comments: the item commented on is shown with them. */
  attached?: boolean;
}

export const moderatableTypes: Record<string, ModeratableType> = {
  BlogPost: { table: 'blog_posts', title: 'title', publishable: true },
  Comment: { table: 'comments', attached: true },
  Photo: { table: 'photos', title: 'title' },
  Topic: { table: 'forum_topics', title: 'title' },
  Video: { table: 'videos', title: 'title' },
};
