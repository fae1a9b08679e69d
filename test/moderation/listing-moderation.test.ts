/**
 * moderate_listing over REST (and once over MCP) for each kind of caller, and what a hide does at once: the
 * listing leaves search, the launch feeds, the weekly board, get_listing and its page, the sitemap, the home page
 * (its kept trending list too), the Atom feed and the MCP resources; its owners see the reason and get a mail.
 * Unhide restores it; featuring puts a live listing in the home page's labelled spot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing, insertVotes } from '../support/fixtures.js';
import { person, ownedListing, type Person } from '../listings/support.js';
import { staffPerson, type StaffPerson } from '../console/support.js';
import { rawToolCall, readJsonRpc } from '../support/oauth.js';
import { readOutbox } from '../../src/mail/mailer.js';
import { DEFAULT_SITE_SETTINGS } from '../../src/catalogue/site-settings.js';
import { ALL_SURFACES, restCall, surfacesShowing } from './support.js';

const NOW = new Date('2026-11-25T12:00:00Z'); // a Wednesday: the launch week began on 2026-11-23
let t: TestApp;
let category: number;
let moderator: StaffPerson;
let editor: StaffPerson;
let admin: StaffPerson;
let nobody: Person;
let owner: Person;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW, jobs: { processEveryMs: 50 } });
  category = await insertCategory(t.db);
  [moderator, editor, admin, nobody, owner] = await Promise.all([
    staffPerson(t.db, 'moderator'),
    staffPerson(t.db, 'editor'),
    staffPerson(t.db, 'admin'),
    person(t.db),
    person(t.db),
  ]);
}, 60_000);
afterAll(() => t?.close());

let named = 0;
/** A live listing of this week, owned by `owner`, with votes this week, under a name no other listing shares. */
async function liveListing(fields: { launch_week?: string; launched_at?: string } = {}) {
  const name = `Quillmoth ${String.fromCharCode(97 + named++)}${Date.now() % 100_000}`;
  const listing = await ownedListing(t.db, owner, {
    category_id: category,
    name,
    status: 'live',
    launch_week: fields.launch_week ?? '2026-11-23',
    launched_at: fields.launched_at ?? '2026-11-25T09:00:00Z',
  });
  await insertVotes(t.db, listing.id, 3, new Date('2026-11-25T10:00:00Z'));
  return { ...listing, name };
}

const moderate = (who: { key: string } | null, slug: string, body: Record<string, unknown>, idempotencyKey?: string) =>
  restCall(t, who?.key ?? null, 'POST', `/admin/listings/${slug}/moderation`, body, idempotencyKey);

const auditOf = async (slug: string) =>
  (await restCall(t, admin.key, 'GET', `/admin/audit-log?target_type=listing&target_id=${slug}`)).body.items as {
    action: string;
    actor: string;
    before: unknown;
    after: unknown;
    reason: string;
  }[];

describe('who may moderate', () => {
  it('a moderator and an admin; an editor is refused 403 insufficient_role, a non-staff key 403 insufficient_scope, nobody 401', async () => {
    const listing = await liveListing();
    const body = { action: 'feature', reason: 'A fine launch' };
    expect((await moderate(null, listing.slug, body)).status).toBe(401);
    expect((await moderate(nobody, listing.slug, body)).body).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect((await moderate(editor, listing.slug, body)).body).toMatchObject({ status: 403, code: 'insufficient_role' });
    expect((await moderate(moderator, listing.slug, body)).status).toBe(200);
    expect((await moderate(admin, listing.slug, { action: 'unfeature', reason: 'Enough' })).status).toBe(200);
    const entries = await auditOf(listing.slug);
    expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([
      ['listing.unfeature', admin.email],
      ['listing.feature', moderator.email],
    ]);
  });

  it('answers 404 for an unknown slug and 400 naming bad fields', async () => {
    expect((await moderate(moderator, 'no-such-listing', { action: 'hide', reason: 'x' })).body).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    const bad = await moderate(moderator, 'no-such-listing', { action: 'ban', reason: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/action', '/reason']);
  });

  it('works over MCP too', async () => {
    const listing = await liveListing();
    const response = await rawToolCall(
      t.url,
      'moderate_listing',
      { listing: listing.slug, action: 'feature', reason: 'Over MCP' },
      `Bearer ${moderator.key}`,
    );
    const { result } = await readJsonRpc(response);
    expect(result.structuredContent).toMatchObject({ slug: listing.slug, status: 'live', featured: true });
    const refused = await readJsonRpc(
      await rawToolCall(t.url, 'moderate_listing', { listing: listing.slug, action: 'unfeature', reason: 'x' }, `Bearer ${editor.key}`),
    );
    expect(JSON.parse(refused.result.content[0].text)).toMatchObject({ status: 403, code: 'insufficient_role' });
  });
});

describe('hiding a listing', () => {
  it("leaves the home page's kept trending list at once (the first home page view of this file keeps it)", async () => {
    // Launched last week, voted this week: on the home page only through trending.
    const listing = await liveListing({ launch_week: '2026-11-16', launched_at: '2026-11-17T09:00:00Z' });
    await insertVotes(t.db, listing.id, 30, new Date('2026-11-25T11:00:00Z'));
    const home = await (await fetch(`${t.url}/`)).text();
    const trending = home.slice(home.indexOf('>Trending</h2>'), home.indexOf('>Upcoming launches</h2>'));
    expect(trending).toContain(`href="/listings/${listing.slug}"`);
    expect((await moderate(moderator, listing.slug, { action: 'hide', reason: 'Spam' })).status).toBe(200);
    expect(await (await fetch(`${t.url}/`)).text()).not.toContain(`href="/listings/${listing.slug}"`);
  });

  it('takes it off every public surface at once, tells its owners why, and unhide brings it back', async () => {
    const listing = await liveListing();
    // Warm what instances keep: get_listing's answer and the home page's trending list.
    expect((await restCall(t, null, 'GET', `/listings/${listing.slug}`)).status).toBe(200);
    expect(await surfacesShowing(t.url, listing)).toEqual(ALL_SURFACES);

    const hidden = await moderate(moderator, listing.slug, { action: 'hide', reason: 'Sells counterfeit licences' }, 'hide-1');
    expect(hidden).toEqual({
      status: 200,
      body: {
        slug: listing.slug,
        name: listing.name,
        status: 'hidden',
        hidden_reason: 'Sells counterfeit licences',
        hidden_at: NOW.toISOString(),
        featured: false,
        featured_at: null,
      },
    });
    // Replayed under the same key: the same answer, no second change.
    expect((await moderate(moderator, listing.slug, { action: 'hide', reason: 'Sells counterfeit licences' }, 'hide-1')).body).toEqual(
      hidden.body,
    );
    await expect.poll(() => surfacesShowing(t.url, listing), { timeout: 5000, interval: 50 }).toEqual([]);
    const page = await fetch(`${t.url}/listings/${listing.slug}`);
    expect(page.status).toBe(404);

    const mine = await restCall(t, owner.key, 'GET', `/me/listings/${listing.id}`);
    expect(mine.body).toMatchObject({
      status: 'hidden',
      public: false,
      moderation: { hidden: true, reason: 'Sells counterfeit licences', hidden_at: NOW.toISOString(), featured: false },
    });
    expect(mine.body.next_step).toContain('moderation.reason');
    await expect
      .poll(async () => (await readOutbox(t.db, { to: owner.email })).map((mail) => mail.subject), { timeout: 10_000, interval: 50 })
      .toContain(`${listing.name} is hidden from ${DEFAULT_SITE_SETTINGS.site_name}`);
    const [mail] = (await readOutbox(t.db, { to: owner.email })).filter(
      (m) => m.subject === `${listing.name} is hidden from ${DEFAULT_SITE_SETTINGS.site_name}`,
    );
    expect(mail!.text).toContain('Their reason: Sells counterfeit licences');

    // 409s in the hidden state.
    expect((await moderate(moderator, listing.slug, { action: 'hide', reason: 'again' })).body).toMatchObject({
      status: 409,
      code: 'invalid_state',
    });
    expect((await moderate(moderator, listing.slug, { action: 'feature', reason: 'x' })).body).toMatchObject({
      status: 409,
      detail: expect.stringContaining('unhide'),
    });

    const shown = await moderate(moderator, listing.slug, { action: 'unhide', reason: 'The seller proved the licences genuine' });
    expect(shown.body).toMatchObject({ status: 'live', hidden_reason: null, hidden_at: null });
    await expect.poll(() => surfacesShowing(t.url, listing), { timeout: 5000, interval: 50 }).toEqual(ALL_SURFACES);
    expect((await restCall(t, owner.key, 'GET', `/me/listings/${listing.id}`)).body.moderation).toEqual({
      hidden: false,
      reason: null,
      hidden_at: null,
      featured: false,
    });
    await expect
      .poll(async () => (await readOutbox(t.db, { to: owner.email })).map((m) => m.subject), { timeout: 10_000, interval: 50 })
      .toContain(`${listing.name} is no longer hidden`);
    expect((await moderate(moderator, listing.slug, { action: 'unhide', reason: 'again' })).body).toMatchObject({
      status: 409,
      code: 'invalid_state',
    });

    expect(
      (await auditOf(listing.slug)).map(({ action, before, after, reason, actor }) => ({ action, before, after, reason, actor })),
    ).toEqual([
      {
        action: 'listing.unhide',
        before: { status: 'hidden', featured: false },
        after: { status: 'live', featured: false },
        reason: 'The seller proved the licences genuine',
        actor: moderator.email,
      },
      {
        action: 'listing.hide',
        before: { status: 'live', featured: false },
        after: { status: 'hidden', featured: false },
        reason: 'Sells counterfeit licences',
        actor: moderator.email,
      },
    ]);
  });

  it('a scheduled listing goes back to scheduled; a hidden listing without a kept status goes to live when it had launched, else to draft', async () => {
    const scheduled = await ownedListing(t.db, owner, { category_id: category, status: 'scheduled', launch_week: '2026-12-07' });
    expect((await moderate(moderator, scheduled.slug, { action: 'hide', reason: 'Check' })).body.status).toBe('hidden');
    expect((await moderate(moderator, scheduled.slug, { action: 'unhide', reason: 'Fine' })).body.status).toBe('scheduled');

    // As the demo data has them: hidden, with no status_before_hidden and no reason.
    const launched = await insertListing(t.db, {
      category_id: category,
      status: 'hidden',
      launched_at: '2026-10-01T09:00:00Z',
      launch_week: '2026-09-28',
    });
    const never = await insertListing(t.db, { category_id: category, status: 'hidden', launched_at: null });
    const slugOf = async (id: number) => (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]))!.slug;
    expect((await restCall(t, null, 'GET', `/listings/${await slugOf(launched)}`)).status).toBe(404);
    expect((await moderate(moderator, await slugOf(launched), { action: 'unhide', reason: 'Reviewed' })).body.status).toBe('live');
    expect((await moderate(moderator, await slugOf(never), { action: 'unhide', reason: 'Reviewed' })).body.status).toBe('draft');
    expect((await restCall(t, null, 'GET', `/listings/${await slugOf(launched)}`)).status).toBe(200);
  });

  it('a draft can be hidden too (its owners see why), and hiding a featured listing stops featuring it', async () => {
    const draft = await ownedListing(t.db, owner, { category_id: category, status: 'draft' });
    expect((await moderate(moderator, draft.slug, { action: 'hide', reason: 'Impersonates a bank' })).body.status).toBe('hidden');
    expect((await restCall(t, owner.key, 'GET', `/me/listings/${draft.id}`)).body.moderation.reason).toBe('Impersonates a bank');

    const listing = await liveListing();
    await moderate(moderator, listing.slug, { action: 'feature', reason: 'Great' });
    const hidden = await moderate(moderator, listing.slug, { action: 'hide', reason: 'Abuse' });
    expect(hidden.body).toMatchObject({ status: 'hidden', featured: false });
    expect((await auditOf(listing.slug))[0]).toMatchObject({
      before: { status: 'live', featured: true },
      after: { status: 'hidden', featured: false },
    });
    const shown = await moderate(moderator, listing.slug, { action: 'unhide', reason: 'Resolved' });
    expect(shown.body).toMatchObject({ status: 'live', featured: false });
  });
});

describe('featuring a listing', () => {
  const featuredSection = async () => {
    const home = await (await fetch(`${t.url}/`)).text();
    const start = home.indexOf('Featured by the site team');
    if (start < 0) return { slugs: [] as string[], beforeToday: false };
    const section = home.slice(start, home.indexOf('</section>', start));
    return {
      slugs: [...section.matchAll(/href="\/listings\/([^"]+)"/g)].map((m) => m[1]),
      beforeToday: start < home.indexOf('>Launched today</h2>'),
    };
  };

  it('shows live listings in a labelled spot above the launches, most recently featured first; unfeature takes them out', async () => {
    // Unfeature whatever earlier tests left featured.
    for (const slug of (await featuredSection()).slugs) await moderate(moderator, slug, { action: 'unfeature', reason: 'reset' });
    expect((await featuredSection()).slugs).toEqual([]);
    const first = await liveListing();
    const second = await liveListing();
    const featured = await moderate(moderator, first.slug, { action: 'feature', reason: 'Editor pick' });
    expect(featured.body).toMatchObject({ status: 'live', featured: true, featured_at: NOW.toISOString() });
    await t.db.query(`UPDATE listings SET featured_at = featured_at - interval '1 hour' WHERE slug = $1`, [first.slug]);
    await moderate(moderator, second.slug, { action: 'feature', reason: 'Another pick' });
    expect(await featuredSection()).toEqual({ slugs: [second.slug, first.slug], beforeToday: true });
    expect((await restCall(t, owner.key, 'GET', `/me/listings/${second.id}`)).body.moderation.featured).toBe(true);

    expect((await moderate(moderator, first.slug, { action: 'feature', reason: 'again' })).body).toMatchObject({ status: 409 });
    const scheduled = await ownedListing(t.db, owner, { category_id: category, status: 'scheduled', launch_week: '2026-12-07' });
    expect((await moderate(moderator, scheduled.slug, { action: 'feature', reason: 'x' })).body).toMatchObject({
      status: 409,
      code: 'invalid_state',
      detail: expect.stringContaining('Only live listings'),
    });
    expect((await moderate(moderator, scheduled.slug, { action: 'unfeature', reason: 'x' })).body).toMatchObject({ status: 409 });

    await moderate(moderator, second.slug, { action: 'unfeature', reason: 'Rotation' });
    await moderate(moderator, first.slug, { action: 'unfeature', reason: 'Rotation' });
    expect((await featuredSection()).slugs).toEqual([]);
    expect((await auditOf(first.slug)).map((entry) => entry.action)).toEqual(['listing.unfeature', 'listing.feature']);
  });
});
