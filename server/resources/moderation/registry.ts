// The types that can await approval, for the moderation queue: every content type, and comments.
// Each table has id, network_id, author_id, description, approved and created_at; approving
// is `PUT <Type>?id=&approved=true` and rejecting is `DELETE <Type>?id=` on the type's own
// endpoints. Pending members (User) join the queue from the members table.
import type { Database } from '../../db/schema';
import { contentTypes } from '../content/types';

export interface ModeratableType {
  table: keyof Database;
  /** The column holding the item's title, for types that have one. */
  title?: string;
  /** Drafts are their authors' own, so only published (or scheduled) items await approval. */
  publishable?: boolean;
  /** Comments: the item commented on is shown with them. */
  attached?: boolean;
}

const contentModeration: Record<string, ModeratableType> = Object.fromEntries(
  Object.entries(contentTypes).map(([name, t]) => [name, { table: t.table, title: 'title', publishable: t.publishable }]),
);

/** In alphabetical order: each type's position is folded into the queue's tie-breaking keys. */
export const moderatableTypes: Record<string, ModeratableType> = Object.fromEntries(
  Object.entries({ ...contentModeration, Comment: { table: 'comments', attached: true } satisfies ModeratableType }).sort(([a], [b]) => a.localeCompare(b)),
);
