import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf, signedInBrowser, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';
import { insertCategory, insertLiveListing } from '../support/fixtures.js';
import { caller, person, type Call, type Person } from '../listings/support.js';
import { insertDraft } from '../../src/drafting/draft-store.js';
import { createMailer } from '../../src/mail/mailer.js';
import { runAdminCommand } from '../../src/admin/commands.js';
import { adminDeps } from '../support/admin.js';

/**
 * Issue 52, items 5 and 4 (first half), as an attacker tried them: BEL, ESC, SOH, BS, VT, FF and C1 controls in names,
 * taglines, comments and reviews, through the REST API and through the site's forms, are not stored (CRLF becomes LF);
 * names lose U+00AD, U+034F, U+FFF9 and tag characters, and a name of only U+2800 or invisible characters is refused;
 * the operator's outbox command prints escape sequences escaped, never raw.
 */
let t: PagesApp;
let call: Call;
let founder: Person;
let category: number;
let categoryName: string;

beforeAll(async () => {
  t = await startPagesApp(new Date('2026-11-25T12:00:00Z'));
  call = caller(t);
  founder = await person(t.db);
  categoryName = `Controls ${Date.now()}`;
  category = await insertCategory(t.db, { name: categoryName });
}, 60_000);
afterAll(() => t?.close());

/** Every control character the attack used, and a C1 CSI. */
const CONTROLS = '\u0007\u001b[31m\u0001\u0008\u000b\u000c\u009b';
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

async function readyDraft(): Promise<string> {
  const draft = await insertDraft(t.db, founder.id, `https://controls-${Date.now()}.example/`, new Date());
  await t.db.query(`UPDATE drafts SET status = 'ready' WHERE id = $1`, [draft.id]);
  return draft.id;
}

describe('control characters in what people write (item 5)', () => {
  it('REST: a name, tagline and founder name lose them, on the draft and on the listing; the owner edit too', async () => {
    const id = await readyDraft();
    const edited = await call(founder, 'PATCH', `/drafts/${id}`, {
      fields: { name: `Ring${CONTROLS}ing`, tagline: `Bell\u0007 and\r\nescape\u001b`, categories: [categoryName] },
      founders: [{ name: `Ada\u001b[2J Lovelace` }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.fields.name.value).toBe('Ring[31ming');
    expect(edited.body.fields.tagline.value).toBe('Bell and\nescape');
    expect(edited.body.founders[0].name).toBe('Ada[2J Lovelace');
    const submitted = await call(founder, 'POST', `/drafts/${id}/submit`);
    expect(submitted.status).toBe(200);
    const listingId = submitted.body.listing_id;
    const retagged = await call(founder, 'PATCH', `/me/listings/${listingId}`, { fields: { tagline: 'The\u0007 terminal\u009b app' } });
    expect(retagged.status).toBe(200);
    const row = await t.db.one<{ name: string; tagline: string }>('SELECT name, tagline FROM listings WHERE id = $1', [listingId]);
    expect(row).toEqual({ name: 'Ring[31ming', tagline: 'The terminal app' });
  });

  it('the site forms: a comment, a review and a public name lose them; CRLF is kept as one line break', async () => {
    const target = await insertLiveListing(t.db, category);
    const { browser, id: accountId } = await signedInBrowser(t);
    const account = await browser.get(`${t.url}/account`);
    const named = await browser.post(`${t.url}/account/display-name`, { csrf: account.field('csrf'), display_name: `Eve${CONTROLS}` });
    expect(named.text).toContain('Your public name is saved.');
    const page = await browser.get(`${t.url}/listings/${target.slug}`);
    await browser.post(`${t.url}/listings/${target.slug}/comments`, {
      csrf: page.field('csrf'),
      body: `First line\u0007\r\nSecond\u001b[31m line\rThird`,
    });
    await browser.post(`${t.url}/listings/${target.slug}/review`, {
      csrf: await csrfOf(t, browser, `/listings/${target.slug}`),
      rating: '4',
      body: `A fine\u0001 terminal\u000b for\u000c teams\u0008, with\u009b colours.`,
    });
    const stored = {
      name: (await t.db.one<{ display_name: string }>('SELECT display_name FROM accounts WHERE id = $1', [accountId]))!.display_name,
      comment: (await t.db.one<{ body: string }>('SELECT body FROM comments WHERE listing_id = $1', [target.id]))?.body,
      review: (await t.db.one<{ body: string }>('SELECT body FROM reviews WHERE listing_id = $1', [target.id]))?.body,
    };
    expect(stored).toEqual({
      name: 'Eve[31m',
      comment: 'First line\nSecond[31m line\nThird',
      review: 'A fine terminal for teams, with colours.',
    });
  });
});

describe('invisible names (item 4, first half)', () => {
  it('a public name of only U+2800, or of only invisible characters, is refused; those inside a name are stripped', async () => {
    const { browser, id: accountId } = await signedInBrowser(t);
    const csrf = (await browser.get(`${t.url}/account`)).field('csrf');
    for (const bad of ['\u2800', '\u2800 \u2800', '\u00ad\u034f\ufff9', '\u{E0041}\u{E007F}', '\u3164']) {
      const refused = await browser.post(`${t.url}/account/display-name`, { csrf, display_name: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    const saved = await browser.post(`${t.url}/account/display-name`, {
      csrf,
      display_name: 'Al\u00adi\u034fce\ufff9\u{E0061} 👩\u200d💻',
    });
    expect(saved.status).toBe(200);
    const row = await t.db.one<{ display_name: string }>('SELECT display_name FROM accounts WHERE id = $1', [accountId]);
    expect(row!.display_name).toBe('Alice 👩\u200d💻');
  });

  it('REST: a listing name or founder name of only blanks is a 400; invisible characters inside are stripped', async () => {
    const id = await readyDraft();
    const refused = await call(founder, 'PATCH', `/drafts/${id}`, { fields: { name: '\u2800' }, founders: [{ name: '\u00ad\u034f' }] });
    expect(refused.status).toBe(400);
    expect((refused.body.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['/fields/name', '/founders/0/name']);
    const edited = await call(founder, 'PATCH', `/drafts/${id}`, {
      fields: { name: 'Term\u00adinal\ufff9 App\u{E0041}' },
      founders: [{ name: 'Gr\u034face Hopper' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.fields.name.value).toBe('Terminal App');
    expect(edited.body.founders[0].name).toBe('Grace Hopper');
  });
});

describe('the operator commands (item 5)', () => {
  it('the outbox prints stored escape sequences escaped, never raw', async () => {
    const mailer = createMailer({ db: t.db, smtpUrl: '', from: 'test@example.com', now: () => t.clock.now });
    await mailer.send({
      to: 'operator-test@example.com',
      subject: 'New comment from \u001b]0;owned\u0007Eve',
      text: 'Hi\u001b[2J\u009b there',
    });
    const result = await runAdminCommand(
      adminDeps(t.db, () => t.clock.now),
      ['outbox', '--to', 'operator-test@example.com'],
    );
    expect(result.exitCode).toBe(0);
    expect(result.output).not.toMatch(RAW_CONTROL);
    expect(result.output).toContain('New comment from \\x1b]0;owned\\x07Eve');
    expect(result.output).toContain('Hi\\x1b[2J\\x9b there');
  });
});
