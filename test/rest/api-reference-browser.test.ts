import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';

/**
 * /docs in a real browser (Debian's Chromium): Swagger UI renders every operation of the OpenAPI document,
 * "Try it out" runs a public GET and shows its 200, and the page breaks no rule of its Content-Security-Policy
 * and asks nothing of any other origin.
 */
let t: TestApp;
let chromium: { browser: BrowserContext; close(): Promise<void> };
const browserPresent = chromiumAvailable();

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startTestApp();
  chromium = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

/** A page that records every request, refuses those to other origins, and records errors and CSP violations. */
async function watchedPage() {
  const page = await chromium.browser.newPage();
  const requests: string[] = [];
  const elsewhere: string[] = [];
  const problems: string[] = [];
  const violations: string[] = [];
  page.on('request', (request) => {
    requests.push(request.url());
  });
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === t.url) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || /content security policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Bindings and init scripts come from the browser's side: the page's policy does not apply to them.
  await page.exposeBinding('reportViolation', (_source, violation: string) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation(v: string): void }).reportViolation;
      report(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return { page, requests, elsewhere, problems, violations };
}

describe.skipIf(!browserPresent)('the API reference in Chromium', () => {
  it('renders every operation, runs one with "Try it out", within its policy and its own origin', async () => {
    const openapi = await (await fetch(`${t.url}/api/v1/openapi.json`)).json();
    const operations = Object.entries(openapi.paths as Record<string, Record<string, { operationId: string }>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, operationId: op.operationId })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(41);

    const { page, requests, elsewhere, problems, violations } = await watchedPage();
    await page.goto(`${t.url}/docs`);
    await page.waitForSelector('#swagger-ui[data-rendered="true"]', { timeout: 30_000 });
    await page.waitForSelector('.opblock');

    // Every operation, by its operationId, path and method.
    const rendered = await page.$$eval('.opblock', (blocks) =>
      blocks.map((block) => ({
        operationId: block.querySelector('.opblock-summary-operation-id')?.textContent?.trim(),
        path: block.querySelector('.opblock-summary-path')?.getAttribute('data-path'),
        method: block.querySelector('.opblock-summary-method')?.textContent?.trim().toLowerCase(),
      })),
    );
    const key = (op: { operationId?: string; path?: string | null; method?: string }) => `${op.method} ${op.path} ${op.operationId}`;
    expect(rendered.map(key).sort()).toEqual(operations.map(key).sort());

    // The description: how to authenticate, the toolsets, the webhooks, the site team.
    const info = await page.textContent('.information-container');
    for (const heading of ['Authentication', 'Toolsets', 'Webhooks', 'The site team']) expect(info).toContain(heading);
    expect(await page.locator('.information-container h2#authentication').count()).toBe(1);

    // Grouped by toolset: one tag section each, named as the MCP address names them.
    const tags = await page.$$eval('.opblock-tag', (headings) => headings.map((h) => h.getAttribute('data-tag')));
    expect(tags.sort()).toEqual([...new Set((openapi.tags as { name: string }[]).map((tag) => tag.name))].sort());
    expect(await page.locator('#operations-webhooks-create_webhook').count()).toBe(1);

    // "Try it out" on a public GET.
    const block = page.locator('#operations-directory-list_categories');
    await block.locator('.opblock-summary').first().click();
    await block.locator('button.try-out__btn').click();
    await block.locator('button.execute').click();
    await expect
      .poll(() => block.locator('.live-responses-table tr.response .response-col_status').first().textContent(), { timeout: 15_000 })
      .toBe('200');
    const shown = await block.locator('.live-responses-table tr.response .response-col_description').first().textContent();
    expect(shown).toContain('"items"');

    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect(requests.length).toBeGreaterThan(0);
    for (const url of requests) expect(new URL(url).origin, url).toBe(t.url);
    expect(requests.filter((url) => url.startsWith(`${t.url}/api/v1/categories`))).toHaveLength(1);

    // The listener hears violations: an inline script is one.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inline = true';
      document.body.append(script);
    });
    await expect.poll(() => violations).toEqual([expect.stringMatching(/^script-src/)]);
    await page.close();
  }, 90_000);

  it('scrolls a link to a heading of the description (/docs#webhooks) to it once rendered', async () => {
    const { page, violations, elsewhere } = await watchedPage();
    await page.goto(`${t.url}/docs#webhooks`);
    await page.waitForSelector('#swagger-ui[data-rendered="true"]', { timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => document.getElementById('webhooks')?.getBoundingClientRect().top ?? 9999)).toBeLessThan(50);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    expect(new URL(page.url()).hash).toBe('#webhooks');
    expect(violations).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  }, 90_000);
});
