/**
 * Two instances of the service on one database, as behind a load balancer (in one process here: each app has its
 * own result cache, search index, home page and change listener, and on a PostgreSQL server its own connections).
 * A hide through one is heard by the other at once: its kept get_listing answer, its search and its home page's
 * kept trending list drop the listing. On the embedded engine both apps share the one database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoInstances, type TwoInstances } from '../support/two-instances.js';
import { insertCategory, insertVotes } from '../support/fixtures.js';
import { ownedListing, person } from '../listings/support.js';
import { staffPerson, type StaffPerson } from '../console/support.js';
import { restCall } from './support.js';

const NOW = new Date('2026-11-25T12:00:00Z');
let instances: TwoInstances;
let moderator: StaffPerson;

beforeAll(async () => {
  instances = await startTwoInstances({ now: () => NOW });
  moderator = await staffPerson(instances.db, 'moderator');
}, 120_000);
afterAll(() => instances?.close());

describe('a hide through one instance', () => {
  it("is heard by the other at once: its kept get_listing answer, its search and its home page's trending drop the listing", async () => {
    const [a, b] = instances.apps;
    const { db } = instances;
    const owner = await person(db);
    const category = await insertCategory(db);
    const listing = await ownedListing(db, owner, {
      category_id: category,
      name: 'Glimmerwick Ledger',
      status: 'live',
      launch_week: '2026-11-16',
      launched_at: '2026-11-17T09:00:00Z',
    });
    await insertVotes(db, listing.id, 5, new Date('2026-11-25T10:00:00Z'));

    // Instance b keeps get_listing's answer and the home page's trending list.
    expect((await restCall(b, null, 'GET', `/listings/${listing.slug}`)).status).toBe(200);
    expect((await restCall(b, null, 'GET', `/listings/${listing.slug}`)).status).toBe(200);
    expect(b.app.services.resultCache.size).toBeGreaterThan(0);
    expect(await (await fetch(`${b.url}/`)).text()).toContain(`href="/listings/${listing.slug}"`);
    const searchAtB = async () =>
      (await restCall(b, null, 'GET', '/listings?q=Glimmerwick')).body.items.map((item: { slug: string }) => item.slug);
    expect(await searchAtB()).toEqual([listing.slug]);

    const hidden = await restCall(a, moderator.key, 'POST', `/admin/listings/${listing.slug}/moderation`, {
      action: 'hide',
      reason: 'Phishing',
    });
    expect(hidden.body.status).toBe('hidden');

    await expect
      .poll(async () => (await restCall(b, null, 'GET', `/listings/${listing.slug}`)).status, { timeout: 2000, interval: 20 })
      .toBe(404);
    expect(await searchAtB()).toEqual([]);
    expect(await (await fetch(`${b.url}/`)).text()).not.toContain(`href="/listings/${listing.slug}"`);
    expect((await fetch(`${b.url}/listings/${listing.slug}`)).status).toBe(404);

    // And back: unhide through b, heard by a.
    expect((await restCall(a, null, 'GET', `/listings/${listing.slug}`)).status).toBe(404);
    await restCall(b, moderator.key, 'POST', `/admin/listings/${listing.slug}/moderation`, { action: 'unhide', reason: 'Checked' });
    await expect
      .poll(async () => (await restCall(a, null, 'GET', `/listings/${listing.slug}`)).status, { timeout: 2000, interval: 20 })
      .toBe(200);
  });
});
