import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { TestBrowser } from '../../support/browser.js';
import { chromiumAvailable, launchChromiumBrowser, loadedAfter } from '../../support/chromium.js';
import { cspRefusals, expectReadableEverywhere } from '../../support/page-checks.js';
import { createApiKey, findApiKeyOwner } from '../../../src/accounts/api-keys.js';
import { csrfOf, makeAccount, signedInBrowser, startPagesApp, type PagesApp } from './page-flows.js';

const browserPresent = chromiumAvailable();
let t: PagesApp;
let chromium: Browser | undefined;
beforeAll(async () => {
  t = await startPagesApp();
  if (browserPresent) chromium = await launchChromiumBrowser();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

const ALL = ['account:read', 'listings:write', 'orders:write'];

type KeyRow = { id: string; name: string; prefix: string; key_hash: string; scopes: string[]; revoked: boolean };
const keysOf = (accountId: string) =>
  t.db.query<KeyRow>(
    'SELECT id, name, prefix, key_hash, scopes, revoked_at IS NOT NULL AS revoked FROM api_keys WHERE account_id = $1 ORDER BY created_at',
    [accountId],
  );

async function createKey(browser: TestBrowser, fields: Record<string, string | string[]>) {
  const csrf = await csrfOf(t, browser, '/account/api-keys');
  return browser.post(`${t.url}/account/api-keys`, { csrf, ...fields });
}

describe('API keys', () => {
  it('offers every permission, in plain words, checked by default', async () => {
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/account/api-keys`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('You have no API keys yet.');
    for (const scope of ALL) expect(page.text).toMatch(new RegExp(`<input type="checkbox" name="scopes" value="${scope}" checked>`));
    expect(page.text).toContain('Read your account, drafts, listings, claims and orders');
    expect(page.text).toContain('Price orders and start checkouts');
  });

  it('creates a key: 201, the full key once, then only its prefix; the store keeps a hash; revoking it works', async () => {
    const person = await signedInBrowser(t);
    const created = await createKey(person.browser, { name: '  Deploy script  ', scopes: ['account:read', 'orders:write'] });
    expect(created.status).toBe(201);
    const key = /<p class="key" id="new-api-key">([^<]+)<\/p>/.exec(created.text)?.[1];
    expect(key).toMatch(/^ldk_[A-Za-z0-9_-]{40,}$/);
    expect(created.text).toContain('will not be shown again');
    expect(created.text.split(key!).length - 1).toBe(1);

    const [row] = await keysOf(person.id);
    expect(row.name).toBe('Deploy script');
    expect(row.scopes).toEqual(['account:read', 'orders:write']);
    expect(row.key_hash).not.toBe(key);
    expect(row.key_hash).not.toContain(key!.slice(4));
    expect(row.key_hash).toBe(createHash('sha256').update(key!).digest('hex'));
    expect(key!.startsWith(row.prefix)).toBe(true);
    expect(row.prefix.length).toBeLessThan(key!.length / 2);
    expect(await findApiKeyOwner(t.db, key!, t.clock.now)).toMatchObject({
      accountId: person.id,
      scopes: ['account:read', 'orders:write'],
    });

    const listed = await person.browser.get(`${t.url}/account/api-keys`);
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(key!);
    expect(listed.text).not.toContain('id="new-api-key"');
    expect(listed.text).toContain(`<code>${row.prefix}…</code>`);
    expect(listed.text).toContain('Deploy script');
    expect(listed.text).toContain(`action="/account/api-keys/${row.id}/revoke"`);

    const revoked = await person.browser.post(
      `${t.url}/account/api-keys/${row.id}/revoke`,
      { csrf: listed.field('csrf') },
      { follow: false },
    );
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe('/account/api-keys');
    expect((await keysOf(person.id))[0].revoked).toBe(true);
    expect(await findApiKeyOwner(t.db, key!, t.clock.now)).toBeUndefined();
    const after = await person.browser.get(`${t.url}/account/api-keys`);
    expect(after.text).toContain('Revoked');
    expect(after.text).not.toContain(`action="/account/api-keys/${row.id}/revoke"`);
    // Revoking it again is harmless.
    expect(
      (await person.browser.post(`${t.url}/account/api-keys/${row.id}/revoke`, { csrf: listed.field('csrf') }, { follow: false })).status,
    ).toBe(303);
  });

  it.each([
    ['no name', { name: '   ', scopes: ALL }, 'Give the key a name'],
    ['a name of 101 characters', { name: 'x'.repeat(101), scopes: ALL }, 'at most 100 characters'],
    ['no permission', { name: 'Nothing' }, 'Choose at least one'],
    [
      'an unknown permission',
      { name: 'Too much', scopes: ['account:read', 'admin:everything'] },
      'Choose only from the permissions listed',
    ],
  ])('refuses %s with 400 and the form, creating nothing', async (_label, fields, message) => {
    const person = await signedInBrowser(t);
    const answer = await createKey(person.browser, fields);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(message);
    expect(answer.text).toContain('action="/account/api-keys"');
    expect(answer.text).not.toContain('id="new-api-key"');
    expect(await keysOf(person.id)).toEqual([]);
  });

  it('accepts a name of exactly 100 characters and keeps what was typed (escaped) when refusing', async () => {
    const person = await signedInBrowser(t);
    expect((await createKey(person.browser, { name: 'é'.repeat(100), scopes: ['account:read'] })).status).toBe(201);
    const refused = await createKey(person.browser, { name: '<img src=x onerror=alert(1)>', scopes: [] });
    expect(refused.status).toBe(400);
    expect(refused.field('name')).toBe('<img src=x onerror=alert(1)>');
    expect(refused.text).not.toContain('<img src=x');
    expect(refused.text).not.toMatch(/name="scopes" value="[^"]+" checked/);
  });

  it('escapes key names in the table', async () => {
    const person = await signedInBrowser(t);
    expect((await createKey(person.browser, { name: '<script>alert("k")</script>', scopes: ['account:read'] })).status).toBe(201);
    const page = await person.browser.get(`${t.url}/account/api-keys`);
    expect(page.text).toContain('&lt;script&gt;alert(&quot;k&quot;)&lt;/script&gt;');
    expect(page.text).not.toContain('<script>');
  });

  it('refuses to create keys for an account whose address is not confirmed: 403, nothing created', async () => {
    const person = await signedInBrowser(t, { verified: false });
    const page = await person.browser.get(`${t.url}/account/api-keys`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Confirm your e-mail address before you create API keys');
    const answer = await person.browser.post(`${t.url}/account/api-keys`, { csrf: page.field('csrf'), name: 'Sneaky', scopes: ALL });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('Confirm your e-mail first');
    expect(await keysOf(person.id)).toEqual([]);
  });

  it("answers 404 for another account's key, an unknown id and a malformed one, revoking nothing", async () => {
    const owner = await signedInBrowser(t);
    const { key, record } = await createApiKey(t.db, { accountId: owner.id, name: 'Owned', scopes: ALL, now: t.clock.now });
    const intruder = await signedInBrowser(t);
    const csrf = await csrfOf(t, intruder.browser, '/account/api-keys');
    for (const id of [record.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', `${record.id}'--`]) {
      const answer = await intruder.browser.post(`${t.url}/account/api-keys/${encodeURIComponent(id)}/revoke`, { csrf }, { follow: false });
      expect(answer.status, id).toBe(404);
      expect(answer.text).toContain('Nothing was revoked');
    }
    expect((await keysOf(owner.id))[0].revoked).toBe(false);
    expect(await findApiKeyOwner(t.db, key, t.clock.now)).toMatchObject({ accountId: owner.id });
    expect((await intruder.browser.get(`${t.url}/account/api-keys`)).text).not.toContain('Owned');
  });

  it('sends signed-out form posts to sign in, creating and revoking nothing', async () => {
    const owner = await signedInBrowser(t);
    const { record } = await createApiKey(t.db, { accountId: owner.id, name: 'Kept', scopes: ALL, now: t.clock.now });
    const stranger = new TestBrowser();
    const csrf = await csrfOf(t, stranger);
    const create = await stranger.post(`${t.url}/account/api-keys`, { csrf, name: 'x', scopes: ALL }, { follow: false });
    expect(create.status).toBe(303);
    expect(create.location).toBe('/signin?return_to=/account/api-keys');
    const revoke = await stranger.post(`${t.url}/account/api-keys/${record.id}/revoke`, { csrf }, { follow: false });
    expect(revoke.status).toBe(303);
    expect((await keysOf(owner.id)).map((k) => k.revoked)).toEqual([false]);
  });
});

describe.skipIf(!browserPresent)('the API keys page in Chromium', () => {
  it('fits a phone: no wider than 390 px, each key a card with its Revoke button on the screen, light and dark', async () => {
    const person = await makeAccount(t);
    const [account] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE email = $1', [person.email]);
    const long = 'A deploy script for the production cluster in eu-central with a long name';
    await createApiKey(t.db, { accountId: account!.id, name: long, scopes: ALL, now: t.clock.now });
    const revoked = await createApiKey(t.db, { accountId: account!.id, name: 'Old laptop', scopes: ['account:read'], now: t.clock.now });
    t.advance(60);
    await t.db.query('UPDATE api_keys SET revoked_at = $2 WHERE id = $1', [revoked.record.id, t.clock.now]);
    const page = await (await chromium!.newContext()).newPage();
    const refused = cspRefusals(page);
    await page.goto(`${t.url}/signin?return_to=/account/api-keys`);
    await page.fill('#email', person.email);
    await page.fill('#password', person.password);
    // Not waitForURL('**/account/api-keys'): the sign-in page's own address (…?return_to=/account/api-keys) matches it.
    await loadedAfter(
      page,
      () => page.click('main button[type=submit]'),
      (url) => url.pathname === '/account/api-keys',
    );
    expect(await page.locator('ul.keys > li').count()).toBe(2);
    await expectReadableEverywhere(page, 'api keys');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}`).toBeLessThanOrEqual(width);
      // The Revoke button is on the screen as the page lies, without scrolling anything sideways.
      const revoke = page.getByRole('button', { name: `Revoke ${long}` });
      await page.evaluate(() => document.querySelector('ul.keys')!.scrollIntoView());
      const box = await revoke.boundingBox();
      expect(box, `${width}`).not.toBeNull();
      expect(box!.x, `${width}`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${width}`).toBeLessThanOrEqual(width);
      expect(await revoke.isVisible()).toBe(true);
      // Nothing in the page scrolls sideways (the old table did, with Revoke at its far end).
      const scrolling = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
          .map((e) => e.tagName),
      );
      expect(scrolling, `${width}`).toEqual([]);
    }
    // Revoking from the phone works, and the card says so.
    await page.setViewportSize({ width: 390, height: 900 });
    await loadedAfter(page, () => page.getByRole('button', { name: `Revoke ${long}` }).click());
    expect(await page.locator('ul.keys .revoked').count()).toBe(2);
    expect(refused).toEqual([]);
    await page.context().close();
  }, 60_000);
});
