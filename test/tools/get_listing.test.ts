import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/get_listing.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, testServices, TEST_PUBLIC_URL, refusedPaths } from '../support/services.js';
import { insertCategory, insertFounder, insertListing, linkFounder } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const get = (slug: string) => callTool(tool, testServices(t.db), { slug });

/** Seeded reviews; ones that are not genuine are hidden by a moderator (the database keeps reviews.genuine to its rule). */
async function addReviews(listingId: number, ratings: number[], genuine = true) {
  await t.db.query(
    `INSERT INTO reviews (listing_id, reviewer_key, rating, hidden_at, hidden_reason)
     SELECT $1, 'reviewer-' || $3::boolean::text || '-' || i, r, CASE WHEN $3::boolean THEN NULL ELSE now() END,
       CASE WHEN $3::boolean THEN NULL ELSE 'spam' END
     FROM unnest($2::int[]) WITH ORDINALITY AS x(r, i)`,
    [listingId, ratings, genuine],
  );
}

async function addDomainRatings(listingId: number, points: [date: string, rating: number][]) {
  await t.db.query(
    `INSERT INTO domain_ratings (listing_id, measured_on, rating) SELECT $1, d::date, r FROM unnest($2::text[], $3::int[]) AS x(d, r)`,
    [listingId, points.map(([d]) => d), points.map(([, r]) => r)],
  );
}

describe('get_listing', () => {
  it('returns the full public profile of a live listing', async () => {
    const primary = await insertCategory(t.db, { slug: 'profile-primary', name: 'Profile Primary' });
    const extra = await insertCategory(t.db, { slug: 'profile-extra', name: 'Profile Extra' });
    const id = await insertListing(t.db, {
      slug: 'full-profile',
      name: 'Full Profile',
      url: 'https://fullprofile.example',
      tagline: 'Everything at once',
      description: 'A long description.',
      features: ['Fast', 'Small'],
      keywords: ['profiles'],
      category_id: primary,
      extra_category_ids: [extra],
      plan: 'paid',
      stage: 'seed',
      pricing_model: 'Freemium',
      pricing_summary: 'Free up to 3 users',
      country: 'DE',
      socials: { x: 'https://x.com/fullprofile', github: 'https://github.com/fullprofile' },
      not_found_on_website: ['founded_year', 'city'],
    });
    const second = await insertFounder(t.db, { slug: 'second-founder', name: 'Bo Second', title: 'CTO' });
    const first = await insertFounder(t.db, { slug: 'first-founder', name: 'Ada First', title: 'CEO' });
    await t.db.query('INSERT INTO listing_founders (listing_id, founder_id, role, position) VALUES ($1, $2, NULL, 1)', [id, second]);
    await linkFounder(t.db, id, first, 'Founder & CEO', 0);
    await t.db.query(
      `INSERT INTO listing_faqs (listing_id, question, answer, position) VALUES ($1, 'Second?', 'B', 2), ($1, 'First?', 'A', 1)`,
      [id],
    );
    await t.db.query(
      `INSERT INTO listing_updates (listing_id, title, body, published_at)
       SELECT $1, 'Update ' || i, 'Body ' || i, timestamptz '2031-01-01T09:00:00Z' + i * interval '1 day' FROM generate_series(1, 7) AS i`,
      [id],
    );
    await addReviews(id, [5, 4, 4]);
    await addReviews(id, [1], false);
    await addDomainRatings(id, [
      ['2031-01-01', 30],
      ['2031-01-20', 33],
      ['2031-02-15', 38],
      ['2031-02-28', 41],
    ]);

    const profile = await get('full-profile');
    expect(profile).toMatchObject({
      slug: 'full-profile',
      name: 'Full Profile',
      status: 'live',
      plan: 'paid',
      description: 'A long description.',
      features: ['Fast', 'Small'],
      keywords: ['profiles'],
      pricing: { model: 'Freemium', summary: 'Free up to 3 users' },
      primary_category: { slug: 'profile-primary', name: 'Profile Primary' },
      categories: [
        { slug: 'profile-primary', name: 'Profile Primary', primary: true },
        { slug: 'profile-extra', name: 'Profile Extra', primary: false },
      ],
      founders: [
        { slug: 'first-founder', name: 'Ada First', role: 'Founder & CEO', profile_url: `${TEST_PUBLIC_URL}/founders/first-founder` },
        { slug: 'second-founder', name: 'Bo Second', role: 'CTO', profile_url: `${TEST_PUBLIC_URL}/founders/second-founder` },
      ],
      faqs: [
        { question: 'First?', answer: 'A' },
        { question: 'Second?', answer: 'B' },
      ],
      socials: { x: 'https://x.com/fullprofile', github: 'https://github.com/fullprofile' },
      community_rating: { average: 4.3, count: 3 },
      domain_rating: {
        current: 41,
        measured_on: '2031-02-28',
        trend: 8,
        history: [
          { date: '2031-01-01', rating: 30 },
          { date: '2031-01-20', rating: 33 },
          { date: '2031-02-15', rating: 38 },
          { date: '2031-02-28', rating: 41 },
        ],
      },
      not_found_on_website: ['founded_year', 'city'],
      links: {
        website: 'https://fullprofile.example',
        profile: `${TEST_PUBLIC_URL}/listings/full-profile`,
        badges: `${TEST_PUBLIC_URL}/api/v1/listings/full-profile/badges`,
      },
    });
    const updates = profile.latest_updates as { title: string; published_at: string }[];
    expect(updates.map((u) => u.title)).toEqual(['Update 7', 'Update 6', 'Update 5', 'Update 4', 'Update 3']);
    expect(updates[0].published_at).toBe('2031-01-08T09:00:00.000Z');
  });

  it('gives empty ratings, no Domain Rating and no paid sections to a plain free listing', async () => {
    const category = await insertCategory(t.db);
    await insertListing(t.db, { slug: 'plain-free', category_id: category });
    const profile = await get('plain-free');
    expect(profile).toMatchObject({
      community_rating: { average: null, count: 0 },
      domain_rating: null,
      founders: [],
      faqs: [],
      latest_updates: [],
    });
    expect(profile).not.toHaveProperty('story');
    expect(profile).not.toHaveProperty('milestones');
    expect(profile).not.toHaveProperty('media');
  });

  it('shows only the paid sections unlocked for the listing', async () => {
    const category = await insertCategory(t.db);
    const id = await insertListing(t.db, {
      slug: 'unlocked-some',
      category_id: category,
      plan: 'paid',
      unlocked_sections: ['story', 'milestones'],
    });
    await t.db.query(
      `INSERT INTO milestones (listing_id, date, title, url) VALUES ($1, '2030-05-01', 'Beta', NULL), ($1, '2031-02-01', 'Launch', 'https://unlocked.example/launch')`,
      [id],
    );
    await t.db.query(`INSERT INTO listing_media (listing_id, kind, url) VALUES ($1, 'image', 'https://unlocked.example/shot.png')`, [id]);
    const profile = await get('unlocked-some');
    expect(profile.story).toBeNull();
    expect(profile.milestones).toMatchObject([
      { date: '2031-02-01', title: 'Launch', url: 'https://unlocked.example/launch' },
      { date: '2030-05-01', title: 'Beta', url: null },
    ]);
    expect(profile).not.toHaveProperty('media');

    await t.db.query(`UPDATE listings SET unlocked_sections = '{story,milestones,media}' WHERE id = $1`, [id]);
    await t.db.query(`INSERT INTO stories (listing_id, title, why_started) VALUES ($1, 'How it began', 'An itch')`, [id]);
    expect((await get('unlocked-some')).story, 'an unpublished story stays private').toBeNull();
    await t.db.query(`UPDATE stories SET published_at = '2031-02-02T10:00:00Z' WHERE listing_id = $1`, [id]);
    const unlocked = await get('unlocked-some');
    expect(unlocked.story).toMatchObject({
      title: 'How it began',
      why_started: 'An itch',
      journey: null,
      published_at: '2031-02-02T10:00:00.000Z',
    });
    expect(unlocked.media).toEqual([{ kind: 'image', url: 'https://unlocked.example/shot.png', caption: null }]);
  });

  it('shows scheduled (upcoming) listings with their launch week', async () => {
    const category = await insertCategory(t.db);
    await insertListing(t.db, { slug: 'coming-soon', category_id: category, status: 'scheduled', launch_week: '2031-06-02' });
    expect(await get('coming-soon')).toMatchObject({ status: 'scheduled', launch_week: '2031-06-02', launched_at: null });
  });

  it.each(['draft', 'awaiting_badge', 'hidden'] as const)('answers 404 for a %s listing', async (status) => {
    const category = await insertCategory(t.db);
    const slug = `not-public-${status.replace('_', '-')}`;
    await insertListing(t.db, { slug, category_id: category, status });
    const problem = await callToolError(tool, testServices(t.db), { slug });
    expect(problem.status).toBe(404);
  });

  it('answers 404 for an unknown slug', async () => {
    const problem = await callToolError(tool, testServices(t.db), { slug: 'no-such-listing' });
    expect(problem).toMatchObject({ status: 404, code: 'not_found' });
  });

  it.each([
    [{ slug: 'Bad Slug' }, '/slug'],
    [{}, '/slug'],
    [{ slug: 'ok', extra: 1 }, '/extra'],
  ])('answers 400 for %j', async (input, path) => {
    expect(await refusedPaths(tool, input)).toEqual([path]);
  });

  it('keeps its public contract', () => expectContractUnchanged(tool));
});
