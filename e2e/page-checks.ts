// Checks every journey runs on every page it visits: axe finds no accessibility violations
// in the light or the dark colour scheme, and at phone width nothing scrolls sideways.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page as it is now, once per colour scheme; the page's scheme is restored. */
export async function expectAccessible(page: Page): Promise<void> {
  // Content that is still loading is checked when it has arrived, not as grey shapes.
  await expect(page.locator('.skeleton')).toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
    const found = violations.map(({ id, help, nodes }) => ({
      rule: `${id}: ${help}`,
      where: nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim()),
    }));
    expect(found, `axe on ${new URL(page.url()).pathname} in the ${colorScheme} scheme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** At a 390 px phone width the page is no wider than the screen; the viewport is restored. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
  expect(overflow.scrollWidth, `wider than the phone: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(overflow.clientWidth);
  if (viewport) await page.setViewportSize(viewport);
}
