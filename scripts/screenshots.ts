/**
 * The README's screenshots, made again by anyone: `npm run screenshots`. Starts the service on an embedded
 * database (PGlite, in memory) with the demo directory at a fixed date, opens it in Debian's Chromium
 * (`apt-get install chromium`, or CHROMIUM_PATH) through playwright-core, and writes docs/screenshots/:
 * home.png and listing.png at 1280 px wide, home-mobile.png and listing-mobile.png at 390 px, and
 * home-dark.png (prefers-color-scheme: dark). No network is needed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../test/support/chromium.js';
import { startDemoService } from './demo-service.js';

const OUT = path.resolve(import.meta.dirname, '../docs/screenshots');
/** Keep each picture small enough for a README. */
const MAX_BYTES = 300 * 1024;

async function main() {
  if (!chromiumAvailable()) throw new Error('no Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH');
  const { url, db, close } = await startDemoService();
  const chromium = await launchChromium();
  try {
    const top = await db.one<{ slug: string }>(
      `SELECT slug FROM listings WHERE status = 'live' AND 'media' = ANY(unlocked_sections) ORDER BY launch_week DESC, votes_count DESC, id LIMIT 1`,
    );
    if (!top) throw new Error('the demo has no live listing with screenshots'); // the newest week's #1 with a gallery
    const page = await chromium.browser.newPage();
    await mkdir(OUT, { recursive: true });
    const shots: [file: string, route: string, width: number, height: number, scheme: 'light' | 'dark'][] = [
      ['home.png', '/', 1280, 1100, 'light'],
      ['listing.png', `/listings/${top.slug}`, 1280, 1100, 'light'],
      ['home-dark.png', '/', 1280, 1100, 'dark'],
      ['home-mobile.png', '/', 390, 844, 'light'],
      ['listing-mobile.png', `/listings/${top.slug}`, 390, 844, 'light'],
    ];
    for (const [file, route, width, height, colorScheme] of shots) {
      const bytes = await shoot(page, `${url}${route}`, width, height, colorScheme);
      if (bytes.length > MAX_BYTES) throw new Error(`${file} is ${bytes.length} bytes, over ${MAX_BYTES}`);
      await writeFile(path.join(OUT, file), bytes);
      console.log(`${path.relative(process.cwd(), path.join(OUT, file))}: ${width}×${height}, ${Math.round(bytes.length / 1024)} KB`);
    }
  } finally {
    await chromium.close();
    await close();
  }
}

/** The first screen of a page, once its images (lazy ones too) have loaded. */
async function shoot(page: Page, url: string, width: number, height: number, colorScheme: 'light' | 'dark'): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme });
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(async () => {
    for (const img of document.images) img.loading = 'eager';
    await Promise.all([...document.images].map((img) => (img.complete ? undefined : img.decode().catch(() => undefined))));
  });
  return page.screenshot({ type: 'png' });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
