import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { TestBrowser } from '../../support/browser.js';
import { createApiKey, findApiKeyOwner } from '../../../src/accounts/api-keys.js';
import { csrfOf, signedInBrowser, startPagesApp, type PagesApp } from './page-flows.js';

let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

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
