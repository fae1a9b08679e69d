import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedKeyPart } from '../../../src/security/keyed-hash.js';
import { TestBrowser } from '../../support/browser.js';
import {
  csrfOf,
  isSignedIn,
  makeAccount,
  PASSWORD,
  signIn,
  signedInBrowser,
  startPagesApp,
  uniqueEmail,
  type PagesApp,
} from './page-flows.js';

let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

describe('sign in', () => {
  it('signs in and goes to /account by default, with HttpOnly SameSite=Lax cookies (not Secure on http)', async () => {
    const person = await makeAccount(t);
    const browser = new TestBrowser();
    const form = await browser.get(`${t.url}/signin`);
    expect(form.status).toBe(200);
    expect(form.field('return_to')).toBe('');
    const csrfCookie = form.headers.getSetCookie().find((c) => c.startsWith('ld_csrf='));
    expect(csrfCookie).toBeDefined();

    const answer = await browser.post(
      `${t.url}/signin`,
      { email: person.email, password: PASSWORD, csrf: form.field('csrf'), return_to: '' },
      { follow: false },
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/account');
    const sessionCookie = answer.headers.getSetCookie().find((c) => c.startsWith('ld_session='));
    expect(sessionCookie).toBeDefined();
    for (const cookie of [csrfCookie!, sessionCookie!]) {
      const attributes = cookie.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).toContain('path=/');
      expect(attributes).not.toContain('secure');
    }
    const account = await browser.get(`${t.url}/account`);
    expect(account.status).toBe(200);
    expect(account.text).toContain(person.email);
    // Only the hash of the session id is stored.
    const stored = await t.db.query<{ id_hash: string }>('SELECT id_hash FROM web_sessions WHERE account_id = $1', [person.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0].id_hash).not.toBe(decodeURIComponent(browser.cookie(t.url, 'ld_session')!));
  });

  it('goes back to a same-site return_to, through the hidden field', async () => {
    const person = await makeAccount(t);
    const browser = new TestBrowser();
    const answer = await signIn(t, browser, person.email, PASSWORD, '/account/api-keys?tab=1');
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/account/api-keys?tab=1');
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'account',
  ])('refuses to send the browser to %s: it goes to /account', async (evil) => {
    const person = await makeAccount(t);
    const browser = new TestBrowser();
    const form = await browser.get(`${t.url}/signin?return_to=${encodeURIComponent(evil)}`);
    expect(form.field('return_to')).toBe('');
    // Even when posted directly.
    const answer = await browser.post(
      `${t.url}/signin`,
      { email: person.email, password: PASSWORD, csrf: form.field('csrf'), return_to: evil },
      { follow: false },
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/account');
  });

  it('answers an unknown address and a wrong password alike: 401, one message, the address kept, not signed in', async () => {
    const person = await makeAccount(t);
    const browser = new TestBrowser();
    const wrong = await signIn(t, browser, person.email, 'not the password at all');
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await signIn(t, browser, unknownEmail, PASSWORD);
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.text).toContain('E-mail or password is wrong.');
      expect(browser.cookie(t.url, 'ld_session')).toBeUndefined();
    }
    expect(wrong.field('email')).toBe(person.email);
    expect(unknown.field('email')).toBe(unknownEmail);
    expect(wrong.text.replace(person.email, 'X')).toBe(unknown.text.replace(unknownEmail, 'X'));
    expect(await isSignedIn(t, browser)).toBe(false);
  });

  it('escapes what was typed when showing the form again', async () => {
    const browser = new TestBrowser();
    const answer = await browser.post(`${t.url}/signin`, {
      email: '"><script>alert(1)</script>',
      password: 'whatever it is',
      csrf: await csrfOf(t, browser),
    });
    expect(answer.status).toBe(401);
    expect(answer.text).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(answer.text).not.toContain('<script>');
  });

  it('refuses the 11th attempt after 10 failures for one account from one client within 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const person = await makeAccount(t);
    const browser = new TestBrowser();
    for (let i = 0; i < 10; i++) expect((await signIn(t, browser, person.email, `wrong password ${i}`)).status).toBe(401);
    const eleventh = await signIn(t, browser, person.email, PASSWORD);
    expect(eleventh.status).toBe(429);
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(eleventh.text).toContain('Too many attempts');
    expect(await isSignedIn(t, browser)).toBe(false);
    // The address is counted however it is written.
    expect((await signIn(t, browser, ` ${person.email.toUpperCase()}`, PASSWORD)).status).toBe(429);
    // Another address from the same client is not held up.
    const other = await makeAccount(t);
    expect((await signIn(t, new TestBrowser(), other.email)).status).toBe(303);

    t.advance(15 * 60);
    expect((await signIn(t, browser, person.email, PASSWORD)).status).toBe(303);
  });

  it('refuses a client address after 50 failures within 15 minutes, for any e-mail', async () => {
    t.advance(15 * 60);
    const person = await makeAccount(t);
    expect((await signIn(t, new TestBrowser(), uniqueEmail('nobody'), 'not the password')).status).toBe(401);
    const [row] = await t.db.query<{ key: string }>(`SELECT key FROM rate_limit_windows WHERE key LIKE 'signin:ip:%'`);
    expect(row.key).toBe(`signin:ip:${await hashedKeyPart(t.db, '127.0.0.1')}`);
    // Stand in for 49 more failures from this address (each would cost a password hash).
    await t.db.query('UPDATE rate_limit_windows SET hits = 50 WHERE key = $1', [row.key]);
    const browser = new TestBrowser();
    const answer = await signIn(t, browser, person.email);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await isSignedIn(t, browser)).toBe(false);
    t.advance(15 * 60);
    expect((await signIn(t, browser, person.email)).status).toBe(303);
  });

  it('shows the form to a signed-in browser, and signing in again switches account', async () => {
    const first = await signedInBrowser(t);
    const second = await makeAccount(t);
    const form = await first.browser.get(`${t.url}/signin`);
    expect(form.status).toBe(200);
    expect(form.text).toContain(`You are signed in as ${first.email}`);
    expect((await signIn(t, first.browser, second.email)).status).toBe(303);
    const account = await first.browser.get(`${t.url}/account`);
    expect(account.text).toContain(second.email);
    expect(account.text).not.toContain(first.email);
    // The first session is gone, not just forgotten by the browser.
    expect(await t.db.query('SELECT 1 FROM web_sessions WHERE account_id = $1', [first.id])).toEqual([]);
  });
});

describe('sign out', () => {
  it('ends the session (cookie cleared, row deleted) and goes to the home page, which says so', async () => {
    const person = await signedInBrowser(t);
    expect(await isSignedIn(t, person.browser)).toBe(true);
    const csrf = await csrfOf(t, person.browser, '/account');
    const answer = await person.browser.post(`${t.url}/signout`, { csrf }, { follow: false });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/?signed_out=1');
    expect(answer.headers.getSetCookie().some((c) => /^ld_session=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await t.db.query('SELECT 1 FROM web_sessions WHERE account_id = $1', [person.id])).toEqual([]);
    expect(await isSignedIn(t, person.browser)).toBe(false);
    const notice = '<p class="notice" role="status">You are signed out.</p>';
    expect((await person.browser.get(`${t.url}${answer.location}`)).text).toContain(notice);
    // The home page kept for everyone is not the one with the notice, whichever is read first.
    const plain = await fetch(`${t.url}/`);
    expect(plain.status).toBe(200);
    expect(await plain.text()).not.toContain(notice);
    expect(await (await fetch(`${t.url}/?signed_out=1&utm_source=x`)).text()).toContain(notice);
    expect(await (await fetch(`${t.url}/?utm_source=x`)).text()).not.toContain(notice);
  });
});
