// Lighthouse (from npm) on the system Chromium: the performance score and the largest
// contentful paint of one page, with Lighthouse's mobile settings (its default: a mid-range
// phone, simulated slow 4G and 4× CPU slowdown) or its desktop preset (simulated fast
// connection, no CPU slowdown). One run varies with what else the machine does, so a figure
// is the median of several runs, as Lighthouse's own guidance advises.
// Run alone: npx tsx bench/lighthouse.ts [--desktop] [--runs=N] <url> [<url> ...]
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';

export type Preset = 'mobile' | 'desktop';

export const PRESET_SETTINGS: Record<Preset, string> = {
  mobile: 'mobile: simulated slow 4G, 4× CPU slowdown',
  desktop: 'desktop: simulated 10 Mbit/s, no CPU slowdown',
};

export interface LighthouseFigure {
  score: number;
  lcpMs: number;
  /** What the figure was measured with: the preset and the number of runs it is the median of. */
  settings: string;
}

/** One Lighthouse run on a fresh Chromium. */
async function runOnce(url: string, preset: Preset): Promise<{ score: number; lcpMs: number }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const flags = { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' as const, output: 'json' as const };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    };
  } finally {
    await chrome.kill();
  }
}

/** The median run of `runs` (by score) on `url`; a run Chromium failed to trace (a busy machine) is tried once more. */
export async function runLighthouse(url: string, { preset = 'mobile', runs = 3 }: { preset?: Preset; runs?: number } = {}): Promise<LighthouseFigure> {
  const results: { score: number; lcpMs: number }[] = [];
  for (let i = 0; i < runs; i++) results.push(await runOnce(url, preset).catch(() => runOnce(url, preset)));
  results.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  const median = results[Math.floor((results.length - 1) / 2)]!;
  return { ...median, settings: `${PRESET_SETTINGS[preset]}; median of ${runs} run${runs === 1 ? '' : 's'}` };
}

export function describeFigure({ score, lcpMs, settings }: LighthouseFigure): string {
  return `performance ${score}, largest contentful paint ${(lcpMs / 1000).toFixed(2)} s (${settings})`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const preset: Preset = args.includes('--desktop') ? 'desktop' : 'mobile';
  const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
  for (const url of args.filter((a) => !a.startsWith('--'))) {
    console.log(`${url}: ${describeFigure(await runLighthouse(url, { preset, runs }))}`);
  }
}
