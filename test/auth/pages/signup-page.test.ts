import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedKeyPart } from '../../../src/security/keyed-hash.js';
import { TestBrowser } from '../../support/browser.js';
import { findAccountByEmail, issueAccountToken } from '../../../src/accounts/accounts.js';
import { updateSiteSettings, type SettingsChanges } from '../../../src/staff/settings-writer.js';
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

let named = 0;
/**
 * Fills in and sends the sign-up form; the public name is "Ada Lovelace" and a number of its own unless `fields` says
 * otherwise (a public name may not be another account's, src/accounts/display-names.ts).
 */
async function signUp(browser: TestBrowser, fields: Record<string, string>, query = '') {
  const form = await browser.get(`${t.url}/signup${query}`);
  expect(form.status).toBe(200);
  const returnTo = /name="return_to" value="([^"]*)"/.exec(form.text)?.[1];
  return browser.post(`${t.url}/signup`, {
    csrf: form.field('csrf'),
    ...(returnTo ? { return_to: returnTo } : {}),
    display_name: `Ada Lovelace ${++named}`,
    ...fields,
  });
}

describe('sign up', () => {
  it('creates an unverified account with its public name, mails a confirmation link and does not sign the browser in; the link confirms and, in this browser, signs in', async () => {
    const browser = new TestBrowser();
    const email = uniqueEmail('new');
    const answer = await signUp(browser, { email: `  ${email.toUpperCase()} `, password: PASSWORD, display_name: 'Ada Lovelace' });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Check your inbox');
    expect(browser.cookie(t.url, 'ld_session')).toBeUndefined();
    expect(await isSignedIn(t, browser)).toBe(false);
    expect(await findAccountByEmail(t.db, email)).toMatchObject({ emailVerified: false, displayName: 'Ada Lovelace' });

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
    expect(confirmed.text).toContain(`<strong>${email}</strong> is confirmed. You are signed in.`);
    expect(confirmed.text).toContain('href="/account">Continue</a>');
    expect((await findAccountByEmail(t.db, email))?.emailVerified).toBe(true);
    expect(browser.cookie(t.url, 'ld_signup')).toBeUndefined(); // used up with the link

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
    expect(confirmed.text).toContain('<form method="post" action="/signin">');
    expect(confirmed.field('return_to')).toBe('/account/api-keys');

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
    expect(row.key).toBe(`signup:ip:${await hashedKeyPart(t.db, '127.0.0.1')}`);
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

describe('the public name asked at sign-up', () => {
  it('is required: refused empty (or only spaces and invisible characters) with 400 and a message beside the field, keeping what was typed but the password', async () => {
    t.advance(3600); // a fresh hour of the rate limits
    for (const name of ['', '   ', '\u200b\u200b']) {
      const email = uniqueEmail('nameless');
      const answer = await signUp(new TestBrowser(), { email, password: PASSWORD, display_name: name });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('The account was not created: correct the fields marked below.');
      expect(answer.text).toMatch(
        /<p class="error" id="display_name-problem">Use 1 to 50 characters for your public name\.<\/p>\s*<input type="text" id="display_name"[^>]*aria-invalid="true" aria-describedby="display_name-problem display_name-hint"/,
      );
      expect(answer.field('email')).toBe(email);
      expect(answer.field('display_name')).toBe(name);
      expect(answer.text).not.toContain(PASSWORD);
      expect(answer.text).not.toContain('id="email-problem"');
      expect(await findAccountByEmail(t.db, email)).toBeUndefined();
      expect(await mailsTo(t, email)).toEqual([]);
    }
  });

  it('keeps the name typed when another field is refused, and marks each field with its own message', async () => {
    const answer = await signUp(new TestBrowser(), { email: 'not an address', password: 'short', display_name: 'Grace <Hopper>' });
    expect(answer.status).toBe(400);
    expect(answer.field('display_name')).toBe('Grace <Hopper>');
    expect(answer.text).toContain('value="Grace &lt;Hopper&gt;"');
    expect(answer.text).toContain('id="email-problem"');
    expect(answer.text).toContain('id="password-problem"');
    expect(answer.text).not.toContain('id="display_name-problem"');
    expect(answer.text).toMatch(/id="display_name"[^>]*aria-describedby="display_name-hint"/);
  });

  it("follows the account page's rule: cleaned the same way, at most 50 characters", async () => {
    const email = uniqueEmail('cleaned');
    expect((await signUp(new TestBrowser(), { email, password: PASSWORD, display_name: '  Ada\u200b \t Byron\u202e ' })).status).toBe(200);
    expect((await findAccountByEmail(t.db, email))?.displayName).toBe('Ada Byron');
    const fifty = 'é'.repeat(50);
    const longest = uniqueEmail('fifty');
    expect((await signUp(new TestBrowser(), { email: longest, password: PASSWORD, display_name: fifty })).status).toBe(200);
    expect((await findAccountByEmail(t.db, longest))?.displayName).toBe(fifty);
    const tooLong = uniqueEmail('fifty-one');
    const refused = await signUp(new TestBrowser(), { email: tooLong, password: PASSWORD, display_name: `${fifty}x` });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Use 1 to 50 characters for your public name.');
    expect(await findAccountByEmail(t.db, tooLong)).toBeUndefined();
  });

  it('shows the form with the name field, its hint and its bound', async () => {
    const form = await new TestBrowser().get(`${t.url}/signup`);
    expect(form.text).toContain('<label for="display_name">Public name</label>');
    expect(form.text).toMatch(
      /<input type="text" id="display_name" name="display_name" value="" autocomplete="nickname" required maxlength="50" aria-describedby="display_name-hint">/,
    );
    expect(form.text).toContain('Shown with your reviews and comments, never your e-mail address');
  });
});

describe('the confirmation link signs in only the browser that signed up', () => {
  const signUpAndLink = async (browser: TestBrowser, label: string) => {
    const email = uniqueEmail(label);
    expect((await signUp(browser, { email, password: PASSWORD })).status).toBe(200);
    return { email, link: await linkInLatestMail(t, email, '/verify-email') };
  };

  it('a sign-up leaves a cookie of the same form for a new and a taken address, and the browser is not signed in by it', async () => {
    t.advance(3600);
    const owner = await makeAccount(t);
    const fresh = new TestBrowser();
    const taken = new TestBrowser();
    await signUp(fresh, { email: uniqueEmail('cookie'), password: PASSWORD });
    await signUp(taken, { email: owner.email, password: PASSWORD });
    const shape = /^\d+\.[\w-]{22}\.[\w-]{43}$/;
    expect(fresh.cookie(t.url, 'ld_signup')).toMatch(shape);
    expect(taken.cookie(t.url, 'ld_signup')).toMatch(shape);
    expect(await isSignedIn(t, fresh)).toBe(false);
    expect(await isSignedIn(t, taken)).toBe(false);
  });

  it('in another browser: confirmed, not signed in, a sign-in form with the address filled in that signs in', async () => {
    const { email, link } = await signUpAndLink(new TestBrowser(), 'elsewhere');
    const other = new TestBrowser();
    const { confirmed } = await confirmAddress(other, link);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain(`<strong>${email}</strong> is confirmed.`);
    expect(confirmed.text).not.toContain('You are signed in');
    expect(other.cookie(t.url, 'ld_session')).toBeUndefined();
    expect(await isSignedIn(t, other)).toBe(false);
    expect(confirmed.field('email')).toBe(email);
    const signedIn = await other.post(
      `${t.url}/signin`,
      { csrf: confirmed.field('csrf'), email: confirmed.field('email'), password: PASSWORD },
      { follow: false },
    );
    expect(signedIn.status).toBe(303);
    expect(await isSignedIn(t, other)).toBe(true);
  });

  it("a browser that signed up for another account is not signed in by this account's link", async () => {
    const { email, link } = await signUpAndLink(new TestBrowser(), 'victim');
    const intruder = new TestBrowser();
    await signUpAndLink(intruder, 'intruder');
    const { confirmed } = await confirmAddress(intruder, link);
    expect(confirmed.text).toContain(`<strong>${email}</strong> is confirmed.`);
    expect(confirmed.text).not.toContain('You are signed in');
    expect(await isSignedIn(t, intruder)).toBe(false);
  });

  it("a sign-up cookie altered, or older than the link's 48 hours, signs nothing in", async () => {
    const browser = new TestBrowser();
    const { email, link } = await signUpAndLink(browser, 'altered');
    const cookie = browser.cookie(t.url, 'ld_signup')!;
    const [issued, nonce, seal] = cookie.split('.');
    const page = await browser.get(link.toString());
    const post = (signup: string) =>
      fetch(`${t.url}/verify-email`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `ld_csrf=${browser.cookie(t.url, 'ld_csrf')}; ld_signup=${signup}`,
        },
        body: new URLSearchParams({ csrf: page.field('csrf'), token: page.field('token') }).toString(),
      });
    const altered = await post(`${Number(issued) + 1}.${nonce}.${seal}`);
    expect(altered.status).toBe(200);
    expect(await altered.text()).not.toContain('You are signed in');
    expect(altered.headers.getSetCookie().some((c) => c.startsWith('ld_session='))).toBe(false);

    // A second link, confirmed after the sign-up cookie has aged past the link's lifetime.
    const account = (await findAccountByEmail(t.db, email))!;
    t.advance(48 * 3600 + 1);
    const token = await issueAccountToken(t.db, account.id, 'verify_email', t.clock.now);
    const { confirmed } = await confirmAddress(browser, `${t.url}/verify-email?token=${token}`);
    expect(confirmed.text).toContain('is confirmed.');
    expect(confirmed.text).not.toContain('You are signed in');
    expect(await isSignedIn(t, browser)).toBe(false);
  });

  it('the sign-up cookie without the link does nothing: the browser stays signed out until the link is confirmed there', async () => {
    const browser = new TestBrowser();
    const { link } = await signUpAndLink(browser, 'waiting');
    expect(await isSignedIn(t, browser)).toBe(false);
    // Opening the link only asks (a mail scanner in this browser signs nothing in either).
    expect((await browser.get(link.toString())).text).toContain('Confirm the address');
    expect(await isSignedIn(t, browser)).toBe(false);
    const { confirmed } = await confirmAddress(browser, link);
    expect(confirmed.text).toContain('You are signed in.');
    expect(await isSignedIn(t, browser)).toBe(true);
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
