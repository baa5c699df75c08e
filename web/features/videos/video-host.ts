// Where a video lives, and whether its player may run inside our pages. Only the players the
// Content-Security-Policy's frame-src allows are embedded (youtube-nocookie.com, and Vimeo with
// do-not-track); any other host is a link out to the video's page there.
const PLAYERS = ['https://www.youtube-nocookie.com/embed/', 'https://player.vimeo.com/video/'];

const HOST_NAMES: Record<string, string> = {
  'youtube.com': 'YouTube',
  'youtu.be': 'YouTube',
  'vimeo.com': 'Vimeo',
  'dailymotion.com': 'Dailymotion',
  'dai.ly': 'Dailymotion',
};

/** The host's name as people know it ("YouTube"), from the video's page there. */
export function hostName(sourceUrl: string | null | undefined): string {
  if (!sourceUrl) return 'its host';
  try {
    const host = new URL(sourceUrl).hostname.replace(/^(www|m)\./, '');
    return HOST_NAMES[host] ?? host;
  } catch {
    return 'its host';
  }
}

/**
 * The player address in the service's embed code, when it is one we embed. The code is read as
 * inert markup and only the first iframe's `src` is taken, never the markup itself.
 */
export function playerUrl(embedCode: string | null | undefined): string | null {
  if (!embedCode) return null;
  const src = new DOMParser().parseFromString(embedCode, 'text/html').querySelector('iframe')?.getAttribute('src');
  if (!src) return null;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && PLAYERS.some((player) => url.href.startsWith(player)) ? url.href : null;
  } catch {
    return null;
  }
}

export const videoTitle = (video: { title: string; sourceUrl: string | null }) => video.title || `A video on ${hostName(video.sourceUrl)}`;
