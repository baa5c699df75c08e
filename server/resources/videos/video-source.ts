// What we know about video hosts: how to read a video's host and id out of a page URL or an
// embed code a member pastes, and how to build the player, page link and preview frame back
// from those two values. Nothing a member pastes is ever stored or echoed.
import sanitizeHtml from 'sanitize-html';
import type { VideoHost } from '../../db/schema';

export interface VideoSource {
  host: VideoHost;
  id: string;
}

export interface PreviewFrame {
  url: string;
  width: number | null;
  height: number | null;
}

interface Host {
  name: string;
  /** The video id a URL of this host names, or null when it names none. */
  idFromUrl(url: URL, path: string[]): string | null;
  validId: RegExp;
  pageUrl(id: string): string;
  playerUrl(id: string): string;
  previewFrame(id: string): PreviewFrame | null;
  /** Hosts whose URLs belong to this video host, without `www.` or `m.`. */
  domains: string[];
  /** Scripts the host's own embed code loads next to the player (discarded, but not refused). */
  scripts: string[];
}

const after = (path: string[], segment: string) => {
  const i = path.indexOf(segment);
  return i >= 0 ? (path[i + 1] ?? null) : null;
};

const hosts: Record<VideoHost, Host> = {
  youtube: {
    name: 'YouTube',
    domains: ['youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'youtu.be'],
    idFromUrl: (url, path) => {
      if (url.hostname.endsWith('youtu.be')) return path[0] ?? null;
      if (path[0] === 'watch') return url.searchParams.get('v');
      // Old Flash players took their options after an `&` in the path: /v/<id>&hl=en.
      return ['embed', 'shorts', 'live', 'v', 'e'].includes(path[0] ?? '') ? (path[1]?.split('&')[0] ?? null) : null;
    },
    validId: /^[A-Za-z0-9_-]{11}$/,
    pageUrl: (id) => `https://www.youtube.com/watch?v=${id}`,
    playerUrl: (id) => `https://www.youtube-nocookie.com/embed/${id}`,
    previewFrame: (id) => ({ url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 }),
    scripts: [],
  },
  vimeo: {
    name: 'Vimeo',
    domains: ['vimeo.com', 'player.vimeo.com'],
    // vimeo.com/76979871, /channels/staffpicks/76979871, /showcase/11/video/76979871,
    // /groups/name/videos/76979871, player.vimeo.com/video/76979871
    idFromUrl: (_url, path) => after(path, 'video') ?? after(path, 'videos') ?? path.find((s) => /^\d+$/.test(s)) ?? null,
    validId: /^\d{1,15}$/,
    pageUrl: (id) => `https://vimeo.com/${id}`,
    // dnt: the player sets no tracking cookies, as youtube-nocookie does for YouTube.
    playerUrl: (id) => `https://player.vimeo.com/video/${id}?dnt=1`,
    previewFrame: () => null,
    scripts: ['https://player.vimeo.com/api/player.js'],
  },
  dailymotion: {
    name: 'Dailymotion',
    domains: ['dailymotion.com', 'geo.dailymotion.com', 'dai.ly'],
    idFromUrl: (url, path) => {
      if (url.hostname.endsWith('dai.ly')) return path[0] ?? null;
      // dailymotion.com/video/x7tgad0_some-title: the id ends at the underscore.
      return url.searchParams.get('video') ?? after(path, 'video')?.split('_')[0] ?? null;
    },
    validId: /^[A-Za-z0-9]{5,24}$/,
    pageUrl: (id) => `https://www.dailymotion.com/video/${id}`,
    playerUrl: (id) => `https://www.dailymotion.com/embed/video/${id}`,
    previewFrame: (id) => ({ url: `https://www.dailymotion.com/thumbnail/video/${id}`, width: null, height: null }),
    scripts: [],
  },
};

const hostNames = Object.values(hosts)
  .map((h) => h.name)
  .join(', ');

export class VideoSourceError extends Error {}

/** Reads the video out of a page URL or an embed code; throws VideoSourceError with the reason. */
export function parseVideoSource(input: string): VideoSource {
  const text = input.trim();
  if (!text) throw new VideoSourceError('is empty');
  return text.startsWith('<') ? sourceFromEmbedCode(text) : sourceFromUrl(text);
}

function sourceFromUrl(text: string): VideoSource {
  const source = videoOfUrl(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  if (!source) throw new VideoSourceError(`is not the address of a video on ${hostNames}`);
  return source;
}

function videoOfUrl(text: string): VideoSource | null {
  let url: URL;
  try {
    url = new URL(text.startsWith('//') ? `https:${text}` : text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const domain = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const path = url.pathname.split('/').filter(Boolean);
  for (const [name, host] of Object.entries(hosts) as [VideoHost, Host][]) {
    if (!host.domains.includes(domain)) continue;
    const id = host.idFromUrl(url, path);
    return id && host.validId.test(id) ? { host: name, id } : null;
  }
  return null;
}

// Elements a host's embed code wraps its player in; they are dropped with everything else.
const layoutTags = new Set(['div', 'p', 'span', 'a', 'br', 'b', 'strong', 'i', 'em', 'small', 'center']);
const knownScripts = new Set(Object.values(hosts).flatMap((h) => h.scripts));

/**
 * An embed code names its video in its player elements (an iframe, or the object/embed pair
 * of older codes). All of them must name the same video of a known host; scripts other than
 * the hosts' own player scripts, and any other element, make the whole code refused.
 */
function sourceFromEmbedCode(html: string): VideoSource {
  const players: string[] = [];
  const refused: string[] = [];
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    onOpenTag: (tag, attribs) => {
      if (tag === 'iframe' || tag === 'embed') players.push(attribs.src ?? '');
      else if (tag === 'object') {
        if (attribs.data) players.push(attribs.data);
      } else if (tag === 'param') {
        if (/^(movie|src)$/i.test(attribs.name ?? '')) players.push(attribs.value ?? '');
      } else if (tag === 'script') {
        if (!knownScripts.has(attribs.src ?? '')) refused.push(tag);
      } else if (!layoutTags.has(tag)) refused.push(tag);
    },
  });
  if (refused.length > 0) throw new VideoSourceError(`may not contain <${refused[0]}>: paste the video's address or its host's player code`);
  const sources = players.map(videoOfUrl);
  const first = sources[0];
  if (!first || sources.some((s) => !s || s.host !== first.host || s.id !== first.id)) {
    throw new VideoSourceError(`is not the player code of one video on ${hostNames}`);
  }
  return first;
}

export interface Player {
  pageUrl: string;
  embedCode: string;
  previewFrame: PreviewFrame | null;
}

/**
 * What we serve for a stored video, built from its host and id alone. The id is checked
 * again, so a row that did not come through `parseVideoSource` yields nothing, never markup.
 */
export function playerOf(source: VideoSource): Player | null {
  const host = Object.hasOwn(hosts, source.host) ? hosts[source.host] : undefined;
  if (!host || !host.validId.test(source.id)) return null;
  return {
    pageUrl: host.pageUrl(source.id),
    embedCode:
      `<iframe src="${host.playerUrl(source.id)}" width="640" height="360" title="${host.name} video player" ` +
      'frameborder="0" allow="encrypted-media; fullscreen; picture-in-picture" ' +
      'referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>',
    previewFrame: host.previewFrame(source.id),
  };
}
