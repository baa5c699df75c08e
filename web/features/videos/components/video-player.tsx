// A video's player, privacy first: nothing is loaded from the video's host until the viewer
// asks to play it (then the host's no-cookie or do-not-track player runs in a sandboxed frame).
// A host whose player our pages may not frame gets a link to the video's page there instead.
import { useState } from 'react';
import type { Video } from '../api/video-queries';
import { hostName, playerUrl, videoTitle } from '../video-host';

export function VideoPlayer({ video }: { video: Pick<Video, 'title' | 'embedCode' | 'sourceUrl'> }) {
  const [playing, setPlaying] = useState(false);
  const player = playerUrl(video.embedCode);
  const host = hostName(video.sourceUrl);
  const title = videoTitle(video);

  if (player && playing) {
    return (
      <div className="video-frame">
        <iframe
          src={`${player}${player.includes('?') ? '&' : '?'}autoplay=1`}
          title={`${title} (${host} player)`}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
      </div>
    );
  }
  return (
    <div className="video-frame video-poster">
      <div className="video-poster-inner">
        {player ? (
          <>
            <button type="button" className="video-play" onClick={() => setPlaying(true)}>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
              Play video
            </button>
            <p>Playing loads {host}’s player, which may see your address and set its own cookies.</p>
          </>
        ) : (
          <p>This video plays on {host}.</p>
        )}
        {video.sourceUrl ? (
          <a href={video.sourceUrl} target="_blank" rel="noopener noreferrer">
            Watch on {host}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </div>
  );
}
