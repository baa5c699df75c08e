// Lighthouse (from npm) on the system Chromium: the performance score and the largest
// contentful paint of one page, with Lighthouse's default mobile settings (throttled CPU and
// network). Run alone: npx tsx bench/lighthouse.ts <url> [<url> ...]
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

export async function runLighthouse(url: string): Promise<{ score: number; lcpMs: number }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
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

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const url of process.argv.slice(2)) {
    const { score, lcpMs } = await runLighthouse(url);
    console.log(`${url}: performance ${score}, largest contentful paint ${(lcpMs / 1000).toFixed(2)} s`);
  }
}
