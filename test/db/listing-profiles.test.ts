import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadListingProfile } from '../../src/catalogue/listing-profile.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { insertCategory, insertFounder, insertListing, linkFounder } from '../support/fixtures.js';

/**
 * listing_profiles (migration 0011) holds each listing's gathered sub-records, rewritten by triggers in
 * the writing transaction. Whatever path writes (SQL here, the EntityManager in the tools), the next read
 * shows it, and the stored parts equal what gathering them afresh gives.
 */
let t: TestDatabase;
let listingId: number;
let categoryId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  categoryId = await insertCategory(t.db, { slug: 'kept-primary', name: 'Kept Primary' });
  listingId = await insertListing(t.db, { slug: 'kept-current', name: 'Kept Current', category_id: categoryId, plan: 'paid' });
  await t.db.query(`UPDATE listings SET unlocked_sections = '{story,milestones,media}' WHERE id = $1`, [listingId]);
});
afterAll(() => t.drop());

const profile = async () => (await loadListingProfile(t.db, 'kept-current', 'https://x.test'))!;

/** Listings whose stored parts differ from what gathering them now gives (none, if every write was seen). */
async function staleListings(): Promise<number[]> {
  const rows = await t.db.query<{ id: number }>(
    `SELECT l.id FROM listings l LEFT JOIN listing_profiles p ON p.listing_id = l.id
     WHERE p.doc IS NULL OR p.doc::text <> listing_profile_doc(l)::text`,
  );
  return rows.map((r) => r.id);
}

describe('listing profiles, gathered on write', () => {
  it('show an insert, an update and a delete of each kind of sub-record at the next read', async () => {
    await t.db.query(
      `INSERT INTO listing_faqs (listing_id, question, answer, position) VALUES ($1, 'Q1?', 'A1', 1), ($1, 'Q2?', 'A2', 2)`,
      [listingId],
    );
    await t.db.query(`UPDATE listing_faqs SET answer = 'A1 changed' WHERE listing_id = $1 AND position = 1`, [listingId]);
    await t.db.query(`DELETE FROM listing_faqs WHERE listing_id = $1 AND position = 2`, [listingId]);
    expect((await profile()).faqs).toEqual([{ question: 'Q1?', answer: 'A1 changed' }]);

    await t.db.query(`INSERT INTO reviews (listing_id, reviewer_key, rating) VALUES ($1, 'a', 5), ($1, 'b', 2)`, [listingId]);
    // Hidden, so no longer genuine (the database keeps reviews.genuine to its rule).
    await t.db.query(`UPDATE reviews SET hidden_at = now(), hidden_reason = 'spam' WHERE listing_id = $1 AND reviewer_key = 'b'`, [
      listingId,
    ]);
    expect((await profile()).community_rating).toEqual({ average: 5, count: 1 });

    await t.db.query(`INSERT INTO milestones (listing_id, date, title) VALUES ($1, '2026-01-02', 'First'), ($1, '2026-03-04', 'Second')`, [
      listingId,
    ]);
    await t.db.query(`DELETE FROM milestones WHERE listing_id = $1 AND title = 'Second'`, [listingId]);
    expect((await profile()).milestones?.map((m) => m.title)).toEqual(['First']);

    await t.db.query(`INSERT INTO listing_updates (listing_id, title, body, published_at) VALUES ($1, 'News', 'Body', now())`, [listingId]);
    expect((await profile()).latest_updates.map((u) => u.title)).toEqual(['News']);

    await t.db.query(`INSERT INTO listing_media (listing_id, kind, url, position) VALUES ($1, 'image', 'https://x.test/a.png', 0)`, [
      listingId,
    ]);
    expect((await profile()).media).toEqual([{ kind: 'image', url: 'https://x.test/a.png', caption: null }]);

    await t.db.query(
      `INSERT INTO domain_ratings (listing_id, measured_on, rating)
       SELECT $1, DATE '2026-11-01' - i, 40 - i / 10 FROM generate_series(0, 59) AS i`,
      [listingId],
    );
    const rating = (await profile()).domain_rating!;
    expect(rating).toMatchObject({ current: 40, measured_on: '2026-11-01', trend: 3 });
    expect(rating.history).toHaveLength(60);
    expect(await staleListings()).toEqual([]);
  });

  it('show a story to the public once it is published, and always to the owner', async () => {
    await t.db.query(`INSERT INTO stories (listing_id, title, story) VALUES ($1, 'How it began', 'Once…')`, [listingId]);
    expect((await profile()).story).toBeNull();
    await t.db.query(`UPDATE stories SET published_at = now() WHERE listing_id = $1`, [listingId]);
    expect((await profile()).story).toMatchObject({ title: 'How it began', story: 'Once…' });
  });

  it('follow a renamed founder or category, and a new primary category', async () => {
    const founder = await insertFounder(t.db, { slug: 'renamed-founder', name: 'Old Name', title: 'CEO' });
    await linkFounder(t.db, listingId, founder, 'Founder', 0);
    await t.db.query(`UPDATE founders SET name = 'New Name', avatar_url = 'https://x.test/face.png' WHERE id = $1`, [founder]);
    expect((await profile()).founders).toMatchObject([
      { slug: 'renamed-founder', name: 'New Name', avatar_url: 'https://x.test/face.png' },
    ]);

    const extra = await insertCategory(t.db, { slug: 'kept-extra', name: 'Kept Extra' });
    await t.db.query('INSERT INTO listing_categories (listing_id, category_id) VALUES ($1, $2)', [listingId, extra]);
    await t.db.query(`UPDATE categories SET name = 'Renamed Extra' WHERE id = $1`, [extra]);
    expect((await profile()).categories).toEqual([
      { slug: 'kept-primary', name: 'Kept Primary', primary: true },
      { slug: 'kept-extra', name: 'Renamed Extra', primary: false },
    ]);

    const next = await insertCategory(t.db, { slug: 'kept-next', name: 'Kept Next' });
    await t.db.query('UPDATE listings SET primary_category_id = $2 WHERE id = $1', [listingId, next]);
    expect((await profile()).categories.map((c) => [c.slug, c.primary])).toEqual([
      ['kept-next', true],
      ['kept-primary', false], // still linked as an extra category; extras by name
      ['kept-extra', false],
    ]);
    expect(await staleListings()).toEqual([]);
  });

  it('keep both of two concurrent writers’ changes to one listing', async () => {
    const id = await insertListing(t.db, { slug: 'two-writers', name: 'Two Writers', category_id: categoryId });
    // The second writes while the first has written and not yet committed: on PostgreSQL it waits for the
    // first's lock on the listing's row, then must gather what the first committed. (The embedded engine
    // runs transactions one after the other, so there the second simply follows.)
    let firstWrote!: () => void;
    const written = new Promise<void>((resolve) => (firstWrote = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const addFaq = (question: string) => async (tx: { query: typeof t.db.query }) =>
      tx.query(`INSERT INTO listing_faqs (listing_id, question, answer, position) VALUES ($1, $2, 'yes', 0)`, [id, question]);
    const first = t.db.transaction(async (tx) => {
      await addFaq('First writer?')(tx);
      firstWrote();
      await released;
    });
    await written;
    const second = t.db.transaction(addFaq('Second writer?'));
    if (t.db.kind === 'postgresql') {
      for (let waited = 0; ; waited += 10) {
        const row = await t.db.one<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (row!.n > 0) break;
        if (waited > 5_000) throw new Error('the second writer never waited for the first');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    release();
    await Promise.all([first, second]);
    const faqs = (await loadListingProfile(t.db, 'two-writers', 'https://x.test'))!.faqs.map((f) => f.question).sort();
    expect(faqs).toEqual(['First writer?', 'Second writer?']);
    expect(await staleListings()).toEqual([]);
  });

  it('are removed with their listing', async () => {
    const id = await insertListing(t.db, { slug: 'short-lived', name: 'Short Lived', category_id: categoryId });
    await t.db.query(`INSERT INTO listing_faqs (listing_id, question, answer, position) VALUES ($1, 'Q?', 'A', 0)`, [id]);
    await t.db.query('DELETE FROM listings WHERE id = $1', [id]);
    expect(await t.db.query('SELECT 1 FROM listing_profiles WHERE listing_id = $1', [id])).toEqual([]);
  });
});
