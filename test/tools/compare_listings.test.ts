import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/compare_listings.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, testServices, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing, insertVotes } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const boards = await insertCategory(t.db, { attributes: ['pricing_model', 'open_source', 'platforms', 'api'] });
  const editors = await insertCategory(t.db, { attributes: ['open_source', 'languages'] });
  const alpha = await insertListing(t.db, {
    slug: 'alpha-board',
    category_id: boards,
    pricing_model: 'Freemium',
    pricing_summary: 'Free for 3 boards',
    stage: 'seed',
    country: 'DE',
    attributes: { open_source: true, platforms: ['web', 'ios'] },
  });
  const beta = await insertListing(t.db, {
    slug: 'beta-editor',
    category_id: editors,
    pricing_model: 'Paid',
    attributes: { open_source: false, languages: ['TypeScript'], unrelated: 'not compared' },
  });
  await t.db.query('UPDATE listings SET founded_year = 2019 WHERE id = $1', [alpha]);
  await insertVotes(t.db, alpha, 4);
  await insertVotes(t.db, beta, 2);
  await t.db.query(
    // r3 is hidden by a moderator, so not genuine (the database keeps reviews.genuine to its rule).
    `INSERT INTO reviews (listing_id, reviewer_key, rating, hidden_at, hidden_reason)
     VALUES ($1, 'r1', 5, NULL, NULL), ($1, 'r2', 4, NULL, NULL), ($1, 'r3', 1, now(), 'spam')`,
    [alpha],
  );
  await insertListing(t.db, { slug: 'hidden-one', category_id: boards, status: 'hidden' });
});
afterAll(() => t.drop());

describe('compare_listings', () => {
  it("compares standard facts, then the union of both categories' attributes", async () => {
    const result = (await callTool(tool, testServices(t.db), { a: 'alpha-board', b: 'beta-editor' })) as {
      a: { slug: string };
      b: { slug: string };
      rows: { attribute: string; a: unknown; b: unknown }[];
    };
    expect(result.a.slug).toBe('alpha-board');
    expect(result.b.slug).toBe('beta-editor');
    expect(result.rows).toEqual([
      { attribute: 'pricing_model', a: 'Freemium', b: 'Paid' },
      { attribute: 'pricing_summary', a: 'Free for 3 boards', b: null },
      { attribute: 'stage', a: 'seed', b: null },
      { attribute: 'country', a: 'DE', b: null },
      { attribute: 'founded_year', a: 2019, b: null },
      { attribute: 'votes', a: 4, b: 2 },
      { attribute: 'community_rating', a: 4.5, b: null },
      { attribute: 'open_source', a: true, b: false },
      { attribute: 'platforms', a: ['web', 'ios'], b: null },
      { attribute: 'api', a: null, b: null },
      { attribute: 'languages', a: null, b: ['TypeScript'] },
    ]);
  });

  it.each([
    [{ a: 'no-such-listing', b: 'beta-editor' }],
    [{ a: 'alpha-board', b: 'no-such-listing' }],
    [{ a: 'alpha-board', b: 'hidden-one' }],
  ])('answers 404 for %j', async (input) => {
    const problem = await callToolError(tool, testServices(t.db), input);
    expect(problem).toMatchObject({ status: 404, code: 'not_found' });
  });

  it.each([
    [{ a: 'alpha-board', b: 'alpha-board' }, ['/b']],
    [{ a: 'alpha-board' }, ['/b']],
    [{ a: 'Alpha Board', b: 'beta-editor' }, ['/a']],
    [{ a: 'alpha-board', b: 'beta-editor', c: 'gamma' }, ['/c']],
  ])('answers 400 for %j', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });

  it('keeps its public contract', () => expectContractUnchanged(tool));
});
