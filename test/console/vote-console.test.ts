/**
 * Flagged votes for the site team: over REST (list_flagged_votes, decide_flagged_votes, run_vote_check) for each kind
 * of caller, with 404 and 409; the console's /admin/votes (grouped by listing, evidence in words, a form per listing
 * to confirm or clear the votes ticked with a note, the admins' "run the check now"); and the settings page's
 * vote-check, network-limit and e-mail-domain fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { restCall } from '../moderation/support.js';
import { postConsoleForm, signInChromium, staffBrowser, staffCast, type StaffPerson } from './support.js';
import type { Person } from '../listings/support.js';

const clock = { now: new Date('2026-11-25T12:00:00Z') };
let t: TestApp;
let category: number;
let admin: StaffPerson;
let editor: StaffPerson;
let moderator: StaffPerson;
let nobody: Person;
const browserPresent = chromiumAvailable();

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(clock.now) });
  category = await insertCategory(t.db);
  ({ admin, editor, moderator, nobody } = await staffCast(t.db));
}, 60_000);
afterAll(() => t?.close());

const call = (who: { key: string } | null, method: string, path: string, body?: unknown) =>
  restCall(t, who?.key ?? null, method, path, body);

let seq = 0;
/** A live listing and `count` votes for it within minutes, from accounts made an hour before: a ring the check flags. */
async function ringedListing(name: string, count = 5): Promise<{ id: number; slug: string; votes: number[] }> {
  const id = await insertListing(t.db, { category_id: category, name, status: 'live', launch_week: '2026-11-23' });
  const votes: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(clock.now.getTime() - 3_600_000 + i * 60_000);
    const account = await t.db.one<{ id: string }>(
      `INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at)
       VALUES (gen_random_uuid(), $1, 'x', $2, $2) RETURNING id::text AS id`,
      [`ring${++seq}@throwaway.example`, new Date(at.getTime() - 3_600_000).toISOString()],
    );
    const vote = await t.db.one<{ id: number }>(
      `INSERT INTO votes (listing_id, voter_key, account_id, network, created_at) VALUES ($1, $2, $3::uuid, $4, $5) RETURNING id::int AS id`,
      [id, `account:${account!.id}`, account!.id, `n${seq}`, at.toISOString()],
    );
    votes.push(vote!.id);
  }
  await t.db.query('UPDATE listings SET votes_count = $2 WHERE id = $1', [id, count]);
  const { slug } = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]))!;
  return { id, slug, votes };
}
const votesCount = async (id: number) => (await t.db.one<{ n: number }>('SELECT votes_count AS n FROM listings WHERE id = $1', [id]))!.n;

describe('over REST', () => {
  it('is for moderators (running the check: admins); others get 401 or 403', async () => {
    for (const [method, path, body] of [
      ['GET', '/admin/votes', undefined],
      ['POST', '/admin/votes/decisions', { vote_ids: [1], decision: 'clear', note: 'x' }],
      ['POST', '/admin/votes/check', {}],
    ] as const) {
      expect((await call(null, method, path, body)).status, path).toBe(401);
      expect((await call(nobody, method, path, body)).body, path).toMatchObject({ status: 403, code: 'insufficient_scope' });
      expect((await call(editor, method, path, body)).body, path).toMatchObject({ status: 403, code: 'insufficient_role' });
    }
    expect((await call(moderator, 'POST', '/admin/votes/check', {})).body).toMatchObject({ status: 403, code: 'insufficient_role' });
    expect((await call(moderator, 'GET', '/admin/votes')).status).toBe(200);
    const bad = await call(moderator, 'GET', '/admin/votes?status=open');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['/status']);
  });

  it('the check flags a ring; moderators list, confirm and clear its votes; 404 and 409 change nothing', async () => {
    const ring = await ringedListing('Ring Tools');
    const checked = await call(admin, 'POST', '/admin/votes/check', {});
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ flagged: 5, by_rule: { burst: 5, network: 0, own_domain: 0, single_maker: 0 }, listings: 1 });
    expect(await votesCount(ring.id)).toBe(0);

    const listed = (await call(moderator, 'GET', '/admin/votes?per_page=100')).body;
    const ours = listed.items.filter((item: { listing: { slug: string } }) => item.listing.slug === ring.slug);
    expect(ours.map((item: { id: number }) => item.id).sort()).toEqual([...ring.votes].sort());
    expect(ours[0]).toEqual({
      id: expect.any(Number),
      listing: { slug: ring.slug, name: 'Ring Tools' },
      voter: expect.stringMatching(/^ring\d+@throwaway\.example$/),
      account_created_at: expect.any(String),
      rules: ['burst'],
      evidence: { burst: { votes: 5, minutes: 60, from: expect.any(String), to: expect.any(String) }, account_age_hours: 1 },
      cast_at: expect.any(String),
      flagged_at: expect.stringMatching(/^2026-11-25T12:00:00(\.000)?Z$/),
      status: 'flagged',
    });

    const [a, b, c, d, e] = ring.votes as [number, number, number, number, number];
    const decide = (body: unknown) => call(moderator, 'POST', '/admin/votes/decisions', body);
    expect((await decide({ vote_ids: [a, 2_000_000_000], decision: 'clear', note: 'x' })).body).toMatchObject({ status: 404 });
    const confirmed = await decide({ vote_ids: [a], decision: 'confirm', note: 'Made an hour before' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.votes).toEqual([expect.objectContaining({ id: a, status: 'confirmed' })]);
    expect((await decide({ vote_ids: [a, b], decision: 'clear', note: 'x' })).body).toMatchObject({ status: 409, code: 'invalid_state' });
    expect(await votesCount(ring.id)).toBe(0);
    const cleared = await decide({ vote_ids: [b, c, d, e], decision: 'clear', note: 'Checked: a class' });
    expect(cleared.body.votes.map((v: { status: string }) => v.status)).toEqual(['cleared', 'cleared', 'cleared', 'cleared']);
    expect(await votesCount(ring.id)).toBe(4);
    const confirmedList = (await call(moderator, 'GET', '/admin/votes?status=confirmed')).body.items.map((v: { id: number }) => v.id);
    expect(confirmedList).toContain(a);
    const audit = (await call(admin, 'GET', '/admin/audit-log?target_type=vote&per_page=100')).body.items.filter(
      (entry: { target_id: string }) => ring.votes.map(String).includes(entry.target_id),
    );
    expect(audit.map((entry: { action: string }) => entry.action).sort()).toEqual([
      'vote.clear',
      'vote.clear',
      'vote.clear',
      'vote.clear',
      'vote.confirm',
      'vote.flag',
      'vote.flag',
      'vote.flag',
      'vote.flag',
      'vote.flag',
    ]);
    expect(audit.find((entry: { action: string }) => entry.action === 'vote.confirm')).toMatchObject({
      actor: moderator.email,
      reason: 'Made an hour before',
    });
    expect(audit.find((entry: { action: string }) => entry.action === 'vote.flag')).toMatchObject({ actor: 'vote check' });
  });
});

describe('/admin/votes', () => {
  it('anonymous visitors go to sign in; editors get 403; moderators see no "run now", admins do', async () => {
    const anonymous = await new TestBrowser().get(`${t.url}/admin/votes`, { follow: false });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toContain('/signin?return_to=');
    expect((await (await staffBrowser(t, editor)).get(`${t.url}/admin/votes`)).status).toBe(403);
    const asModerator = await staffBrowser(t, moderator);
    const page = await asModerator.get(`${t.url}/admin/votes`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/admin/votes" aria-current="page"');
    expect(page.text).not.toContain('Run the vote check now');
    const refused = await postConsoleForm(t, asModerator, '/account/api-keys', '/admin/votes/check', {});
    expect(refused.status).toBe(403);
    expect((await (await staffBrowser(t, admin)).get(`${t.url}/admin/votes`)).text).toContain('Run the vote check now');
  });

  it('groups flagged votes by listing with their evidence in words; the form clears or confirms the votes ticked', async () => {
    clock.now = new Date('2026-11-26T12:00:00Z');
    const ring = await ringedListing('<script>alert(1)</script> Ring', 5);
    const browser = await staffBrowser(t, admin);
    const ran = await postConsoleForm(t, browser, '/admin/votes', '/admin/votes/check', {});
    expect(ran.status).toBe(303);
    const page = await browser.get(`${t.url}${ran.headers.get('location')}`);
    expect(page.text).toContain('The vote check ran');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Ring');
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('Burst: 5 votes on this listing within 60 minutes');
    expect(page.text).toContain('this one was 1 hour old');
    for (const id of ring.votes) expect(page.text).toContain(`name="vote_ids" value="${id}" checked`);

    // Without a note: 400 naming the field, nothing decided.
    const [first, second, ...rest] = ring.votes as [number, number, ...number[]];
    const noNote = await postConsoleForm(t, browser, '/admin/votes', '/admin/votes/decisions', {
      listing: ring.slug,
      vote_ids: [String(first)],
      decision: 'clear',
      note: '',
    });
    expect(noNote.status).toBe(400);
    expect(noNote.text).toContain('/note');
    expect(await votesCount(ring.id)).toBe(0);

    const confirmed = await postConsoleForm(t, browser, '/admin/votes', '/admin/votes/decisions', {
      listing: ring.slug,
      vote_ids: [String(first), String(second)],
      decision: 'confirm',
      note: 'Accounts made an hour before',
    });
    expect(confirmed.status).toBe(303);
    expect((await browser.get(`${t.url}${confirmed.headers.get('location')}`)).text).toContain('The votes are confirmed');
    const again = await postConsoleForm(t, browser, '/admin/votes', '/admin/votes/decisions', {
      listing: ring.slug,
      vote_ids: [String(first)],
      decision: 'clear',
      note: 'Changed my mind',
    });
    expect(again.status).toBe(409);
    expect(again.text).toContain('already confirmed');
    const cleared = await postConsoleForm(t, browser, '/admin/votes', '/admin/votes/decisions', {
      listing: ring.slug,
      vote_ids: rest.map(String),
      decision: 'clear',
      note: 'A class voting together',
    });
    expect(cleared.status).toBe(303);
    expect(await votesCount(ring.id)).toBe(3);
    const clearedPage = await browser.get(`${t.url}/admin/votes?status=cleared`);
    for (const id of rest) expect(clearedPage.text).toContain(`Vote ${id} by`);
    expect(clearedPage.text).not.toContain(`name="vote_ids" value="${rest[0]}"`);
  });
});

describe('the settings page', () => {
  it('sets the vote check, the network limits and the e-mail domain lists; a bad domain is refused by its path', async () => {
    const browser = await staffBrowser(t, admin);
    const page = await browser.get(`${t.url}/admin/settings`);
    expect(page.text).toContain('<label for="vote_check_burst_votes">');
    expect(page.text).toContain('<label for="email_domains_blocked">');
    const bad = await postConsoleForm(t, browser, '/admin/settings', '/admin/settings', {
      email_domains_blocked: 'spam.example\nnot a domain',
      vote_check_burst_votes: '1',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('/email_domains/blocked/1');
    expect(bad.text).toContain('/vote_check/burst_votes');
    expect(bad.text).toContain('not a domain</textarea>');
    const saved = await postConsoleForm(t, browser, '/admin/settings', '/admin/settings', {
      vote_check_burst_votes: '8',
      vote_check_young_account_hours: '48',
      network_limits_signups_per_hour: '5',
      email_domains_blocked: 'Spam.example\r\n\r\nthrowaway.example ',
      email_domains_allowed: '',
    });
    expect(saved.status).toBe(303);
    const settings = (await call(admin, 'GET', '/admin/settings')).body.settings;
    expect(settings.vote_check).toEqual({
      burst_votes: 8,
      burst_minutes: 60,
      young_account_hours: 48,
      network_votes: 3,
      single_maker_votes: 3,
    });
    expect(settings.network_limits).toEqual({ signups_per_hour: 5, votes_per_10_minutes: 60 });
    expect(settings.email_domains).toEqual({ blocked: ['spam.example', 'throwaway.example'], allowed: [] });
    const shown = await browser.get(`${t.url}/admin/settings`);
    expect(shown.text).toContain('spam.example\nthrowaway.example</textarea>');
    expect(shown.text).toMatch(/id="vote_check_burst_votes" name="vote_check_burst_votes" value="8"/);
  });
});

describe.skipIf(!browserPresent)('an admin in Chromium', () => {
  let chromium: { browser: BrowserContext; close(): Promise<void> };
  beforeAll(async () => {
    chromium = await launchChromium();
  }, 60_000);
  afterAll(() => chromium?.close());

  it('clears a flagged vote from /admin/votes; axe-core finds nothing serious there or on the settings page', async () => {
    clock.now = new Date('2026-11-27T12:00:00Z');
    // The settings test above raised the burst to 8 votes.
    const ring = await ringedListing('Chromium Ring', 8);
    const page = await chromium.browser.newPage();
    await signInChromium(page, t.url, admin);
    await page.goto(`${t.url}/admin/votes`);
    await page.click('button:has-text("Run the vote check now")');
    await page.waitForURL(/done=checked/);
    expect(await seriousViolations(page), '/admin/votes').toEqual([]);
    for (const id of ring.votes.slice(1)) await page.uncheck(`#vote-${id}`);
    await page.fill(`#note-${ring.slug}`, 'Known to us');
    await page.click(`form:has(#note-${ring.slug}) button[value="clear"]`);
    await page.waitForURL(/done=cleared/);
    expect(await votesCount(ring.id)).toBe(1);
    await page.goto(`${t.url}/admin/settings`);
    expect(await seriousViolations(page), '/admin/settings').toEqual([]);
    await page.close();
  }, 60_000);
});
