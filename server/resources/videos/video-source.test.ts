// The addresses and embed codes members paste, read down to a host and an id; and what is
// refused.
import { describe, expect, it } from 'vitest';
import { parseVideoSource, playerOf, VideoSourceError } from './video-source';

const youtube = { host: 'youtube', id: 'dQw4w9WgXcQ' };
const vimeo = { host: 'vimeo', id: '76979871' };
const dailymotion = { host: 'dailymotion', id: 'x7tgad0' };

describe('reading a video out of what a member pastes', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', youtube],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s', youtube],
    ['http://m.youtube.com/watch?v=dQw4w9WgXcQ', youtube],
    ['www.youtube.com/watch?v=dQw4w9WgXcQ', youtube],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', youtube],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', youtube],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=3', youtube],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', youtube],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', youtube],
    ['https://vimeo.com/76979871', vimeo],
    ['https://vimeo.com/76979871/8272103f6e', vimeo],
    ['https://vimeo.com/channels/staffpicks/76979871', vimeo],
    ['https://vimeo.com/showcase/1234/video/76979871', vimeo],
    ['https://vimeo.com/groups/shortfilms/videos/76979871', vimeo],
    ['https://player.vimeo.com/video/76979871?h=8272103f6e', vimeo],
    ['https://www.dailymotion.com/video/x7tgad0', dailymotion],
    ['https://www.dailymotion.com/video/x7tgad0_some-title_news', dailymotion],
    ['https://dai.ly/x7tgad0', dailymotion],
    ['https://www.dailymotion.com/embed/video/x7tgad0', dailymotion],
    ['https://geo.dailymotion.com/player.html?video=x7tgad0', dailymotion],
    ['<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=x" allowfullscreen></iframe>', youtube],
    [
      '<div style="padding:56.25% 0 0 0;position:relative;"><iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e&amp;badge=0" ' +
        'style="position:absolute;top:0;left:0;width:100%;height:100%;" title="A film"></iframe></div>' +
        '<script src="https://player.vimeo.com/api/player.js"></script>',
      vimeo,
    ],
    [
      '<object width="425" height="344"><param name="movie" value="http://www.youtube.com/v/dQw4w9WgXcQ&hl=en"></param>' +
        '<embed src="http://www.youtube.com/v/dQw4w9WgXcQ&hl=en" type="application/x-shockwave-flash"></embed></object>',
      youtube,
    ],
  ])('%s', (input, expected) => {
    expect(parseVideoSource(input)).toEqual(expected);
  });

  it.each([
    ['', 'empty'],
    ['not a url at all', 'unknown host'],
    ['https://example.com/watch?v=dQw4w9WgXcQ', 'unknown host'],
    ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', 'look-alike host'],
    ['javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ', 'script address'],
    ['https://www.youtube.com/watch?v=short', 'malformed id'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>', 'id with markup'],
    ['https://www.youtube.com/@somechannel', 'a channel, not a video'],
    ['https://vimeo.com/channels/staffpicks', 'no video id'],
    ['<script src="https://evil.example/x.js"></script>', 'a script'],
    ['<script>document.write("<iframe src=https://www.youtube.com/embed/dQw4w9WgXcQ>")</script>', 'an inline script'],
    ['<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><script>alert(1)</script>', 'a player with a script'],
    ['<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" onload="alert(1)"></iframe><img src=x onerror=alert(1)>', 'an image'],
    ['<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>', 'an unknown player'],
    ['<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><iframe src="https://vimeo.com/76979871"></iframe>', 'two videos'],
    ['<p>just some text</p>', 'no player'],
  ])('refuses %s (%s)', (input) => {
    expect(() => parseVideoSource(input)).toThrow(VideoSourceError);
  });
});

describe('the player built back from host and id', () => {
  it('embeds YouTube without cookies, with its preview frame', () => {
    expect(playerOf({ host: 'youtube', id: 'dQw4w9WgXcQ' })).toEqual({
      pageUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embedCode: expect.stringMatching(/^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" [^<]*><\/iframe>$/),
      previewFrame: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', width: 480, height: 360 },
    });
  });

  it('embeds Vimeo without tracking and has no preview frame', () => {
    expect(playerOf({ host: 'vimeo', id: '76979871' })).toMatchObject({
      embedCode: expect.stringContaining('src="https://player.vimeo.com/video/76979871?dnt=1"'),
      previewFrame: null,
    });
  });

  it('builds nothing from a row that did not come through the parser', () => {
    expect(playerOf({ host: 'youtube', id: '"><script>alert(1)</script>' })).toBeNull();
    expect(playerOf({ host: 'constructor' as 'youtube', id: 'x' })).toBeNull();
  });
});
