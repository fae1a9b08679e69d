import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`); CHROMIUM_PATH overrides. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser tests can run. Without a Chromium they are skipped with one line saying how to
 * run them, unless REQUIRE_CHROMIUM=1 (CI), where a missing browser is a failure.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const how = `no Chromium at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH to run the browser tests`;
  if (process.env.REQUIRE_CHROMIUM === '1') throw new Error(`REQUIRE_CHROMIUM=1 but ${how}`);
  console.warn(`Browser tests skipped: ${how}.`);
  return false;
}

/** No sandbox (root), no GPU, and none of the background networking that a closed network refuses. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium as this machine runs it: no sandbox (root), no GPU, and none of the background
 * networking that a closed network refuses; a fresh profile each time.
 */
export async function launchChromium(): Promise<{ browser: BrowserContext; close(): Promise<void> }> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'chromium-profile-'));
  const browser = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
  return {
    browser,
    async close() {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The same Chromium as a browser whose contexts can differ: one with JavaScript turned off, say. */
export function launchChromiumBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

/**
 * Does `action` (a click, a key press that submits a form) and resolves once the page it leads to has loaded, at an
 * address `where` accepts (any, without it). A test waits for this, or for what it asserts, never for a change of
 * address alone: the address changes before the page has loaded, and `page.waitForURL` or
 * `page.waitForLoadState` return at once on the page the action starts from when it already matches (a form that
 * posts back to its own address), so what follows would read the old page.
 */
export async function loadedAfter(page: Page, action: () => Promise<unknown>, where?: (url: URL) => boolean): Promise<void> {
  const loaded = page.waitForEvent('load', { predicate: () => !where || where(new URL(page.url())) });
  await Promise.all([loaded, action()]);
}
