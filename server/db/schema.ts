// Row types of every table, as the query builder sees them. Times are epoch milliseconds
// and booleans 0/1 integers, so the same queries run unchanged on SQLite and PostgreSQL.
import type { Generated, Selectable } from 'kysely';

type Flag = 0 | 1;

export interface NetworkTable {
  id: number;
  subdomain: string;
  name: string;
  description: string;
  icon_url: string | null;
  owner_account_id: number | null;
  is_private: Flag;
  blog_post_moderation: Flag;
  comment_moderation: Flag;
  photo_moderation: Flag;
  user_moderation: Flag;
  video_moderation: Flag;
  event_moderation: Flag;
  group_moderation: Flag;
  created_at: number;
  updated_at: number;
  /** The name in lower case: what `Network/alpha` sorts by. */
  sort_name: string;
}

export interface AccountTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  screen_name: string;
  full_name: string;
  icon_url: string | null;
  created_at: number;
  updated_at: number;
  /** YYYY-MM-DD */
  birthdate: string | null;
  gender: string | null;
  location: string | null;
  /** The full name in lower case: what `alpha` listings sort by. */
  sort_name: string;
}

export type Role = 'owner' | 'admin' | 'member';
export type MemberState = 'active' | 'pending' | 'blocked';

export interface MemberTable {
  id: Generated<number>;
  network_id: number;
  account_id: number;
  role: Role;
  state: MemberState;
  featured_at: number | null;
  created_at: number;
  updated_at: number;
  status_message: string | null;
  /** JSON object: this network's profile questions and the member's answers. */
  profile_questions: string | null;
  /** The account's sort name, kept by triggers (0065): what User/alpha pages through. */
  sort_name: Generated<string>;
}

export type FriendState = 'friend' | 'pending' | 'friend_request' | 'blocked';

/** One row per side of a relationship: `state` is how `account_id` sees `friend_account_id`. */
export interface FriendshipTable {
  network_id: number;
  account_id: number;
  friend_account_id: number;
  state: FriendState;
  created_at: number;
  updated_at: number;
}

export type Visibility = 'all' | 'members' | 'friends' | 'me';

export interface BlogPostTable {
  id: Generated<number>;
  network_id: number;
  author_id: number;
  title: string;
  description: string;
  publish_status: 'draft' | 'publish';
  publish_time: number;
  visibility: Visibility;
  approved: Flag;
  featured_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CommentTable {
  id: Generated<number>;
  network_id: number;
  author_id: number;
  attached_to_type: string;
  attached_to_id: number;
  attached_to_author_id: number;
  description: string;
  approved: Flag;
  featured_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ItemTagTable {
  network_id: number;
  item_type: string;
  item_id: number;
  value: string;
  position: number;
  /** The item's created_at, copied by the database when the tag is written (migration 0087). */
  created_at: Generated<number | null>;
}

export interface SessionTable {
  id_hash: string;
  account_id: number;
  csrf_token: string;
  created_at: number;
  expires_at: number;
}

export interface AccountIconTable {
  account_id: number;
  bytes: Buffer;
  updated_at: number;
}

export interface PasswordResetTable {
  id: Generated<number>;
  /** Null for a request naming no member: it still counts against its address. */
  account_id: number | null;
  token_hash: string | null;
  address: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface OAuthConsumerTable {
  id: Generated<number>;
  network_id: number;
  name: string;
  consumer_key: string;
  /** Kept as it is: HMAC-SHA1 signatures are checked with the secret itself, so it cannot be hashed. */
  consumer_secret: string;
  created_at: number;
  revoked_at: number | null;
  /** When a request signed with it last arrived, to the minute; null until it is used. */
  last_used_at?: number | null;
}

export interface OAuthTokenTable {
  id: Generated<number>;
  consumer_id: number;
  account_id: number;
  token: string;
  token_secret: string;
  created_at: number;
  revoked_at: number | null;
}

export interface OAuthNonceTable {
  consumer_key: string;
  nonce: string;
  timestamp: number;
}

export interface ActivityTable {
  id: Generated<number>;
  uuid: string;
  network_id: number;
  author_id: number;
  type: string;
  /** The item the event is about (the post created, the comment written, ...), if any. */
  content_type: string | null;
  content_id: number | null;
  /** For comments: the item commented on. */
  attached_to_type: string | null;
  attached_to_id: number | null;
  attached_to_author_id: number | null;
  title: string | null;
  description: string | null;
  created_at: number;
}

export interface BroadcastTable {
  id: Generated<number>;
  network_id: number;
  author_id: number;
  subject: string;
  body: string;
  message_id: string | null;
  created_at: number;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface ForumCategoryTable {
  id: Generated<number>;
  network_id: number;
  author_id: number;
  title: string;
  /** The lower-cased title `alpha` listings sort on. */
  title_key: string;
  description: string;
  created_at: number;
  updated_at: number;
}

export interface ForumTopicTable {
  id: Generated<number>;
  network_id: number;
  author_id: number;
  category_id: number | null;
  title: string;
  title_key: string;
  description: string;
  visibility: Visibility;
  approved: Flag;
  /** A closed topic takes no more replies. */
  is_closed: Flag;
  featured_at: number | null;
  created_at: number;
  updated_at: number;
}

export type VideoHost = 'youtube' | 'vimeo' | 'dailymotion';

/** A video on a known host: only the host and its id there are stored, never embed HTML. */
export interface VideoTable {
  id: Generated<number>;
  network_id: number;
  author_id: number;
  host: VideoHost;
  host_video_id: string;
  title: string;
  description: string;
  visibility: Visibility;
  approved: Flag;
  featured_at: number | null;
  created_at: number;
  updated_at: number;
}

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'gif';
export type PhotoSize = 'large' | 'medium' | 'thumbnail';

/** A photo; `image_*` describe its largest display size, the one `image.url` points at. */
export interface PhotoTable {
  id: Generated<number>;
  network_id: number;
  author_id: number;
  title: string;
  description: string;
  visibility: Visibility;
  approved: Flag;
  featured_at: number | null;
  image_format: PhotoFormat;
  image_width: number;
  image_height: number;
  created_at: number;
  updated_at: number;
}

/** The re-encoded bytes of one display size of a photo. */
export interface PhotoImageTable {
  photo_id: number;
  size: PhotoSize;
  width: number;
  height: number;
  bytes: Buffer;
}

/** A personal access token; only the SHA-256 of the token is kept. */
export interface AccessTokenTable {
  id: Generated<number>;
  network_id: number;
  account_id: number;
  name: string;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** One administrative act; `detail` is a JSON object of what it set, when it says more than `action`. */
export interface AuditLogTable {
  id: Generated<number>;
  network_id: number;
  actor_id: number;
  action: string;
  item_type: string;
  item_id: number | null;
  /** The item's title or name when the act was done, so deleted items stay recognisable. */
  item_title: string | null;
  detail: string | null;
  address: string | null;
  created_at: number;
}

/** Dashboard counters, kept by triggers (migration 0053): per UTC day (epoch days) and kind. */
export interface StatDailyTable {
  network_id: number;
  day: number;
  kind: 'members' | 'posts' | 'comments' | 'photos';
  n: number;
}

export interface StatDailyAuthorTable {
  network_id: number;
  day: number;
  account_id: number;
  n: number;
}

export interface StatTagTable {
  network_id: number;
  value: string;
  n: number;
}

/** Per network, audience and content type ('' for all), how many items that audience sees carry each tag (migration 0085). */
export interface TagAudienceCountTable {
  network_id: number;
  audience: 'moderators' | 'members' | 'public';
  item_type: string;
  value: string;
  n: number;
}

export interface Database {
  networks: NetworkTable;
  accounts: AccountTable;
  members: MemberTable;
  friendships: FriendshipTable;
  blog_posts: BlogPostTable;
  comments: CommentTable;
  item_tags: ItemTagTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  account_icons: AccountIconTable;
  oauth_consumers: OAuthConsumerTable;
  oauth_tokens: OAuthTokenTable;
  oauth_nonces: OAuthNonceTable;
  activities: ActivityTable;
  settings: SettingTable;
  broadcasts: BroadcastTable;
  forum_categories: ForumCategoryTable;
  forum_topics: ForumTopicTable;
  videos: VideoTable;
  photos: PhotoTable;
  photo_images: PhotoImageTable;
  access_tokens: AccessTokenTable;
  audit_log: AuditLogTable;
  stat_daily: StatDailyTable;
  stat_daily_authors: StatDailyAuthorTable;
  stat_tags: StatTagTable;
  tag_audience_counts: TagAudienceCountTable;
}

export type Network = Selectable<NetworkTable>;
export type Account = Selectable<AccountTable>;
export type Member = Selectable<MemberTable>;
