// Parameters and entry shape of Activity. An event's `id` reads as `urn:uuid:<uuid>` (wire
// contract §6); `<networkId>:Activity:<n>`, which older clients send back, is accepted too.
import { z } from 'zod';
import { contentIdParam, dateParam, listingParams } from '../../http/param-types';
import { fail } from '../../http/params';
import { isoDate, type PresentContext, type Presenter } from '../../http/fields';
import { memberUrl, personRef, type PersonColumns } from '../users/author-ref';
import { blogPostUrl } from '../blog-posts/schema';
import { imagePath, photoImageRef, photoUrl, type PhotoImage } from '../photos/schema';
import { videoUrl } from '../videos/schema';
import { topicUrl } from '../forum/schema';

export type ActivityRef = { uuid: string } | { networkId: number; id: number };

const urn = /^urn:uuid:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const numericId = contentIdParam('Activity');

export const activityIdParam = z
  .string()
  .transform((v, ctx): ActivityRef => {
    const m = urn.exec(v.trim());
    if (m) return { uuid: m[1]!.toLowerCase() };
    const n = numericId.safeParse(v);
    return n.success ? n.data : fail(ctx, 'invalidValue', 'must be an id like urn:uuid:<uuid> or 1234567:Activity:12');
  })
  .meta({ description: 'id of an event: urn:uuid:<uuid>, or <networkId>:Activity:<n>' });

const eventType = z
  .string()
  .regex(/^[A-Za-z]{1,64}$/, { error: 'must be an event type such as CreateBlogPost' })
  .meta({ description: 'event type, e.g. CreateBlogPost, CreateTopicComment, JoinNetwork; repeat for several' });

const filters = {
  author: z.string().optional().meta({ description: 'screen name: only events of this member' }),
  type: z.array(eventType).optional(),
};

export const getParams = z.object({ id: z.array(activityIdParam), fields: z.string().optional() });
export const recentParams = z.object({ ...filters, ...listingParams });
export const countParams = z.object({ ...filters, createdAfter: dateParam.optional() });
export const deleteParams = z.object({ id: activityIdParam });

/** One event with all its fields, for the OpenAPI document. */
export const activityEntry = z
  .object({
    id: z.string().meta({ description: 'urn:uuid:<uuid>' }),
    author: z.string(),
    createdDate: z.iso.datetime(),
    type: z.string().meta({ description: 'CreateBlogPost, CreatePhoto, CreateVideo, CreateTopic, Create<Type>Comment, JoinNetwork, StatusUpdate, AddFriend, Feature<Type>' }),
    contentId: z.string().nullable().meta({ description: 'the item the event is about (a User id for AddFriend and FeatureUser); null for JoinNetwork and StatusUpdate' }),
    title: z.string().nullable(),
    description: z.string().nullable().meta({ description: "a comment's text, a status message" }),
    url: z.string().nullable().meta({ description: "the content's page in the web app (a comment: its item's page; no content: the author's profile)" }),
    attachedTo: z.string().nullable().meta({ description: 'for a comment: the item it is on' }),
    attachedToType: z.string().nullable(),
    attachedToAuthor: z.string().nullable(),
    image: z.string().nullable().meta({ description: 'for a photo or a comment on one: the key of the image in `resources` (image.url, image.width, image.height)' }),
  })
  .meta({ title: 'Activity' });

export interface ActivityItem {
  id: number;
  uuid: string;
  type: string;
  content: { type: string; id: number } | null;
  /** The item a comment is on: recorded with the event, or read from the comment (featuring). */
  attachedTo: { type: string; id: number } | null;
  title: string | null;
  description: string | null;
  created_at: number;
  author: PersonColumns;
  attachedToAuthor: PersonColumns | null;
  /** Screen name of the member a User event (FeatureUser) is about. */
  member: string | null;
  /** The image of the photo the event is about, or that a comment is on. */
  image: PhotoImage | null;
}

/** Web pages of the content types, by type; a comment links to the page of its item. */
const pages: Record<string, (ctx: PresentContext, id: number) => string> = {
  BlogPost: blogPostUrl,
  Photo: photoUrl,
  Topic: topicUrl,
  Video: videoUrl,
};

function pageOf(e: ActivityItem, ctx: PresentContext): string | null {
  if (e.content === null) return memberUrl(ctx, e.author.screenName);
  if (e.content.type === 'User') return e.member && memberUrl(ctx, e.member);
  const item = e.content.type === 'Comment' ? e.attachedTo : e.content;
  return item && (pages[item.type]?.(ctx, item.id) ?? null);
}

const contentId = (ctx: PresentContext, ref: { type: string; id: number } | null) => ref && `${ctx.networkId}:${ref.type}:${ref.id}`;

export const activityPresenter: Presenter<ActivityItem> = {
  fields: {
    id: (e) => `urn:uuid:${e.uuid}`,
    author: (e) => e.author.screenName,
    createdDate: (e) => isoDate(e.created_at),
    type: (e) => e.type,
    contentId: (e, ctx) => contentId(ctx, e.content),
    title: (e) => e.title,
    description: (e) => e.description,
    url: pageOf,
    attachedTo: (e, ctx) => contentId(ctx, e.attachedTo),
    attachedToType: (e) => e.attachedTo?.type,
    attachedToAuthor: (e) => e.attachedToAuthor?.screenName,
    image: (e) => e.image && imagePath(e.image, 'large'),
  },
  refs: {
    author: personRef((e) => e.author),
    attachedToAuthor: personRef((e) => e.attachedToAuthor),
    image: photoImageRef((e) => e.image),
  },
  defaults: [
    'id', 'author', 'createdDate', 'type', 'contentId', 'title', 'description', 'url',
    'attachedTo', 'attachedToType', 'attachedToAuthor', 'image',
    'author.fullName', 'author.iconUrl', 'author.url',
    'attachedToAuthor.fullName', 'attachedToAuthor.iconUrl', 'attachedToAuthor.url',
    'image.url', 'image.width', 'image.height',
  ],
};
