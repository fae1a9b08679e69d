import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { caller, ownedListing, person, type Call } from '../listings/support.js';

/**
 * What choose_free_listing and get_my_listing say about the badge check: that the first check is under way (its
 * homepage read is held here until the test lets it answer), and, while an on-demand check must wait (once a
 * minute), how long, with a next step that does not offer a check now. Real time: a check made a minute ago is
 * written into badge_checks.
 */
let t: TestApp;
let call: Call;
let site: { url: string; home: string; release: () => void; held: Promise<void>; close: () => Promise<void> };

/** A homepage whose answers wait until `release()` (then all answer at once until the next `hold()`). */
async function heldSite() {
  const server = http.createServer(async (req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    await state.held;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(state.home);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const state = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    home: '<html><body><h1>No badge yet</h1></body></html>',
    release: () => {},
    held: Promise.resolve(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return state;
}

function hold() {
  site.held = new Promise((resolve) => {
    site.release = resolve;
  });
}

beforeAll(async () => {
  t = await startTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }, jobs: { processEveryMs: 100 } });
  call = caller(t);
  site = await heldSite();
}, 60_000);
afterAll(async () => {
  site?.release();
  await t?.close();
  await site?.close();
});

const checkedAgo = (listingId: number, seconds: number) =>
  t.db.query(`UPDATE badge_checks SET checked_at = now() - make_interval(secs => $2) WHERE listing_id = $1`, [listingId, seconds]);

describe('the badge check of a free listing', () => {
  it('says the first check is under way until it has finished', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner, { url: site.url });
    hold();
    const chosen = await call(owner, 'POST', `/me/listings/${listing.id}/free`);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ outcome: 'queued', badge_check: { last_checked_at: null, in_progress: true } });
    expect(chosen.body.next_step).toMatch(/^The first badge check is under way: call get_my_listing in about 20 seconds/);
    const meanwhile = await call(owner, 'GET', `/me/listings/${listing.id}`);
    expect(meanwhile.body.badge_check).toMatchObject({ last_checked_at: null, in_progress: true });

    site.release();
    await t.app.services.jobs.idle(20_000);
    const checked = (await call(owner, 'GET', `/me/listings/${listing.id}`)).body;
    expect(checked.badge_check).toMatchObject({ last_checked_at: expect.any(String), in_progress: false, found: false });
    expect(checked.next_step).not.toMatch(/under way/);
  });

  it('answers retry_after_seconds while a re-check must wait, and offers a check now only once it may', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner, { url: site.url });
    await call(owner, 'POST', `/me/listings/${listing.id}/free`);
    await t.app.services.jobs.idle(20_000);

    await checkedAgo(listing.id, 15);
    const throttled = (await call(owner, 'POST', `/me/listings/${listing.id}/free`)).body;
    expect(throttled.outcome).toBe('checked_recently');
    const wait = throttled.badge_check.retry_after_seconds;
    expect(wait).toBeGreaterThanOrEqual(44);
    expect(wait).toBeLessThanOrEqual(45);
    expect(throttled.next_step).toContain(`call choose_free_listing again in ${wait} seconds`);
    expect(throttled.next_step).not.toMatch(/checked now/);
    const viewed = (await call(owner, 'GET', `/me/listings/${listing.id}`)).body;
    expect(viewed.badge_check.retry_after_seconds).toBeGreaterThan(0);
    expect(viewed.next_step).not.toMatch(/checked now/);

    await checkedAgo(listing.id, 61);
    const ready = (await call(owner, 'GET', `/me/listings/${listing.id}`)).body;
    expect(ready.badge_check).toMatchObject({ retry_after_seconds: 0, in_progress: false });
    expect(ready.next_step).toMatch(/Call choose_free_listing again to have the homepage checked now\.$/);

    // Checked now: the next on-demand check is a minute away.
    const rechecked = (await call(owner, 'POST', `/me/listings/${listing.id}/free`)).body;
    expect(rechecked.outcome).toBe('checked');
    expect(rechecked.badge_check.retry_after_seconds).toBeGreaterThanOrEqual(59);
    expect(rechecked.badge_check.retry_after_seconds).toBeLessThanOrEqual(60);
  });

  it('offers no re-check once the badge is found (the listing is scheduled)', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner, { url: site.url });
    site.home = `<html><body><a href="${t.app.services.config.publicUrl}/listings/${listing.slug}">Featured</a></body></html>`;
    await call(owner, 'POST', `/me/listings/${listing.id}/free`);
    await t.app.services.jobs.idle(20_000);
    const found = (await call(owner, 'GET', `/me/listings/${listing.id}`)).body;
    expect(found).toMatchObject({ status: 'scheduled', badge_check: { found: true, in_progress: false, retry_after_seconds: null } });
    expect(found.next_step).not.toMatch(/choose_free_listing/);
  });
});
