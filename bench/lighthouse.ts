// Lighthouse (from npm) on the system Chromium: the performance score and the largest
// contentful paint of one page, with Lighthouse's mobile settings (its default: a mid-range
// phone, simulated slow 4G and 4× CPU slowdown) or its desktop preset (simulated fast
// connection, no CPU slowdown). One run varies with what else the machine does, so a figure
// is the median of several runs, as Lighthouse's own guidance advises.
// Run alone: npx tsx bench/lighthouse.ts [--desktop] [--runs=N] [--details] [--json] <url> [<url> ...]
// (--details: each run's metrics and what Lighthouse says costs most, to find what to fix;
// --json: one line per url, its figure or what failed, as the benchmark reads it.)
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
  /** Total blocking time: the main thread's long tasks between first paint and interactive. */
  tbtMs: number;
  /** What the figure was measured with: the preset and the number of runs it is the median of. */
  settings: string;
}

type Run = Omit<LighthouseFigure, 'settings'>;

/** The metrics the performance score weighs, and the audits that find savings or diagnose costs. */
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
const DIAGNOSTICS = ['mainthread-work-breakdown', 'bootup-time', 'total-byte-weight', 'long-tasks', 'network-rtt', 'largest-contentful-paint-element', 'lcp-lazy-loaded', 'critical-request-chains'];

/** One Lighthouse run on a fresh Chromium; with `details`, prints its metrics and its costliest audits. */
async function runOnce(url: string, preset: Preset, details = false): Promise<Run> {
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
    if (details) printDetails(lhr);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    };
  } finally {
    await chrome.kill();
  }
}

/** The median run of `runs` (by score) on `url`; a run Chromium failed to trace (a busy machine) is tried once more. */
export async function runLighthouse(
  url: string,
  { preset = 'mobile', runs = 3, details = false }: { preset?: Preset; runs?: number; details?: boolean } = {},
): Promise<LighthouseFigure> {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) results.push(await runOnce(url, preset, details).catch(() => runOnce(url, preset, details)));
  results.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  const median = results[Math.floor((results.length - 1) / 2)]!;
  return { ...median, settings: `${PRESET_SETTINGS[preset]}; median of ${runs} run${runs === 1 ? '' : 's'}` };
}

export function describeFigure({ score, lcpMs, tbtMs, settings }: LighthouseFigure): string {
  return `performance ${score}, largest contentful paint ${(lcpMs / 1000).toFixed(2)} s, total blocking time ${Math.round(tbtMs)} ms (${settings})`;
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One run's metrics (with their scores), the opportunities that would save most, and the diagnostics. */
function printDetails(lhr: Result) {
  const audit = (id: string) => lhr.audits[id];
  const line = (id: string) => {
    const a = audit(id);
    return a ? `  ${a.title}: ${a.displayValue ?? ''}${a.score !== null ? ` (score ${Math.round(a.score * 100)})` : ''}` : '';
  };
  console.log(`run: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`);
  for (const id of METRICS) console.log(line(id));
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && a.score !== null && a.score < 1)
    .sort((a, b) => ((b.numericValue ?? 0) as number) - ((a.numericValue ?? 0) as number));
  for (const a of opportunities) console.log(`  opportunity: ${a.title}: ${a.displayValue ?? ''}`);
  for (const id of DIAGNOSTICS) {
    const a = audit(id);
    if (!a) continue;
    console.log(line(id));
    const items = (a.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    for (const item of items.slice(0, 6)) console.log(`      ${JSON.stringify(item).slice(0, 220)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const preset: Preset = args.includes('--desktop') ? 'desktop' : 'mobile';
  const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
  const details = args.includes('--details');
  for (const url of args.filter((a) => !a.startsWith('--'))) {
    if (!args.includes('--json')) console.log(`${url}: ${describeFigure(await runLighthouse(url, { preset, runs, details }))}`);
    else console.log(JSON.stringify(await runLighthouse(url, { preset, runs }).catch((error: Error) => ({ error: error.message }))));
  }
}
