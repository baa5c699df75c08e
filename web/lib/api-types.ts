// The REST service's wire shapes as the web app reads them (wire-contract.md §2, §5):
// entries reference members by screen name, and their details travel in `resources`.

export type ScreenName = string;

export type MemberResource = { fullName: string; iconUrl: string; url: string };
export type Resources = Record<ScreenName, MemberResource>;

export type EntryEnvelope<T> = { success: true; entry: T; resources: Resources };
export type ListingEnvelope<T> = {
  success: true;
  entry: T[];
  anchor: string;
  firstPage: boolean;
  lastPage: boolean;
  resources: Resources;
};
export type CreatedEnvelope = { success: true; id: string };
export type DoneEnvelope = { success: true };
export type ErrorEnvelope = {
  success: false;
  status: number;
  reason: string;
  code: number;
  subcode: number;
  trace: string;
};

export type BlogPost = {
  id: string;
  author: ScreenName;
  createdDate: string;
  updatedDate: string;
  publishTime: string | null;
  publishStatus: 'draft' | 'queued' | 'publish';
  title: string;
  description: string;
  visibility: 'all' | 'members' | 'friends' | 'me';
  approved: boolean;
  commentCount: number;
  url: string;
  topTags: string[];
  featuredDate: string | null;
};

export type Comment = {
  id: string;
  author: ScreenName;
  createdDate: string;
  description: string;
  attachedTo: string;
  approved: boolean;
};

/** `GET Session`: the signed-in member as this network sees them, or null when anonymous. */
export type SessionEntry = {
  author: ScreenName;
  fullName: string;
  iconUrl: string;
  email: string;
  isOwner: boolean;
  isAdmin: boolean;
  state: string;
  csrfToken: string;
};
