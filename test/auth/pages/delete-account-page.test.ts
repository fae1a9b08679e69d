import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedKeyPart } from '../../../src/security/keyed-hash.js';
import { csrfOf, signedInBrowser, startPagesApp, type PagesApp } from './page-flows.js';

/** The account page's "Download my data" button and /account/delete: password asked again, CSRF and Origin checked. */
let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

const exists = async (id: string) => (await t.db.one('SELECT 1 AS ok FROM accounts WHERE id = $1', [id])) !== undefined;
const failures = async (email: string) =>
  (
    await t.db.one<{ hits: number }>('SELECT hits FROM rate_limit_windows WHERE key = $1', [
      `signin:email:${await hashedKeyPart(t.db, email)}`,
    ])
  )?.hits ?? 0;

describe('the account page', () => {
  it('downloads the account’s data as a JSON attachment from its button, and only with the form’s CSRF token', async () => {
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/account`);
    expect(page.text).toContain('action="/account/export"');
    expect(page.text).toContain('Download my data');
    expect(page.text).toContain('href="/account/delete"');
    const download = await person.browser.post(`${t.url}/account/export`, { csrf: page.field('csrf') });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="launch-directory-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(download.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(download.text).account).toMatchObject({ id: person.id, email: person.email });
    const forged = await person.browser.post(`${t.url}/account/export`, { csrf: 'forged' });
    expect(forged.status).toBe(403);
    expect(forged.text).not.toContain(person.email.split('@')[0]);
  });
});

describe('/account/delete', () => {
  it('says what deleting does and asks for the password again', async () => {
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/account/delete`);
    expect(page.status).toBe(200);
    for (const rule of ['votes, follows and reviews go', 'show as "deleted"', 'alone own are hidden', 'kept for 10 years', 'sign up again'])
      expect(page.text.replaceAll('&quot;', '"')).toContain(rule);
    expect(page.text).toContain('type="password"');
  });

  it('keeps everything on a wrong password (422, the form again) and counts it as a failed sign-in', async () => {
    const person = await signedInBrowser(t);
    const csrf = await csrfOf(t, person.browser, '/account/delete');
    const before = await failures(person.email);
    const wrong = await person.browser.post(`${t.url}/account/delete`, { csrf, password: 'not my password' });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('The password is wrong. Nothing was deleted.');
    expect(wrong.text).toContain('type="password"');
    expect(await exists(person.id)).toBe(true);
    expect(await failures(person.email)).toBe(before + 1);
    expect((await person.browser.get(`${t.url}/account`, { follow: false })).status).toBe(200);
  });

  it('refuses a form without its CSRF token, or from another origin (403), deleting nothing', async () => {
    const person = await signedInBrowser(t);
    const csrf = await csrfOf(t, person.browser, '/account/delete');
    expect((await person.browser.post(`${t.url}/account/delete`, { password: person.password })).status).toBe(403);
    const foreign = await person.browser.post(
      `${t.url}/account/delete`,
      { csrf, password: person.password },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(foreign.status).toBe(403);
    expect(await exists(person.id)).toBe(true);
  });

  it('deletes the account with the right password, clears the session cookie and confirms', async () => {
    const person = await signedInBrowser(t);
    const csrf = await csrfOf(t, person.browser, '/account/delete');
    const done = await person.browser.post(`${t.url}/account/delete`, { csrf, password: person.password }, { follow: false });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Your account is deleted');
    expect(done.headers.getSetCookie().some((c) => /^ld_session=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await exists(person.id)).toBe(false);
    expect((await person.browser.get(`${t.url}/account`, { follow: false })).status).toBe(303);
  });

  it('sends a signed-out browser to sign in first', async () => {
    const response = await fetch(`${t.url}/account/delete`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/signin?return_to=/account/delete');
  });
});
