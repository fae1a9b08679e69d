import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/admin/commands.js';
import { jsonDomainRatingProvider } from '../../src/metrics/domain-rating-provider.js';
import { measureDomainRatings } from '../../src/metrics/domain-ratings.js';
import { DOMAIN_RATINGS_JOB } from '../../src/schedule/recurring-jobs.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { adminDeps } from '../support/admin.js';
import { startFakeDrProvider, type FakeDrProvider } from '../support/fake-dr-provider.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const TODAY = '2026-11-26';

async function liveListings(db: TestApp['db'], names: string[]): Promise<Map<string, number>> {
  const category_id = await insertCategory(db);
  const ids = new Map<string, number>();
  for (const name of names)
    ids.set(name, await insertListing(db, { slug: name, url: `https://${name}.example`, category_id, status: 'live' }));
  return ids;
}

describe('Domain Rating through the service (run-job, the board, the profile)', () => {
  let fake: FakeDrProvider;
  let t: TestApp;
  let ids: Map<string, number>;

  beforeAll(async () => {
    fake = await startFakeDrProvider();
    t = await startTestApp({
      now: () => NOW,
      env: {
        DR_PROVIDER_URL: fake.url,
        DR_PROVIDER_KEY: fake.key,
        DR_PROVIDER_REQUESTS_PER_MINUTE: '1200',
        DR_PROVIDER_BATCH_SIZE: '2',
      },
    });
    ids = await liveListings(t.db, ['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    const category_id = await insertCategory(t.db);
    await insertListing(t.db, {
      slug: 'upcoming',
      url: 'https://upcoming.example',
      category_id,
      status: 'scheduled',
      launch_week: '2026-12-07',
    });
    // About 30 days ago, alpha was at 40.
    await t.db.query(`INSERT INTO domain_ratings (listing_id, measured_on, rating) VALUES ($1, '2026-10-25', 40)`, [ids.get('alpha')]);
    for (const [domain, rating] of [
      ['alpha.example', 52],
      ['bravo.example', 30],
      ['charlie.example', 70],
      ['delta.example', 10],
      ['upcoming.example', 99],
    ] as const)
      fake.ratings.set(domain, rating);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('records a rating per live listing in batches within the rate limit, and the board and profile show it with its trend', async () => {
    // The client keeps at least 50 ms between the starts of its requests (1200 a minute). Arrival times jitter on a
    // loaded machine (a request that left late arrives close to the next one: CI once saw 4 requests here, a refusal
    // and its retry, with the fake refusing any two closer than 25 ms), so the pacing is read from the arrivals'
    // span instead: three paced requests span at least 100 ms less one late arrival, where unpaced ones span a few.
    const run = await runAdminCommand(
      adminDeps(t.db, () => NOW, t.app.recurring),
      ['run-job', DOMAIN_RATINGS_JOB],
    );
    expect(run).toMatchObject({ exitCode: 0 });
    expect(run.output).toContain(`${DOMAIN_RATINGS_JOB} ${TODAY} (operator`);
    expect(run.output).toContain('4 listings measured, 1 unknown to the provider, 3 requests');
    expect(fake.requests.map((r) => [r.status, r.domains.length])).toEqual([
      [200, 2],
      [200, 2],
      [200, 1],
    ]);
    const arrivals = fake.requests.map((r) => r.at);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(60);
    expect(fake.requests.flatMap((r) => r.domains)).not.toContain('upcoming.example');

    const board = await (await fetch(`${t.url}/api/v1/leaderboards/domain-rating`)).json();
    expect(board.board.last_measured_on).toBe(TODAY);
    expect(
      board.items.map((item: { listing: { slug: string }; metric: { value: number } }) => [item.listing.slug, item.metric.value]),
    ).toEqual([
      ['charlie', 70],
      ['alpha', 52],
      ['bravo', 30],
      ['delta', 10],
    ]);
    expect(board.items[1].metric.trend).toEqual({ change: 12, previous_value: 40, previous_measured_on: '2026-10-25' });
    const profile = await (await fetch(`${t.url}/api/v1/listings/alpha`)).json();
    expect(profile.domain_rating).toMatchObject({ current: 52, measured_on: TODAY, trend: 12 });

    // Run again the same day: only the listing still without the day's rating is asked for.
    const again = await runAdminCommand(
      adminDeps(t.db, () => NOW, t.app.recurring),
      ['run-job', DOMAIN_RATINGS_JOB],
    );
    expect(again.output).toContain('0 listings measured, 1 unknown to the provider, 1 requests');
    expect(fake.requests.at(-1)!.domains).toEqual(['echo.example']);
    const page = await (await fetch(`${t.url}/leaderboards/domain-rating`)).text();
    expect(page).toContain(`Last measured ${TODAY}.`);
  });
});

describe('the Domain Rating provider client', () => {
  let fake: FakeDrProvider;
  let d: TestDatabase;

  beforeAll(async () => {
    fake = await startFakeDrProvider();
    d = await createTestDatabase();
    await liveListings(d.db, ['one', 'two', 'three', 'four']);
    for (const [domain, rating] of [
      ['one.example', 11],
      ['two.example', 22],
      ['three.example', 33],
      ['four.example', 44],
    ] as const)
      fake.ratings.set(domain, rating);
  });
  afterAll(async () => {
    await d?.drop();
    await fake?.close();
  });

  const provider = (key = fake.key) => jsonDomainRatingProvider({ url: fake.url, key, batchSize: 2, requestsPerMinute: 6000 });
  const measured = async (day: string) =>
    (await d.db.query<{ rating: number }>('SELECT rating FROM domain_ratings WHERE measured_on = $1::date ORDER BY rating', [day])).map(
      (row) => row.rating,
    );

  it('retries a failed batch with backoff, waits as long as a 429 says, and keeps going', async () => {
    fake.requests.length = 0;
    fake.failNext = 2;
    fake.throttleNext = { count: 1, retryAfter: '1' };
    const result = await measureDomainRatings({ db: d.db, provider: provider(), retryDelayMs: 10 }, '2026-11-01');
    expect(result).toEqual({ measured: 4, unknown: 0, failed: 0, requests: 5 });
    expect(fake.requests.map((r) => r.status)).toEqual([429, 503, 503, 200, 200]);
    // Retry-After: 1 was honoured before the next attempt.
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(await measured('2026-11-01')).toEqual([11, 22, 33, 44]);
  });

  it('leaves a batch that keeps failing for the next run, which measures only what is missing', async () => {
    fake.requests.length = 0;
    fake.brokenDomains.add('three.example');
    await expect(measureDomainRatings({ db: d.db, provider: provider(), retryDelayMs: 5 }, '2026-11-02')).rejects.toThrow(
      /2026-11-02: 2 measured, 2 not measured after 4 attempts per batch \(the Domain Rating provider answered HTTP 500\); the next run measures them/,
    );
    expect(fake.requests.filter((r) => r.status === 500)).toHaveLength(4);
    expect(await measured('2026-11-02')).toEqual([11, 22]);
    fake.brokenDomains.clear();
    fake.requests.length = 0;
    expect(await measureDomainRatings({ db: d.db, provider: provider(), retryDelayMs: 5 }, '2026-11-02')).toMatchObject({
      measured: 2,
      failed: 0,
    });
    expect(fake.requests.map((r) => r.domains)).toEqual([['three.example', 'four.example']]);
    expect(await measured('2026-11-02')).toEqual([11, 22, 33, 44]);
  });

  it('stops at once when the provider refuses the key, and invents nothing', async () => {
    fake.requests.length = 0;
    await expect(measureDomainRatings({ db: d.db, provider: provider('wrong-key'), retryDelayMs: 5 }, '2026-11-03')).rejects.toThrow(
      /refused the key \(HTTP 401\): check DR_PROVIDER_KEY/,
    );
    expect(fake.requests).toHaveLength(1);
    expect(await measured('2026-11-03')).toEqual([]);
  });
});

describe('Domain Rating without a provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ now: () => NOW });
    await liveListings(t.db, ['lonely']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('measures nothing, and the board says it was never measured', async () => {
    const run = await runAdminCommand(
      adminDeps(t.db, () => NOW, t.app.recurring),
      ['run-job', DOMAIN_RATINGS_JOB],
    );
    expect(run.output).toContain('no provider configured (DR_PROVIDER_URL): nothing measured; last measured never');
    const board = await (await fetch(`${t.url}/api/v1/leaderboards/domain-rating`)).json();
    expect(board).toMatchObject({ items: [], total: 0, board: { last_measured_on: null } });
    expect(await (await fetch(`${t.url}/leaderboards/domain-rating`)).text()).toContain('Not measured yet.');
  });
});
