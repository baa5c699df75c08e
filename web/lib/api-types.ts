// The REST service's wire shapes as the web app reads them, derived from the types generated
// from the service's OpenAPI document (web/lib/generated, `npm run api:types`). Entries
// reference members by screen name; their details travel in `resources` (wire-contract §5).
import type { components, paths } from './generated/openapi';

type Schemas = components['schemas'];
type Method = 'get' | 'post' | 'put' | 'delete';

/** The success body (HTTP 200) of one operation, e.g. `Reply<'/BlogPost/recent', 'get'>`. */
export type Reply<Path extends keyof paths, M extends Method> = paths[Path][M] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/**
 * An entry of a resource with every field present: what the service sends without `fields`.
 * The document marks all but `id` optional, since `fields` may leave any of them out.
 */
export type Entry<Name extends keyof Schemas> = Required<Schemas[Name]>;

/** An entry read with `fields=` naming exactly these keys (`id` always comes back). */
export type Fields<Name extends keyof Schemas, Key extends keyof Entry<Name>> = Pick<
  Entry<Name>,
  Key | ('id' & keyof Entry<Name>)
>;

export type ScreenName = string;

/**
 * What `resources` holds under a member's screen name. The document types resource values
 * as open objects, so this is the one shape written here by hand (`author.*` in the reference).
 */
export type MemberResource = { fullName: string; iconUrl: string; url: string };
export type Resources = Record<ScreenName, MemberResource>;

/** What `resources` holds under a photo's image key (`image.*`; the smaller sizes are our extension). */
export type ImageResource = { url: string; width: number; height: number; thumbnailUrl: string; mediumUrl: string };

type WithEntry<Body, T> = Omit<Body, 'entry' | 'resources'> & { entry: T; resources: Resources };

export type EntryEnvelope<T> = WithEntry<Reply<'/BlogPost', 'get'>, T>;
export type ListingEnvelope<T> = WithEntry<Reply<'/BlogPost/recent', 'get'>, T[]>;
export type CountEnvelope = Reply<'/BlogPost/count', 'get'>;
export type CreatedEnvelope = Reply<'/BlogPost', 'post'>;
export type DoneEnvelope = Reply<'/BlogPost', 'delete'>;
export type ErrorEnvelope = Schemas['Error'];

export type BlogPost = Entry<'BlogPost'>;
export type Comment = Entry<'Comment'>;
export type Member = Entry<'User'>;
export type Network = Entry<'Network'>;
export type Visibility = BlogPost['visibility'];
export type PublishStatus = BlogPost['publishStatus'];

/** `GET Session`: the signed-in member as this network sees them, or null when anonymous. */
export type SessionEntry = NonNullable<Reply<'/Session', 'get'>['entry']>;
