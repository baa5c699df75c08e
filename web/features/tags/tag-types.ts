// The kinds of item the tag cloud can be narrowed to (`/tags?type=`).
import type { TagType } from './api/tag-queries';

export const TAG_TYPES: { type: TagType | undefined; label: string }[] = [
  { type: undefined, label: 'Everything' },
  { type: 'BlogPost', label: 'Posts' },
  { type: 'Photo', label: 'Photos' },
  { type: 'Topic', label: 'Topics' },
  { type: 'Video', label: 'Videos' },
];

export function tagTypeOf(search: URLSearchParams) {
  return TAG_TYPES.find(({ type }) => type !== undefined && type === search.get('type')) ?? TAG_TYPES[0]!;
}
