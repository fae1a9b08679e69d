import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.js';

/** SHOTS_DIR=/some/dir keeps a screenshot of each page checked, in each width and scheme. */
const SHOTS = process.env.SHOTS_DIR;

/** The widths and schemes every people's page is checked in. */
const LOOKS = (['light', 'dark'] as const).flatMap((scheme) => [1280, 390].map((width) => ({ scheme, width })));

/**
 * The page as people see it at 1280 and 390 px, in light and dark: nothing wider than the screen and no serious
 * axe violation. Leaves the page at 1280 px in light.
 */
export async function expectReadableEverywhere(page: Page, what: string): Promise<void> {
  for (const { scheme, width } of LOOKS) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    const look = `${what} ${scheme} ${width}`;
    expect(await page.evaluate(() => document.documentElement.scrollWidth), look).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page), look).toEqual([]);
    if (SHOTS) {
      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/${what.replace(/\W+/g, '-')}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** What the page's Content Security Policy refuses, as its console reports it (expected to stay empty). */
export function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}
