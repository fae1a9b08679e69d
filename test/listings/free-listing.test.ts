import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { readOutbox } from '../../src/mail/mailer.js';
import { runAdminCommand } from '../../src/admin/commands.js';
import { adminDeps } from '../support/admin.js';
import { tickServiceClock } from '../../src/schedule/service-clock.js';
import { lookForBadge } from '../../src/listings/badge-check.js';
import { homepageReader } from '../../src/schedule/listing-jobs.js';
import { caller, ownedListing, person, startOwnerApp, startSite, type Call, type TestSite } from './support.js';

/**
 * The free way to publish: choose_free_listing, the badge check on fixture homepages, and the job that
 * publishes a week's launches when the week begins in the site's time zone (Europe/Berlin here).
 */
// Wednesday 25 November 2026, 10:00 in Berlin.
const clock = { now: new Date('2026-11-25T09:00:00Z') };
let t: TestApp;
let call: Call;
let site: TestSite;
let other: TestSite;

beforeAll(async () => {
  t = await startOwnerApp(clock, 'Europe/Berlin');
  call = caller(t);
  site = await startSite();
  other = await startSite();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
  await other?.close();
});

const badgeLink = (slug: string) => `<a href="${t.app.services.config.publicUrl}/listings/${slug}">Featured</a>`;
const badgeImage = (slug: string) =>
  `<picture><source srcset="${t.app.services.config.publicUrl}/badges/${slug}/standard-dark-m.svg"><img src="/logo.png" alt=""></picture>`;
const deps = () => ({
  db: t.db,
  now: () => clock.now,
  publicUrl: t.app.services.config.publicUrl,
  readHomepage: homepageReader(t.app.services.config),
});

describe('the badge check', () => {
  it('accepts a visible link to the listing’s page, or a badge image served by this site', async () => {
    site.home = `<html><body><footer>${badgeLink('acme')}</footer></body></html>`;
    expect(await lookForBadge(deps(), { slug: 'acme', url: site.url })).toMatchObject({ found: true, foundAs: 'link' });
    site.home = `<html><body>${badgeImage('acme')}</body></html>`;
    expect(await lookForBadge(deps(), { slug: 'acme', url: site.url })).toMatchObject({ found: true, foundAs: 'image' });
  });

  it('refuses a hidden badge, another listing’s badge, a homepage robots.txt forbids, and a badge on another host', async () => {
    site.home = `<html><body><div hidden>${badgeLink('acme')}</div>${badgeLink('acme-2')}</body></html>`;
    const hidden = await lookForBadge(deps(), { slug: 'acme', url: site.url });
    expect(hidden).toMatchObject({ found: false, pageUrl: site.url });
    expect(hidden.detail).toContain('/listings/acme');

    site.home = `<html><body>${badgeLink('acme')}</body></html>`;
    site.robots = 'User-agent: *\nDisallow: /\n';
    const forbidden = await lookForBadge(deps(), { slug: 'acme', url: site.url });
    expect(forbidden.found).toBe(false);
    expect(forbidden.detail).toMatch(/robots\.txt/);
    site.robots = 'User-agent: *\nAllow: /\n';

    other.home = `<html><body>${badgeLink('acme')}</body></html>`;
    site.redirectTo = other.url;
    const elsewhere = await lookForBadge(deps(), { slug: 'acme', url: site.url });
    expect(elsewhere.found).toBe(false);
    site.redirectTo = undefined;
  });
});

describe('the badge check of a reserved address', () => {
  it('reads nothing for an address the service would not take (such as the demo’s .example sites)', async () => {
    const result = await lookForBadge(deps(), { slug: 'demo', url: 'https://demo.example/' });
    expect(result).toMatchObject({ found: false, pageUrl: null });
    expect(result.detail).toMatch(/public website/);
  });
});

describe('choose_free_listing', () => {
  it('queues a saved listing 6 weeks out, checks on demand at most once a minute, and schedules it once the badge is found', async () => {
    const owner = await person(t.db);
    site.home = '<html><body><h1>No badge yet</h1></body></html>';
    const listing = await ownedListing(t.db, owner, { status: 'draft', url: site.url });
    const chosen = await call(owner, 'POST', `/me/listings/${listing.id}/free`);
    expect(chosen.status).toBe(200);
    // This week's Monday in Berlin is 23 November; six weeks on is 4 January 2027.
    expect(chosen.body).toMatchObject({ status: 'awaiting_badge', launch_week: '2027-01-04', outcome: 'queued' });
    expect(chosen.body.badge.embed_html).toContain(`/listings/${listing.slug}`);
    await t.app.services.jobs.idle(10_000);
    const waiting = await call(owner, 'GET', `/me/listings/${listing.id}`);
    expect(waiting.body.badge_check).toMatchObject({
      found: false,
      last_checked_at: expect.any(String),
      next_check_at: expect.any(String),
    });
    expect(waiting.body.badge_check.looking_for.link_to).toContain(`/listings/${listing.slug}`);

    site.home = `<html><body>${chosen.body.badge.embed_html}</body></html>`;
    const soon = await call(owner, 'POST', `/me/listings/${listing.id}/free`);
    expect(soon.body).toMatchObject({ outcome: 'checked_recently', status: 'awaiting_badge' });
    clock.now = new Date(clock.now.getTime() + 61_000);
    const checked = await call(owner, 'POST', `/me/listings/${listing.id}/free`);
    expect(checked.body).toMatchObject({ outcome: 'checked', status: 'scheduled', launch_week: '2027-01-04' });
    expect(checked.body.badge_check).toMatchObject({ found: true, found_as: 'link' });
    const public_ = await call(null, 'GET', `/listings/${listing.slug}`);
    expect(public_.body.status).toBe('scheduled');

    const history = await runAdminCommand(
      adminDeps(t.db, () => clock.now),
      ['listing-history', listing.slug],
    );
    expect(history.output).toMatch(/badge_found by the service\n {2}status\n {4}before: "awaiting_badge"\n {4}after: {2}"scheduled"/);
    expect(history.output).toContain(`choose_free_listing by ${owner.email}`);
    expect(history.output).not.toContain('plan'); // it was free already: only what changed is recorded

    const again = await call(owner, 'POST', `/me/listings/${listing.id}/free`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invalid_state');
    const live = await ownedListing(t.db, owner, { status: 'live' });
    expect((await call(owner, 'POST', `/me/listings/${live.id}/free`)).status).toBe(409);
  });

  it('replays an answer under the same Idempotency-Key without queueing the listing twice', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner, { status: 'draft', url: site.url });
    const post = () =>
      fetch(`${t.url}/api/v1/me/listings/${listing.id}/free`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.key}`, 'idempotency-key': `free-${listing.id}` },
      });
    const first = await post();
    const second = await post();
    expect(first.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    const versions = await t.db.query(`SELECT 1 FROM listing_versions WHERE listing_id = $1 AND operation = 'choose_free_listing'`, [
      listing.id,
    ]);
    expect(versions).toHaveLength(1);
  });

  it('takes the next week with room when the first is full', async () => {
    await t.db.query(
      `INSERT INTO site_settings (key, value) VALUES ('free_launches_per_week', '1') ON CONFLICT (key) DO UPDATE SET value = '1'`,
    );
    const owner = await person(t.db);
    const weeks: string[] = [];
    for (let i = 0; i < 2; i++) {
      const listing = await ownedListing(t.db, owner, { status: 'draft', url: site.url });
      weeks.push((await call(owner, 'POST', `/me/listings/${listing.id}/free`)).body.launch_week);
    }
    // 4 January holds the listing of the test before.
    expect(weeks).toEqual(['2027-01-11', '2027-01-18']);
    await t.db.query(`DELETE FROM site_settings WHERE key = 'free_launches_per_week'`);
  });
});

describe('the start of a launch week', () => {
  it('publishes the week’s listings when Monday begins in the site’s time zone, once, and moves a free listing whose badge is gone', async () => {
    const owner = await person(t.db);
    const week = '2027-02-01';
    const paid = await ownedListing(t.db, owner, { status: 'scheduled', plan: 'paid', launch_week: week });
    site.home = `<html><body>${badgeLink('placeholder')}</body></html>`;
    const free = await ownedListing(t.db, owner, { status: 'scheduled', plan: 'free', launch_week: week, url: site.url });
    const later = await ownedListing(t.db, owner, { status: 'scheduled', plan: 'paid', launch_week: '2027-02-08' });
    const status = async (id: number) => (await call(owner, 'GET', `/me/listings/${id}`)).body;

    // Sunday 31 January, 23:30 in Berlin (22:30 UTC): the week before.
    clock.now = new Date('2027-01-31T22:30:00Z');
    await tickServiceClock(t.db, t.app.services.jobs, t.app.recurring, clock.now);
    await t.app.services.jobs.idle(15_000);
    expect((await status(paid.id)).status).toBe('scheduled');

    // Monday 1 February, 00:05 in Berlin, still Sunday in UTC.
    clock.now = new Date('2027-01-31T23:05:00Z');
    const [first, second] = await Promise.all([
      tickServiceClock(t.db, t.app.services.jobs, t.app.recurring, clock.now),
      tickServiceClock(t.db, t.app.services.jobs, t.app.recurring, clock.now),
    ]);
    expect([...first, ...second].filter((job) => job.startsWith('start_launch_week'))).toEqual([`start_launch_week ${week}`]);
    await t.app.services.jobs.idle(15_000);
    expect(await status(paid.id)).toMatchObject({ status: 'live', launched_at: clock.now.toISOString() });
    expect((await status(later.id)).status).toBe('scheduled');
    const moved = await status(free.id);
    expect(moved.status).toBe('awaiting_badge');
    expect(moved.launch_week > week).toBe(true);
    expect(moved.badge_check.found).toBe(false);
    const mail = await readOutbox(t.db, { to: owner.email });
    expect(mail.filter((m) => m.subject.includes('did not launch'))).toHaveLength(1);
    expect(mail[0].text).toContain(moved.launch_week);
    expect(await tickServiceClock(t.db, t.app.services.jobs, t.app.recurring, clock.now)).toEqual([]);
  });
});
