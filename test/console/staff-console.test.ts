/** The /admin console's frame (issue 29): who may open it, the dashboard, the staff and audit-log pages, in a cookie browser and in Chromium. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { seriousViolations } from '../support/axe.js';
import { TestBrowser } from '../support/browser.js';
import { postConsoleForm, signInChromium, staffBrowser, staffPerson, type StaffPerson } from './support.js';

let t: TestApp;
let admin: StaffPerson;
let editor: StaffPerson;
beforeAll(async () => {
  t = await startTestApp();
  admin = await staffPerson(t.db, 'admin');
  editor = await staffPerson(t.db, 'editor');
});
afterAll(() => t?.close());

describe('the console', () => {
  it('sends anonymous visitors to sign in and back, and answers 403 to people without a staff role', async () => {
    const anonymous = await new TestBrowser().get(`${t.url}/admin/audit-log?action=listing.`, { follow: false });
    expect(anonymous.status).toBe(303);
    expect(anonymous.location).toBe('/signin?return_to=/admin/audit-log%3Faction%3Dlisting.');
    const stranger = await staffBrowser(t, await staffPerson(t.db, null));
    const refused = await stranger.get(`${t.url}/admin`);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('has no staff role');
    expect(refused.text).toContain('<meta name="robots" content="noindex">');
  });

  it('shows each role the sections it may use, and 403 on the others', async () => {
    const browser = await staffBrowser(t, editor);
    const dashboard = await browser.get(`${t.url}/admin`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain('href="/admin/blog"');
    expect(dashboard.text).not.toContain('href="/admin/orders"');
    expect(dashboard.text).toContain('Open reports');
    for (const path of ['/admin/staff', '/admin/audit-log']) {
      const page = await browser.get(`${t.url}${path}`);
      expect(page.status, path).toBe(403);
      expect(page.text, path).toContain('your role is editor');
    }
    const asAdmin = await (await staffBrowser(t, admin)).get(`${t.url}/admin`);
    for (const section of ['blog', 'listings', 'reports', 'orders', 'settings', 'staff', 'audit-log'])
      expect(asAdmin.text).toContain(`href="/admin/${section}"`);
  });

  it('counts what needs the site team on the dashboard', async () => {
    await t.db.query(
      `INSERT INTO webhooks (id, account_id, url, events, secret, status, created_at) VALUES ('wh_dash', $1, 'https://example.com/h', '{draft.ready}', 's', 'disabled', now())`,
      [admin.id],
    );
    const page = await (await staffBrowser(t, admin)).get(`${t.url}/admin`);
    expect(page.text).toMatch(/Disabled webhooks<\/th><td>1</);
    expect(page.text).toMatch(/Sign-ups today<\/th><td>[1-9]/);
  });

  it('lets an admin give a role from the staff page, recorded in the audit log; bad input names its path and changes nothing', async () => {
    const browser = await staffBrowser(t, admin);
    const newcomer = await staffPerson(t.db, null);
    const bad = await postConsoleForm(t, browser, '/admin/staff', '/admin/staff', { email: 'not an address', role: 'editor' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('<code>/email</code>');
    const done = await postConsoleForm(t, browser, '/admin/staff', '/admin/staff', { email: newcomer.email, role: 'moderator' });
    expect(done.status).toBe(303);
    const after = await browser.get(`${t.url}${done.location}`);
    expect(after.text).toContain('The role was changed');
    expect(after.text).toContain(`<td>${newcomer.email}</td><td>moderator</td>`);
    const log = await browser.get(`${t.url}/admin/audit-log?action=account.role&target_id=${encodeURIComponent(newcomer.email)}`);
    expect(log.text).toContain(admin.email);
    expect(log.text).toContain('{&quot;role&quot;:&quot;moderator&quot;}');
  });

  it('refuses the staff form without its CSRF token, changing nothing', async () => {
    const browser = await staffBrowser(t, admin);
    const target = await staffPerson(t.db, null);
    const forged = await browser.post(`${t.url}/admin/staff`, { email: target.email, role: 'admin' }, { follow: false });
    expect(forged.status).toBe(403);
    const fromElsewhere = await browser.post(
      `${t.url}/admin/staff`,
      { email: target.email, role: 'admin', csrf: (await browser.get(`${t.url}/admin/staff`)).field('csrf') },
      { follow: false, headers: { origin: 'https://evil.example' } },
    );
    expect(fromElsewhere.status).toBe(403);
    expect(await t.db.one('SELECT role FROM accounts WHERE id = $1', [target.id])).toEqual({ role: null });
  });

  it('escapes what people wrote wherever the console shows it', async () => {
    const browser = await staffBrowser(t, admin);
    const page = await browser.get(`${t.url}/admin/audit-log?actor=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

const browserPresent = chromiumAvailable();
describe.skipIf(!browserPresent)('the console in Chromium', () => {
  let chromium: { browser: BrowserContext; close(): Promise<void> };
  beforeAll(async () => {
    chromium = await launchChromium();
  }, 60_000);
  afterAll(() => chromium?.close());

  it('an admin signs in, gives a role from the staff page and finds it in the audit log; no serious axe violations', async () => {
    const page = await chromium.browser.newPage();
    await signInChromium(page, t.url, admin);
    expect(await seriousViolations(page)).toEqual([]);
    const newcomer = await staffPerson(t.db, null);
    await page.click('a[href="/admin/staff"]');
    await page.fill('input[name="email"]', newcomer.email);
    await page.selectOption('select[name="role"]', 'editor');
    await page.click('button:has-text("Set role")');
    await expect.poll(() => page.textContent('main')).toContain('The role was changed');
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('a[href="/admin/audit-log"]');
    expect(await page.textContent('main')).toContain(newcomer.email);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
