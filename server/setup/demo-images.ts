// Pictures for the demo photos, drawn as SVG and rendered by sharp, so the repository holds no
// binary images and a first start needs no network.
import sharp from 'sharp';

const W = 960;
const H = 720;

const scene = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

const sky = (id: string, top: string, bottom: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#${id})"/>`;

export const demoScenes = {
  riverAtDusk: scene(
    sky('s', '#f19a5b', '#fde2b3') +
      '<circle cx="660" cy="250" r="80" fill="#fff3d1"/>' +
      '<path d="M0 430 Q240 320 480 420 T960 400 V720 H0Z" fill="#3f6b52"/>' +
      '<path d="M0 540 Q300 500 560 560 T960 540 V720 H0Z" fill="#4c7fa8"/>' +
      '<path d="M120 600 H420 M520 640 H860" stroke="#cfe3f2" stroke-width="6" stroke-linecap="round" opacity="0.7"/>',
  ),
  balconyTomatoes: scene(
    sky('s', '#bfe3f5', '#eef8fc') +
      '<rect x="0" y="560" width="960" height="160" fill="#8a5a3c"/>' +
      '<path d="M300 560 C280 420 360 300 330 160 M520 560 C540 400 470 300 520 140 M700 560 C680 430 740 320 700 200" stroke="#3e7d3a" stroke-width="14" fill="none"/>' +
      [[330, 260], [360, 380], [300, 450], [500, 230], [540, 340], [490, 460], [700, 300], [730, 420]]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="34" fill="#d83b2d"/><circle cx="${x! - 10}" cy="${y! - 12}" r="8" fill="#f08a80"/>`)
        .join(''),
  ),
  loafOnTheBoard: scene(
    sky('s', '#f4e7d4', '#e3cfb3') +
      '<ellipse cx="480" cy="560" rx="380" ry="70" fill="#a8774f"/>' +
      '<ellipse cx="480" cy="430" rx="280" ry="150" fill="#c9843f"/>' +
      '<path d="M300 380 Q400 330 480 390 M430 330 Q520 290 600 350 M520 420 Q600 380 660 430" stroke="#f3d9a8" stroke-width="12" fill="none" stroke-linecap="round"/>',
  ),
  meetupNight: scene(
    sky('s', '#1f2a4d', '#47507a') +
      [[140, 120], [300, 80], [520, 140], [760, 90], [860, 200], [420, 60]]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4" fill="#fff"/>`)
        .join('') +
      '<rect x="180" y="320" width="600" height="400" fill="#2b2b36"/>' +
      [0, 1, 2, 3].flatMap((col) => [0, 1, 2].map((row) => `<rect x="${220 + col * 140}" y="${360 + row * 110}" width="90" height="70" fill="${(col + row) % 3 === 0 ? '#3b3b48' : '#f5cf6b'}"/>`)).join(''),
  ),
};

/** A scene as the JPEG a phone would upload. */
export async function demoPhoto(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
