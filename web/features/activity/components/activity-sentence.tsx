// One event of the activity feed in plain words — who did what — with a link to the item it is
// about (a post, a photo, a topic, a video, a member), and a comment's or status's words quoted.
import { Link } from 'react-router-dom';
import type { MemberResource } from '../../../lib/api-types';
import { appPath } from '../../../lib/paths';
import type { ActivityEvent } from '../api/activity-queries';

type People = Record<string, Partial<MemberResource> | undefined>;

const KINDS: Record<string, string> = {
  BlogPost: 'post',
  Photo: 'photo',
  Video: 'video',
  Topic: 'forum topic',
  Comment: 'comment',
  User: 'member',
};

const kindOf = (type: string | null | undefined) => (type ? (KINDS[type] ?? 'item') : 'item');

/** `quote` is the plain text to show: a comment's words without markup, or a status as written. */
type Parts = { did: string; what?: string | null; after?: string | null; quote?: string | null };

/** The event as words: what was done, the linked item, the words after it, a quotation. */
export function describeActivity(event: ActivityEvent, people: People): Parts {
  const name = (screenName: string | null) => (screenName ? (people[screenName]?.fullName ?? screenName) : null);
  const { type, title } = event;
  const created = /^Create(BlogPost|Photo|Video|Topic)$/.exec(type);
  if (created) {
    const verb = { BlogPost: 'wrote the post', Photo: 'added the photo', Video: 'added the video', Topic: 'started the forum topic' }[created[1]!]!;
    return { did: verb, what: title || `untitled ${kindOf(created[1])}` };
  }
  const comment = /^Create(\w+)Comment$/.exec(type);
  if (comment) {
    const kind = kindOf(comment[1] ?? event.attachedToType);
    const owner = event.attachedToAuthor;
    const whose = owner === event.author ? `their own ${kind}` : owner ? `${name(owner)}’s ${kind}` : `a ${kind}`;
    return { did: comment[1] === 'Topic' ? 'replied in' : 'commented on', what: title ? `${whose} “${title}”` : whose, quote: event.description && plainText(event.description) };
  }
  const featured = /^Feature(\w+)$/.exec(type);
  if (featured) {
    // Featuring events may carry no title; the link still leads to what was featured.
    const kind = kindOf(featured[1]);
    const what = title || (featured[1] === 'User' ? name(event.attachedToAuthor) : null);
    return what ? { did: `featured the ${kind}`, what } : { did: 'featured', what: `a ${kind}` };
  }
  switch (type) {
    case 'JoinNetwork':
      return { did: 'joined the network' };
    case 'StatusUpdate':
      // A status is plain text, never parsed as markup: `<b>` in it is what the member typed.
      return { did: 'set their status', quote: event.description && shorten(event.description) };
    case 'AddFriend':
      return { did: 'became friends with', what: name(event.attachedToAuthor) ?? title ?? 'another member' };
    default:
      return { did: 'was active', what: title };
  }
}

export function ActivitySentence({ event, people }: { event: ActivityEvent; people: People }) {
  const who = people[event.author];
  const { did, what, quote } = describeActivity(event, people);
  const whoName = who?.fullName ?? event.author;
  return (
    <p className="activity-sentence">
      {who?.url ? <Link to={appPath(who.url)}>{whoName}</Link> : <strong>{whoName}</strong>} {did}
      {what ? (
        <>
          {' '}
          {event.url ? <Link to={appPath(event.url)}>{what}</Link> : <span>{what}</span>}
        </>
      ) : null}
      {quote ? (
        <>
          : <q className="activity-quote">{quote}</q>
        </>
      ) : null}
    </p>
  );
}

/** Comments are stored as sanitised HTML; the feed quotes their words only, shortened. */
export function plainText(html: string, limit = 200): string {
  // Sanitised HTML has well-formed tags and escapes its text, so its words are what lies
  // between the tags, unescaped: read the same on the server as in the browser, and never
  // parsed into a document (nothing in it runs or loads). Paragraphs and lines end with a
  // space, so their words do not run together.
  const spaced = html.replace(/<\/(p|div|li|h[1-6]|blockquote|pre)>|<br\s*\/?>/gi, '$& ');
  return shorten(spaced.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, unescapeEntity), limit);
}

function shorten(words: string, limit = 200): string {
  const text = words.replace(/\s+/g, ' ').trim();
  return text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function unescapeEntity(entity: string, name: string): string {
  if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
}
