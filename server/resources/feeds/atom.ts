// Atom 1.0 documents (RFC 4287), written by hand: a feed is a few elements, and every text
// and attribute value goes through `escape`, so nothing a member wrote can break the XML.
export interface AtomEntry {
  id: string;
  title: string;
  updated: Date;
  published: Date;
  author: { name: string; uri: string };
  link: string;
  /** HTML, sanitised when it was stored; sent escaped as `type="html"`. */
  content: string;
  categories: string[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  updated: Date;
  /** The feed's own address, and the page it is the feed of. */
  self: string;
  alternate: string;
  /** Used when the feed has no entries: RFC 4287 wants an author for the feed or each entry. */
  author: { name: string; uri?: string };
  entries: AtomEntry[];
}

// Characters XML 1.0 forbids: C0 controls but tab, newline and return; U+FFFE/F; lone surrogates.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escape(text: string): string {
  return text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const person = (tag: string, p: { name: string; uri?: string }) =>
  `<${tag}><name>${escape(p.name)}</name>${p.uri ? `<uri>${escape(p.uri)}</uri>` : ''}</${tag}>`;

export function atomDocument(feed: AtomFeed): string {
  const entries = feed.entries.map(
    (e) =>
      [
        '<entry>',
        `<id>${escape(e.id)}</id>`,
        `<title type="text">${escape(e.title)}</title>`,
        `<updated>${e.updated.toISOString()}</updated>`,
        `<published>${e.published.toISOString()}</published>`,
        person('author', e.author),
        `<link rel="alternate" type="text/html" href="${escape(e.link)}"/>`,
        ...e.categories.map((c) => `<category term="${escape(c)}"/>`),
        `<content type="html">${escape(e.content)}</content>`,
        '</entry>',
      ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${escape(feed.id)}</id>`,
    `<title type="text">${escape(feed.title)}</title>`,
    ...(feed.subtitle ? [`<subtitle type="text">${escape(feed.subtitle)}</subtitle>`] : []),
    `<updated>${feed.updated.toISOString()}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escape(feed.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escape(feed.alternate)}"/>`,
    person('author', feed.author),
    '<generator>Community platform</generator>',
    ...entries,
    '</feed>',
  ].join('\n');
}
