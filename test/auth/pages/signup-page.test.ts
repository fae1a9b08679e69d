import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../support/browser.js';
import { findAccountByEmail } from '../../../src/accounts/accounts.js';
import { updateSiteSettings, type SettingsChanges } from '../../../src/catalogue/site-settings.js';
import { networkKeyOf } from '../../../src/community/network.js';
import { COMMAND_LINE } from '../../../src/staff/audit-log.js';
import {
  confirmAddress,
  isSignedIn,
  linkInLatestMail,
  mailsSoon,
  mailsTo,
  makeAccount,
  PASSWORD,
  signIn,
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

async function signUp(browser: TestBrowser, fields: Record<string, string>, query = '') {
  const form = await browser.get(`${t.url}/signup${query}`);
  expect(form.status).toBe(200);
  const returnTo = /name="return_to" value="([^"]*)"/.exec(form.text)?.[1];
  return browser.post(`${t.url}/signup`, { csrf: form.field('csrf'), ...(returnTo ? { return_to: returnTo } : {}), ...fields });
}

describe('sign up', () => {
  it('creates an unverified account, mails a confirmation link and does not sign the browser in; the link confirms; sign-in leads to the account', async () => {
    const browser = new TestBrowser();
    const email = uniqueEmail('new');
    const answer = await signUp(browser, { email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Check your inbox');
    expect(browser.cookie(t.url, 'ld_session')).toBeUndefined();
    expect(await isSignedIn(t, browser)).toBe(false);
    expect((await findAccountByEmail(t.db, email))?.emailVerified).toBe(false);

    const [mail] = await mailsSoon(t, email, 1);
    expect(mail.to).toBe(email);
    expect(mail.subject).toMatch(/confirm/i);
    const link = await linkInLatestMail(t, email, '/verify-email');
    expect(link.searchParams.get('token')).toBeTruthy();
    expect(link.searchParams.has('return_to')).toBe(false);

    // Opening the link only asks; the button confirms.
    const { page, confirmed } = await confirmAddress(browser, link);
    expect(page.text).toContain(`Confirm <strong>${email}</strong>?`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('Address confirmed');
    expect(confirmed.text).toContain('href="/signin"');
    expect((await findAccountByEmail(t.db, email))?.emailVerified).toBe(true);

    const signedIn = await signIn(t, browser, email);
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe('/account');
    const account = await browser.get(`${t.url}/account`);
    expect(account.status).toBe(200);
    expect(account.text).toContain(email);
    expect(account.text).toContain('is confirmed');
  });

  it('answers a taken address exactly like a new one, mails its owner a note instead of a link, and changes nothing', async () => {
    const owner = await makeAccount(t, { verified: false });
    const fresh = uniqueEmail('fresh');
    const taken = await signUp(new TestBrowser(), { email: owner.email, password: 'another password entirely' });
    const created = await signUp(new TestBrowser(), { email: fresh, password: 'another password entirely' });
    expect(taken.status).toBe(created.status);
    expect(taken.status).toBe(200);
    expect(visibleText(taken).replace(owner.email, 'ADDRESS')).toBe(visibleText(created).replace(fresh, 'ADDRESS'));
    expect(taken.text.replace(owner.email, 'ADDRESS')).toBe(created.text.replace(fresh, 'ADDRESS'));

    const [note] = await mailsSoon(t, owner.email, 1);
    expect(note.text).toContain(`${t.url}/signin`);
    expect(note.text).toContain(`${t.url}/reset-password`);
    expect(note.text).not.toContain('/verify-email');
    expect(note.text).not.toContain('another password entirely');
    // The existing password still works and the account is not confirmed by someone else's attempt.
    expect((await signIn(t, new TestBrowser(), owner.email)).status).toBe(303);
    expect((await findAccountByEmail(t.db, owner.email))?.emailVerified).toBe(false);
  });

  it('refuses an implausible address with 400, showing it escaped, and creates nothing', async () => {
    const browser = new TestBrowser();
    const answer = await signUp(browser, { email: '<script>alert(1)</script>@example.com', password: PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@example.com');
    expect(answer.text).not.toContain('<script>');
    expect(answer.text).toMatch(/Enter your e-mail address/);
    expect(answer.field('email')).toBe('<script>alert(1)</script>@example.com');
    const [{ count }] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM accounts WHERE email LIKE '%script%'`);
    expect(count).toBe(0);
  });

  it('refuses a short password and one equal to the address with 400 and a message at the field, keeping the address', async () => {
    const email = uniqueEmail('weak');
    const short = await signUp(new TestBrowser(), { email, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.text).toContain('Use at least 10 characters.');
    expect(short.field('email')).toBe(email);
    expect(short.text).not.toContain('value="short"');
    const same = await signUp(new TestBrowser(), { email, password: email });
    expect(same.status).toBe(400);
    expect(same.text).toContain('Do not use your e-mail address as the password.');
    expect(await findAccountByEmail(t.db, email)).toBeUndefined();
    expect(await mailsTo(t, email)).toEqual([]);
  });

  it('carries a same-site return_to through the confirmation link to the sign-in page, and drops another origin', async () => {
    const email = uniqueEmail('returning');
    await signUp(new TestBrowser(), { email, password: PASSWORD }, `?return_to=${encodeURIComponent('/account/api-keys')}`);
    const link = await linkInLatestMail(t, email, '/verify-email');
    expect(link.searchParams.get('return_to')).toBe('/account/api-keys');
    const { confirmed } = await confirmAddress(new TestBrowser(), link);
    expect(confirmed.text).toContain('href="/signin?return_to=/account/api-keys"');

    for (const evil of ['https://evil.example/', '//evil.example']) {
      const other = uniqueEmail('evil');
      await signUp(new TestBrowser(), { email: other, password: PASSWORD, return_to: evil });
      const evilLink = await linkInLatestMail(t, other, '/verify-email');
      expect(evilLink.searchParams.has('return_to')).toBe(false);
    }
  });

  it('limits sign-ups per client address to 20 an hour: beyond, 429 with Retry-After, and nothing is created or mailed', async () => {
    expect((await signUp(new TestBrowser(), { email: uniqueEmail('counted'), password: PASSWORD })).status).toBe(200);
    const [row] = await t.db.query<{ key: string; hits: number }>(`SELECT key, hits FROM rate_limit_windows WHERE key LIKE 'signup:ip:%'`);
    expect(row.key).toMatch(/^signup:ip:.*127\.0\.0\.1$/);
    expect(row.hits).toBeGreaterThan(0);
    expect(row.hits).toBeLessThan(20);
    // Stand in for the sign-ups this address already made this hour (each costs a password hash).
    await t.db.query('UPDATE rate_limit_windows SET hits = 19 WHERE key = $1', [row.key]);
    const twentieth = uniqueEmail('twentieth');
    expect((await signUp(new TestBrowser(), { email: twentieth, password: PASSWORD })).status).toBe(200);
    const refused = uniqueEmail('refused');
    const answer = await signUp(new TestBrowser(), { email: refused, password: PASSWORD });
    expect(answer.status).toBe(429);
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(answer.text).toContain('Too many attempts');
    expect(await findAccountByEmail(t.db, refused)).toBeUndefined();
    expect(await mailsTo(t, refused)).toEqual([]);

    t.advance(3600);
    expect((await signUp(new TestBrowser(), { email: refused, password: PASSWORD })).status).toBe(200);
    expect(await findAccountByEmail(t.db, refused)).toBeDefined();
  });

  it('mails the owner of a taken address at most 5 notes an hour, with the same page every time', async () => {
    const owner = await makeAccount(t);
    const before = (await mailsTo(t, owner.email)).length;
    for (let i = 0; i < 6; i++) {
      const answer = await signUp(new TestBrowser(), { email: owner.email, password: PASSWORD });
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('Check your inbox');
    }
    await mailsSoon(t, owner.email, before + 5);
  });
});

describe('sign-ups a ring cannot buy cheaply', () => {
  const settle = (changes: SettingsChanges) => updateSiteSettings(t.db, { actor: COMMAND_LINE, changes, now: t.clock.now });
  const THROWAWAY = 'Use an address you keep: throwaway e-mail domains are not accepted.';
  const accounts = async (domain: string) =>
    (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE email LIKE $1', [`%@${domain}`]))!.n;

  it('refuses a throwaway domain of the maintained list, and its subdomains, with 400 at the field; nothing is created or mailed', async () => {
    t.advance(3600); // a fresh hour of the rate limits
    for (const email of [`ring-${Date.now()}@mailinator.com`, `ring-${Date.now()}@Eu.MAILINATOR.com`]) {
      const answer = await signUp(new TestBrowser(), { email, password: PASSWORD });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(THROWAWAY);
      expect(answer.text).toMatch(/id="email"[^>]*aria-invalid="true" aria-describedby="email-problem"/);
      expect(answer.field('email')).toBe(email);
      expect(await mailsTo(t, email.toLowerCase())).toEqual([]);
    }
    expect(await accounts('mailinator.com')).toBe(0);
    expect(await accounts('eu.mailinator.com')).toBe(0);
  });

  it('refuses a domain the settings block (and its subdomains), and accepts one they allow', async () => {
    t.advance(3600);
    await settle({ email_domains: { blocked: ['ring.example'], allowed: ['mailinator.com', 'team.ring.example'] } });
    try {
      for (const email of [uniqueEmail('blocked').replace('example.com', 'ring.example'), `x-${Date.now()}@mx.ring.example`]) {
        const answer = await signUp(new TestBrowser(), { email, password: PASSWORD });
        expect(answer.status).toBe(400);
        expect(answer.text).toContain(THROWAWAY);
      }
      expect(await accounts('ring.example')).toBe(0);
      for (const email of [`allowed-${Date.now()}@mailinator.com`, `lead-${Date.now()}@team.ring.example`]) {
        const answer = await signUp(new TestBrowser(), { email, password: PASSWORD });
        expect(answer.status).toBe(200);
        expect(await findAccountByEmail(t.db, email)).toBeDefined();
      }
    } finally {
      await settle({ email_domains: { blocked: [], allowed: [] } });
    }
  });

  it('keeps the keyed hash of the network an account was made from, never the address', async () => {
    t.advance(3600);
    const email = uniqueEmail('networked');
    expect((await signUp(new TestBrowser(), { email, password: PASSWORD })).status).toBe(200);
    const row = await t.db.one<{ signup_network: string }>('SELECT signup_network FROM accounts WHERE email = $1', [email]);
    expect(row?.signup_network).toBe(await networkKeyOf(t.db, '127.0.0.1'));
    expect(row?.signup_network).toMatch(/^[0-9a-f]{32}$/);
  });

  it('limits sign-ups per network to network_limits.signups_per_hour: beyond, 429 and nothing is created', async () => {
    t.advance(3600);
    await settle({ network_limits: { signups_per_hour: 2 } });
    try {
      for (let i = 0; i < 2; i++)
        expect((await signUp(new TestBrowser(), { email: uniqueEmail('net'), password: PASSWORD })).status).toBe(200);
      const refused = uniqueEmail('net-refused');
      const answer = await signUp(new TestBrowser(), { email: refused, password: PASSWORD });
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.text).toContain('Too many attempts');
      expect(await findAccountByEmail(t.db, refused)).toBeUndefined();
      const window = await t.db.one('SELECT hits FROM rate_limit_windows WHERE key = $1', [
        `signup:net:${await networkKeyOf(t.db, '127.0.0.1')}`,
      ]);
      expect(window).toEqual({ hits: 3 });
    } finally {
      await settle({ network_limits: { signups_per_hour: 20 } });
    }
  });
});
