import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/list_launches.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, testServices, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing, insertVotes, type ListingFields } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

interface FeedAnswer {
  section: string;
  items: { slug: string; status: string }[];
  page: number;
  per_page: number;
  total: number;
  has_more: boolean;
}

/** Wednesday 2026-11-18, 12:00 UTC, in the week of Monday 2026-11-16. */
const NOW = new Date('2026-11-18T12:00:00Z');
const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

let t: TestDatabase;
let category: number;
beforeAll(async () => {
  t = await createTestDatabase();
  category = await insertCategory(t.db);
});
afterAll(() => t.drop());

const feed = async (input: Record<string, unknown>) =>
  (await callTool(
    tool,
    testServices(t.db, () => NOW),
    { per_page: 100, ...input },
  )) as unknown as FeedAnswer;

/** The slugs of a section with a prefix, in feed order (other tests' listings share the database). */
const slugsOf = async (section: string, prefix: string) =>
  (await feed({ section })).items.map((l) => l.slug).filter((s) => s.startsWith(prefix));

async function add(slug: string, fields: Omit<ListingFields, 'category_id' | 'slug'> = {}, votes = 0, votedAt: Date = NOW) {
  const id = await insertListing(t.db, { slug, category_id: category, launched_at: '2026-10-01T00:00:00Z', ...fields });
  await insertVotes(t.db, id, votes, votedAt);
  return id;
}

describe('list_launches', () => {
  it('today: live listings launched today in the site time zone, most voted first', async () => {
    await add('today-early', { launched_at: '2026-11-18T10:00:00Z' }, 1);
    await add('today-late', { launched_at: '2026-11-18T11:30:00Z' }, 4);
    await add('today-yesterday', { launched_at: '2026-11-17T23:59:00Z' }, 9);
    await add('today-hidden', { launched_at: '2026-11-18T09:00:00Z', status: 'hidden' }, 9);
    expect(await slugsOf('today', 'today-')).toEqual(['today-late', 'today-early']);

    // 12:00 UTC is already 01:00 on Thursday in Auckland, whose day began at 11:00 UTC.
    await t.db.query(`INSERT INTO site_settings (key, value) VALUES ('time_zone', '"Pacific/Auckland"')`);
    try {
      expect(await slugsOf('today', 'today-')).toEqual(['today-late']);
    } finally {
      await t.db.query(`DELETE FROM site_settings WHERE key = 'time_zone'`);
    }
  });

  it('this-week (the default): live listings of the current launch week, most voted first', async () => {
    await add('week-few', { launch_week: '2026-11-16' }, 1);
    await add('week-many', { launch_week: '2026-11-16' }, 3);
    await add('week-last', { launch_week: '2026-11-09' }, 5);
    await add('week-scheduled', { launch_week: '2026-11-16', status: 'scheduled', launched_at: null });
    const answer = (await callTool(
      tool,
      testServices(t.db, () => NOW),
      {},
    )) as unknown as FeedAnswer;
    expect(answer.section).toBe('this-week');
    expect(answer.items.map((l) => l.slug).filter((s) => s.startsWith('week-'))).toEqual(['week-many', 'week-few']);
  });

  it('trending: listings with recent votes, recent votes weighing most', async () => {
    await add('trend-old-many', {}, 4, hoursBefore(24 * 10));
    await add('trend-new-few', {}, 2, hoursBefore(1));
    await add('trend-outside-window', {}, 9, hoursBefore(24 * 20));
    await add('trend-future-votes', {}, 9, hoursBefore(-5));
    expect(await slugsOf('trending', 'trend-')).toEqual(['trend-new-few', 'trend-old-many']);
  });

  it('most-voted, recent, most-viewed and most-followed order live listings by their counters', async () => {
    await add('order-a', { launched_at: '2026-11-01T00:00:00Z', views_count: 10, follows_count: 1 }, 2);
    await add('order-b', { launched_at: '2026-11-03T00:00:00Z', views_count: 30, follows_count: 0 }, 1);
    await add('order-c', { launched_at: '2026-11-02T00:00:00Z', views_count: 20, follows_count: 7 }, 3);
    await add('order-hidden', { status: 'hidden', views_count: 99, follows_count: 99 }, 9);
    expect(await slugsOf('most-voted', 'order-')).toEqual(['order-c', 'order-a', 'order-b']);
    expect(await slugsOf('recent', 'order-')).toEqual(['order-b', 'order-c', 'order-a']);
    expect(await slugsOf('most-viewed', 'order-')).toEqual(['order-b', 'order-c', 'order-a']);
    expect(await slugsOf('most-followed', 'order-')).toEqual(['order-c', 'order-a', 'order-b']);
  });

  it('upcoming: scheduled listings, soonest launch week first, paged', async () => {
    await add('up-later', { status: 'scheduled', launch_week: '2027-03-01', launched_at: null });
    await add('up-soon', { status: 'scheduled', launch_week: '2027-02-01', launched_at: null });
    await add('up-live', { launch_week: '2027-01-04' });
    const all = await feed({ section: 'upcoming' });
    expect(all.items.every((l) => l.status === 'scheduled')).toBe(true);
    expect(all.items.map((l) => l.slug).filter((s) => s.startsWith('up-'))).toEqual(['up-soon', 'up-later']);

    const second = await feed({ section: 'upcoming', page: all.total, per_page: 1 });
    expect(second).toMatchObject({ section: 'upcoming', page: all.total, per_page: 1, total: all.total, has_more: false });
    expect(second.items.map((l) => l.slug)).toEqual([all.items[all.total - 1].slug]);
    expect((await feed({ section: 'upcoming', page: 1, per_page: 1 })).has_more).toBe(all.total > 1);
  });

  it.each([
    [{ section: 'popular' }, '/section'],
    [{ section: 'this_week' }, '/section'],
    [{ page: 0 }, '/page'],
    [{ page: 1001 }, '/page'],
    [{ per_page: 0 }, '/per_page'],
    [{ per_page: 101 }, '/per_page'],
    [{ page: '2' }, '/page'],
  ])('refuses %j naming %s', async (input, path) => {
    expect(await refusedPaths(tool, input)).toEqual([path]);
  });

  it('refuses unknown parameters', async () => {
    expect(await refusedPaths(tool, { week: 'this' })).toEqual(['/week']);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
