import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../support/browser.js';
import { findAccountByEmail, issueAccountToken } from '../../../src/accounts/accounts.js';
import { csrfOf, linkInLatestMail, mailsTo, makeAccount, signedInBrowser, startPagesApp, type PagesApp } from './page-flows.js';

let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

describe('the confirmation link', () => {
  it('confirms once: the same link a second time is refused with 400 and says how to get a new one', async () => {
    const person = await makeAccount(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const browser = new TestBrowser();
    const first = await browser.get(`${t.url}/verify-email?token=${token}`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Address confirmed');
    expect((await findAccountByEmail(t.db, person.email))?.emailVerified).toBe(true);
    const again = await browser.get(`${t.url}/verify-email?token=${token}`);
    expect(again.status).toBe(400);
    expect(again.text).toContain('no longer valid');
    expect(again.text).toContain('Send the link again');
  });

  it.each(['', '?token=', '?token=made-up', '?token=a&token=b'])('refuses %s with 400', async (query) => {
    const answer = await new TestBrowser().get(`${t.url}/verify-email${query}`);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('This link is no longer valid');
  });

  it('refuses an expired link (after 48 hours) and a password-reset token, and confirms nothing', async () => {
    const person = await makeAccount(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const resetToken = await issueAccountToken(t.db, person.id, 'reset_password', t.clock.now);
    expect((await new TestBrowser().get(`${t.url}/verify-email?token=${resetToken}`)).status).toBe(400);
    t.advance(48 * 3600 + 1);
    expect((await new TestBrowser().get(`${t.url}/verify-email?token=${token}`)).status).toBe(400);
    expect((await findAccountByEmail(t.db, person.email))?.emailVerified).toBe(false);
  });

  it('offers to continue rather than sign in when the browser is already signed in as that account', async () => {
    const person = await signedInBrowser(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const answer = await person.browser.get(`${t.url}/verify-email?token=${token}&return_to=${encodeURIComponent('/account/api-keys')}`);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('href="/account/api-keys"');
    expect(answer.text).not.toContain('href="/signin?return_to');
  });

  it('leaves out a return_to that would lead off the site (browsers drop tabs from links)', async () => {
    const person = await signedInBrowser(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    const answer = await person.browser.get(`${t.url}/verify-email?token=${token}&return_to=${encodeURIComponent('/\t/evil.example')}`);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('href="/account"');
    expect(answer.text).not.toContain('evil.example');
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
    expect((await person.browser.get(link.toString())).status).toBe(200);
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
