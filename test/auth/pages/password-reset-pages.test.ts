import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../support/browser.js';
import * as oauth from 'oauth4webapi';
import { accountTokenIsUsable, findAccountByEmail, issueAccountToken } from '../../../src/accounts/accounts.js';
import { createApiKey } from '../../../src/accounts/api-keys.js';
import { discover, insecure, obtainTokens, registerClient } from '../../support/oauth.js';
import {
  csrfOf,
  isSignedIn,
  linkInLatestMail,
  mailsSoon,
  mailsTo,
  makeAccount,
  PASSWORD,
  signIn,
  signedInBrowser,
  startPagesApp,
  uniqueEmail,
  visibleText,
  type PagesApp,
} from './page-flows.js';

let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'a brand new passphrase';
const NOTICE = 'If an account exists for that address, we sent a link';

async function askForLink(browser: TestBrowser, email: string) {
  const form = await browser.get(`${t.url}/reset-password`);
  expect(form.status).toBe(200);
  return browser.post(`${t.url}/reset-password`, { email, csrf: form.field('csrf') });
}

describe('password reset', () => {
  it('end to end: link by mail, a new password, every session ended, the old password refused, the address confirmed', async () => {
    const person = await makeAccount(t, { verified: false });
    const elsewhere = new TestBrowser();
    expect((await signIn(t, elsewhere, person.email)).status).toBe(303);

    const browser = new TestBrowser();
    const asked = await askForLink(browser, person.email);
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(NOTICE);
    const link = await linkInLatestMail(t, person.email, '/reset-password/choose');

    const form = await browser.get(link.toString());
    expect(form.status).toBe(200);
    expect(form.field('token')).toBe(link.searchParams.get('token'));
    expect(form.text).toContain('name="password"');
    const changed = await browser.post(`${t.url}/reset-password/choose`, {
      token: form.field('token'),
      password: NEW_PASSWORD,
      csrf: form.field('csrf'),
    });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('Password changed');
    expect(changed.text).toContain('href="/signin"');

    expect(await isSignedIn(t, elsewhere)).toBe(false);
    expect((await findAccountByEmail(t.db, person.email))?.emailVerified).toBe(true);
    const old = await signIn(t, new TestBrowser(), person.email, PASSWORD);
    expect(old.status).toBe(401);
    expect((await signIn(t, new TestBrowser(), person.email, NEW_PASSWORD)).status).toBe(303);

    // The link is used up.
    expect((await browser.get(link.toString())).status).toBe(400);
    const reused = await browser.post(`${t.url}/reset-password/choose`, {
      token: form.field('token'),
      password: 'yet another passphrase',
      csrf: form.field('csrf'),
    });
    expect(reused.status).toBe(400);
    expect(reused.text).toContain('no longer valid');
    expect((await signIn(t, new TestBrowser(), person.email, NEW_PASSWORD)).status).toBe(303);
  });

  it('also ends every app connection (tokens refused) and the older mailed links of the account, but not its API keys nor other accounts', async () => {
    const person = await makeAccount(t);
    const bystander = await makeAccount(t);
    const as = await discover(t.url);
    const client = await registerClient(as, 'http://127.0.0.1:9/callback');
    const tokens = await obtainTokens(as, client, person, `${t.url}/api/v1`);
    const theirs = await obtainTokens(as, client, bystander, `${t.url}/api/v1`);
    const me = (token: string) => fetch(`${t.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(tokens.access_token)).status).toBe(200);
    const { key } = await createApiKey(t.db, { accountId: person.id, name: 'Script', scopes: ['account:read'], now: t.clock.now });
    const olderReset = await issueAccountToken(t.db, person.id, 'reset_password', t.clock.now);
    const olderVerify = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const theirLink = await issueAccountToken(t.db, bystander.id, 'reset_password', t.clock.now);

    const token = await issueAccountToken(t.db, person.id, 'reset_password', t.clock.now);
    const browser = new TestBrowser();
    const form = await browser.get(`${t.url}/reset-password/choose?token=${token}`);
    const changed = await browser.post(`${t.url}/reset-password/choose`, {
      token: form.field('token'),
      password: NEW_PASSWORD,
      csrf: form.field('csrf'),
    });
    expect(changed.status).toBe(200);
    expect(visibleText(changed)).toContain('Your API keys still work');
    expect(changed.text).toContain('href="/account/api-keys"');

    const refused = await me(tokens.access_token);
    expect(refused.status).toBe(401);
    const refresh = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    expect(refresh.status).toBe(400);
    expect((await refresh.json()).error).toBe('invalid_grant');
    expect(await t.db.query(`SELECT model FROM oauth_records WHERE payload->>'accountId' = $1`, [person.id])).toEqual([]);

    const older = await new TestBrowser().get(`${t.url}/reset-password/choose?token=${olderReset}`);
    expect(older.status).toBe(400);
    expect(older.text).toContain('no longer valid');
    expect(await accountTokenIsUsable(t.db, olderVerify, 'verify_email', t.clock.now)).toBeUndefined();

    // API keys stay (the page says so); another account keeps its app and its links.
    expect((await me(key)).status).toBe(200);
    expect((await me(theirs.access_token)).status).toBe(200);
    expect(await accountTokenIsUsable(t.db, theirLink, 'reset_password', t.clock.now)).toEqual({
      accountId: bystander.id,
      email: bystander.email,
    });
  });

  it('answers a known and an unknown address with the same notice; only the known one gets mail', async () => {
    const person = await makeAccount(t);
    const unknown = uniqueEmail('unknown');
    const known = await askForLink(new TestBrowser(), person.email);
    const notKnown = await askForLink(new TestBrowser(), unknown);
    expect(known.status).toBe(200);
    expect(notKnown.status).toBe(200);
    expect(known.text).toContain(NOTICE);
    expect(visibleText(known).replace(person.email, 'X')).toBe(visibleText(notKnown).replace(unknown, 'X'));
    await mailsSoon(t, person.email, 1);
    expect(await mailsTo(t, unknown)).toEqual([]);
  });

  it('refuses an implausible address with 400, escaped', async () => {
    const answer = await askForLink(new TestBrowser(), '<b>not an address</b>');
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('&lt;b&gt;not an address&lt;/b&gt;');
    expect(answer.text).not.toContain('<b>not');
  });

  it('mails at most 5 links an hour per address, with the same notice every time', async () => {
    const person = await makeAccount(t);
    for (let i = 0; i < 7; i++) {
      const answer = await askForLink(new TestBrowser(), i % 2 ? person.email.toUpperCase() : person.email);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(NOTICE);
    }
    await mailsSoon(t, person.email, 5);
    t.advance(3600);
    await askForLink(new TestBrowser(), person.email);
    await mailsSoon(t, person.email, 6);
  });

  it('shows the form only for a usable link: unknown, expired and e-mail-confirmation tokens get 400', async () => {
    const person = await makeAccount(t);
    const verifyToken = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const resetToken = await issueAccountToken(t.db, person.id, 'reset_password', t.clock.now);
    for (const token of ['', 'made-up', verifyToken]) {
      const answer = await new TestBrowser().get(`${t.url}/reset-password/choose?token=${token}`);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('href="/reset-password"');
    }
    expect((await new TestBrowser().get(`${t.url}/reset-password/choose?token=${resetToken}`)).status).toBe(200);
    t.advance(3601);
    expect((await new TestBrowser().get(`${t.url}/reset-password/choose?token=${resetToken}`)).status).toBe(400);
  });

  it('refuses a weak new password with 400 and a message, keeps the old one, and the form still works', async () => {
    const person = await signedInBrowser(t);
    const token = await issueAccountToken(t.db, person.id, 'reset_password', t.clock.now);
    const browser = new TestBrowser();
    const form = await browser.get(`${t.url}/reset-password/choose?token=${token}`);
    const short = await browser.post(`${t.url}/reset-password/choose`, {
      token: form.field('token'),
      password: 'short',
      csrf: form.field('csrf'),
    });
    expect(short.status).toBe(400);
    expect(short.text).toContain('Use at least 10 characters.');
    const same = await browser.post(`${t.url}/reset-password/choose`, {
      token: short.field('token'),
      password: person.email,
      csrf: short.field('csrf'),
    });
    expect(same.status).toBe(400);
    expect(same.text).toContain('Do not use your e-mail address as the password.');
    // Nothing changed yet: the sessions of the account are still there.
    expect(await isSignedIn(t, person.browser)).toBe(true);
    const done = await browser.post(`${t.url}/reset-password/choose`, {
      token: same.field('token'),
      password: NEW_PASSWORD,
      csrf: same.field('csrf'),
    });
    expect(done.status).toBe(200);
    expect((await signIn(t, new TestBrowser(), person.email, NEW_PASSWORD)).status).toBe(303);
  });

  it('keeps reset links working when the reset page is opened by an unrelated signed-in browser (it does not sign anyone in)', async () => {
    const person = await makeAccount(t);
    const other = await signedInBrowser(t);
    const token = await issueAccountToken(t.db, person.id, 'reset_password', t.clock.now);
    const form = await other.browser.get(`${t.url}/reset-password/choose?token=${token}`);
    const done = await other.browser.post(`${t.url}/reset-password/choose`, {
      token: form.field('token'),
      password: NEW_PASSWORD,
      csrf: await csrfOf(t, other.browser),
    });
    expect(done.status).toBe(200);
    // The other account's session is not touched; nobody is signed in as the reset account.
    const account = await other.browser.get(`${t.url}/account`);
    expect(account.text).toContain(other.email);
  });
});
