import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../support/browser.js';
import { findAccountByEmail } from '../../../src/accounts/accounts.js';
import { linkInLatestMail, mailsSoon, mailsTo, PASSWORD, signIn, startPagesApp, visibleText, type PagesApp } from './page-flows.js';

/**
 * One mailbox, one account (issue 52, item 3): a security tester made ring+1@gmail.com … ring+16@gmail.com,
 * r.i.n.g@gmail.com and ring@googlemail.com into separate confirmed accounts. Through the sign-up form people use.
 */
let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

const WORDS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett', 'Kilo', 'Lima', 'Mike'];
let people = 0;
/** Sends the sign-up form; each sign-up has a public name of its own (names that look alike are refused). */
async function signUp(email: string, password = PASSWORD) {
  const name = `${WORDS[people % WORDS.length]} ${WORDS[Math.floor(people++ / WORDS.length)]}`;
  const browser = new TestBrowser();
  const form = await browser.get(`${t.url}/signup`);
  expect(form.status).toBe(200);
  const answer = await browser.post(`${t.url}/signup`, { csrf: form.field('csrf'), email, password, display_name: name });
  return { answer, signupCookie: browser.cookie(t.url, 'ld_signup') !== undefined, session: browser.cookie(t.url, 'ld_session') };
}

const accountCount = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM accounts'))?.n ?? 0;

/** The answer with the address it shows replaced, to compare answers for different addresses. */
const shape = (text: string, email: string) => text.replaceAll(email.trim().toLowerCase(), 'ADDRESS');

describe('one mailbox, one account', () => {
  it('answers an alias of an existing Gmail account exactly like a fresh sign-up, makes no account and mails the owner the usual note', async () => {
    const first = await signUp('ring@gmail.com');
    expect(first.answer.status).toBe(200);
    const owner = await findAccountByEmail(t.db, 'ring@gmail.com');
    expect(owner?.email).toBe('ring@gmail.com');
    const before = await accountCount();

    // Signing up again with the account's own address is what an alias must look like.
    const again = await signUp('ring@gmail.com', 'another password entirely');
    const aliases = ['ring+1@gmail.com', 'r.i.n.g@gmail.com', 'ring@googlemail.com', 'RING+x@GMAIL.COM'];
    for (const alias of aliases) {
      const fresh = `fresh-${aliases.indexOf(alias)}@example.com`;
      const created = await signUp(fresh, 'another password entirely');
      const taken = await signUp(alias, 'another password entirely');
      expect(taken.answer.status, alias).toBe(200);
      expect(taken.answer.status).toBe(created.answer.status);
      expect(shape(taken.answer.text, alias)).toBe(shape(created.answer.text, fresh));
      expect(shape(taken.answer.text, alias)).toBe(shape(again.answer.text, 'ring@gmail.com'));
      expect(shape(visibleText(taken.answer), alias)).toBe(shape(visibleText(created.answer), fresh));
      expect(taken.signupCookie).toBe(created.signupCookie);
      expect(taken.session).toBeUndefined();
      expect(await findAccountByEmail(t.db, fresh)).toBeDefined();
    }
    // Only the fresh addresses made accounts; none of the aliases did.
    expect(await accountCount()).toBe(before + aliases.length);
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts WHERE email LIKE '%@g%mail.com'`);
    expect(n).toBe(1);

    // The owner's mailbox got the confirmation link and then one "someone tried" note per attempt (own address and
    // each alias), all to the address the account has; no mail went to an alias as typed.
    const mails = await mailsSoon(t, 'ring@gmail.com', 2 + aliases.length);
    const notes = mails.filter((mail) => /Someone tried to create an account/.test(mail.subject));
    expect(notes).toHaveLength(1 + aliases.length);
    for (const note of notes) {
      expect(note.text).toContain(`${t.url}/reset-password`);
      expect(note.text).not.toContain('/verify-email');
    }
    for (const alias of aliases) expect(await mailsTo(t, alias)).toEqual([]);
  });

  it('keeps dots and +tags apart at a provider that does not ignore them', async () => {
    for (const email of ['a.b@example.com', 'ab@example.com', 'ab+news@example.com']) {
      const { answer } = await signUp(email);
      expect(answer.status, /-problem">([^<]*)/.exec(answer.text)?.[1]).toBe(200);
      expect(await findAccountByEmail(t.db, email), email).toMatchObject({ email });
      expect((await linkInLatestMail(t, email, '/verify-email')).searchParams.get('token')).toBeTruthy();
    }
    const ids = await Promise.all(['a.b@example.com', 'ab@example.com', 'ab+news@example.com'].map((e) => findAccountByEmail(t.db, e)));
    expect(new Set(ids.map((account) => account?.id)).size).toBe(3);
  });

  it('mails the note to the address the account has, when that address is itself dotted and tagged', async () => {
    await signUp('j.doe+dir@gmail.com');
    expect((await signUp('jdoe@googlemail.com')).answer.status).toBe(200);
    const mails = await mailsSoon(t, 'j.doe+dir@gmail.com', 2);
    expect(mails.map((mail) => mail.subject).join('\n')).toMatch(/Someone tried to create an account/);
    expect(await mailsTo(t, 'jdoe@googlemail.com')).toEqual([]);
    expect(await findAccountByEmail(t.db, 'jdoe@googlemail.com')).toMatchObject({ email: 'j.doe+dir@gmail.com' });
  });

  it('signs an alias in to the same account, and sends its password-reset link to the account address', async () => {
    await signUp('s.igner@gmail.com');
    const browser = new TestBrowser();
    expect((await signIn(t, browser, 'Signer+Site@GoogleMail.com')).status).toBe(303);
    const page = await browser.get(`${t.url}/account`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('s.igner@gmail.com');

    const form = await browser.get(`${t.url}/reset-password`);
    const asked = await browser.post(`${t.url}/reset-password`, { csrf: form.field('csrf'), email: 'signer+reset@gmail.com' });
    expect(asked.status).toBe(200);
    // The confirmation link, then the reset link (at the same instant of the test's stopped clock).
    const mails = await mailsSoon(t, 's.igner@gmail.com', 2);
    expect(mails.map((mail) => mail.text).join('\n')).toMatch(new RegExp(`${t.url}/reset-password/choose\\?token=`));
    expect(await mailsTo(t, 'signer+reset@gmail.com')).toEqual([]);
  });

  it('counts the "someone tried" notes per mailbox: aliases cannot flood it past the usual five an hour', async () => {
    t.advance(3601); // a new hour for this client's sign-ups
    await signUp('flood@gmail.com');
    for (let i = 1; i <= 7; i++) expect((await signUp(`flood+${i}@gmail.com`)).answer.status).toBe(200);
    // The confirmation link and five notes; the sixth and seventh attempts mail nothing (the page stays the same).
    await mailsSoon(t, 'flood@gmail.com', 6);
    await t.app.services.jobs.idle(10_000);
    expect(await mailsTo(t, 'flood@gmail.com')).toHaveLength(6);
  });
});
