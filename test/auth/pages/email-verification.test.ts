import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../support/browser.js';
import { accountTokenIsUsable, findAccountByEmail, issueAccountToken } from '../../../src/accounts/accounts.js';
import {
  confirmAddress,
  csrfOf,
  isSignedIn,
  linkInLatestMail,
  mailsTo,
  makeAccount,
  signedInBrowser,
  startPagesApp,
  type PagesApp,
} from './page-flows.js';

let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

const isVerified = async (email: string) => (await findAccountByEmail(t.db, email))?.emailVerified;

describe('the confirmation link', () => {
  it('only asks when opened (a mail scanner opening it confirms nothing); the button confirms', async () => {
    const person = await makeAccount(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const link = `${t.url}/verify-email?token=${token}`;
    // A scanner opens the link, perhaps more than once, and follows nothing else.
    for (let i = 0; i < 3; i++) {
      const opened = await new TestBrowser().get(link);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('cache-control')).toBe('no-store');
      expect(opened.text).toContain(`Confirm <strong>${person.email}</strong>?`);
      expect(opened.text).toContain('<form method="post" action="/verify-email">');
      expect(opened.field('token')).toBe(token);
      expect(opened.text).not.toContain('Address confirmed');
    }
    expect(await isVerified(person.email)).toBe(false);
    expect(await accountTokenIsUsable(t.db, token, 'verify_email', t.clock.now)).toEqual({ accountId: person.id, email: person.email });

    const { confirmed } = await confirmAddress(new TestBrowser(), link);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('Address confirmed');
    expect(await isVerified(person.email)).toBe(true);
  });

  it('confirms once: the same link a second time is refused with 400 and says how to get a new one', async () => {
    const person = await makeAccount(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const browser = new TestBrowser();
    const { page, confirmed } = await confirmAddress(browser, `${t.url}/verify-email?token=${token}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('Address confirmed');
    expect(await isVerified(person.email)).toBe(true);
    const again = await browser.get(`${t.url}/verify-email?token=${token}`);
    expect(again.status).toBe(400);
    expect(again.text).toContain('no longer valid');
    expect(again.text).toContain('Send the link again');
    // The button of the page opened before is used up as well.
    const resent = await browser.post(`${t.url}/verify-email`, { csrf: page.field('csrf'), token });
    expect(resent.status).toBe(400);
    expect(resent.text).toContain('no longer valid');
  });

  it.each(['', '?token=', '?token=made-up', '?token=a&token=b'])('refuses %s with 400', async (query) => {
    const answer = await new TestBrowser().get(`${t.url}/verify-email${query}`);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('This link is no longer valid');
    expect(answer.text).not.toContain('action="/verify-email"');
  });

  it.each(['', 'made-up'])('refuses a POST with token %j with 400', async (token) => {
    const browser = new TestBrowser();
    const answer = await browser.post(`${t.url}/verify-email`, { csrf: await csrfOf(t, browser), token });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('This link is no longer valid');
  });

  it('refuses an expired link (after 48 hours) and a password-reset token, and confirms nothing', async () => {
    const person = await makeAccount(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const resetToken = await issueAccountToken(t.db, person.id, 'reset_password', t.clock.now);
    const browser = new TestBrowser();
    const opened = await browser.get(`${t.url}/verify-email?token=${token}`);
    expect(opened.status).toBe(200);
    expect((await browser.get(`${t.url}/verify-email?token=${resetToken}`)).status).toBe(400);
    expect((await browser.post(`${t.url}/verify-email`, { csrf: opened.field('csrf'), token: resetToken })).status).toBe(400);
    t.advance(48 * 3600 + 1);
    expect((await browser.get(`${t.url}/verify-email?token=${token}`)).status).toBe(400);
    // A confirmation page opened before the link expired does not confirm afterwards.
    expect((await browser.post(`${t.url}/verify-email`, { csrf: opened.field('csrf'), token })).status).toBe(400);
    expect(await isVerified(person.email)).toBe(false);
  });

  it('escapes the address on the confirmation page', async () => {
    const person = await makeAccount(t, { verified: false, email: `o'neil-${Date.now()}@example.com` });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const opened = await new TestBrowser().get(`${t.url}/verify-email?token=${token}`);
    expect(opened.text).toContain(`<strong>${person.email.replace("'", '&#39;')}</strong>`);
  });

  it('offers to continue rather than sign in when the browser is already signed in as that account', async () => {
    const person = await signedInBrowser(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const { page, confirmed } = await confirmAddress(
      person.browser,
      `${t.url}/verify-email?token=${token}&return_to=${encodeURIComponent('/account/api-keys')}`,
    );
    expect(page.field('return_to')).toBe('/account/api-keys');
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain(`<strong>${person.email}</strong> is confirmed`);
    expect(confirmed.text).toContain('href="/account/api-keys"');
    expect(confirmed.text).not.toContain('href="/signin?return_to');
  });

  it('in a browser without the sign-up, confirms and offers sign-in with the address filled in and return_to kept, never a session', async () => {
    const person = await makeAccount(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const browser = new TestBrowser();
    const { confirmed } = await confirmAddress(
      browser,
      `${t.url}/verify-email?token=${token}&return_to=${encodeURIComponent('/account/api-keys')}`,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain(`<strong>${person.email}</strong> is confirmed.`);
    expect(confirmed.text).toContain('This browser is not signed in to that account: sign in to go on.');
    expect(confirmed.text).toContain('<form method="post" action="/signin">');
    expect(confirmed.field('email')).toBe(person.email);
    expect(confirmed.field('return_to')).toBe('/account/api-keys');
    expect(confirmed.headers.getSetCookie().some((c) => c.startsWith('ld_session='))).toBe(false);
    expect(await isVerified(person.email)).toBe(true);
    expect(await isSignedIn(t, browser)).toBe(false);
    const signedIn = await browser.post(
      `${t.url}/signin`,
      {
        csrf: confirmed.field('csrf'),
        email: confirmed.field('email'),
        password: person.password,
        return_to: confirmed.field('return_to'),
      },
      { follow: false },
    );
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe('/account/api-keys');
  });

  it('in a browser signed in as someone else, confirms and leaves that session as it was', async () => {
    const someoneElse = await signedInBrowser(t);
    const person = await makeAccount(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const { confirmed } = await confirmAddress(someoneElse.browser, `${t.url}/verify-email?token=${token}`);
    expect(confirmed.text).toContain(`<strong>${person.email}</strong> is confirmed.`);
    expect(confirmed.text).toContain(`Signed in as ${someoneElse.email}.`);
    expect(confirmed.field('email')).toBe(person.email);
    const account = await someoneElse.browser.get(`${t.url}/account`);
    expect(account.text).toContain(someoneElse.email);
    expect(account.text).not.toContain(person.email);
  });

  it('leaves out a return_to that would lead off the site (browsers drop tabs from links), in the link and in the posted form', async () => {
    const person = await signedInBrowser(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const { page, confirmed } = await confirmAddress(
      person.browser,
      `${t.url}/verify-email?token=${token}&return_to=${encodeURIComponent('/\t/evil.example')}`,
    );
    expect(page.text).not.toContain('evil.example');
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('href="/account"');
    expect(confirmed.text).not.toContain('evil.example');

    const other = await signedInBrowser(t, { verified: false });
    const otherToken = await issueAccountToken(t.db, other.id, 'verify_email', t.clock.now);
    const posted = await other.browser.post(`${t.url}/verify-email`, {
      csrf: await csrfOf(t, other.browser, '/account'),
      token: otherToken,
      return_to: '//evil.example',
    });
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('href="/account"');
    expect(posted.text).not.toContain('evil.example');
  });
});

describe('sending the link again', () => {
  it('mails a fresh working link to a signed-in, unconfirmed account and shows a notice', async () => {
    const person = await signedInBrowser(t, { verified: false });
    const account = await person.browser.get(`${t.url}/account`);
    expect(account.text).toContain('not confirmed');
    expect(account.text).toContain('action="/verify-email/resend"');
    const answer = await person.browser.post(`${t.url}/verify-email/resend`, { csrf: account.field('csrf') });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`We sent a new confirmation link to ${person.email}`);
    expect(await mailsTo(t, person.email)).toHaveLength(1);
    const link = await linkInLatestMail(t, person.email, '/verify-email');
    expect((await confirmAddress(person.browser, link)).confirmed.status).toBe(200);
    const after = await person.browser.get(`${t.url}/account`);
    expect(after.text).toContain('is confirmed');
    expect(after.text).not.toContain('action="/verify-email/resend"');
  });

  it('sends nothing for a confirmed account', async () => {
    const person = await signedInBrowser(t, { verified: true });
    const answer = await person.browser.post(`${t.url}/verify-email/resend`, { csrf: await csrfOf(t, person.browser, '/account') });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('already confirmed');
    expect(await mailsTo(t, person.email)).toEqual([]);
  });

  it('sends nothing when signed out: off to sign in', async () => {
    const browser = new TestBrowser();
    const answer = await browser.post(`${t.url}/verify-email/resend`, { csrf: await csrfOf(t, browser) }, { follow: false });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/signin?return_to=/account');
  });

  it('sends at most 5 links an hour, then answers 429 with Retry-After', async () => {
    const person = await signedInBrowser(t, { verified: false });
    const csrf = await csrfOf(t, person.browser, '/account');
    for (let i = 0; i < 5; i++) expect((await person.browser.post(`${t.url}/verify-email/resend`, { csrf })).status).toBe(200);
    const sixth = await person.browser.post(`${t.url}/verify-email/resend`, { csrf });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(t, person.email)).toHaveLength(5);
  });
});
