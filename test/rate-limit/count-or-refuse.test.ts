import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { countAllOrRefuse, type CountedUse } from '../../src/rate-limit/count-or-refuse.js';
import { RateLimitedError } from '../../src/errors.js';

let t: TestDatabase;
const now = new Date('2026-11-22T10:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());
beforeEach(() => t.db.query('DELETE FROM rate_limit_windows'));

const stored = async (key: string) => (await t.db.one<{ hits: number }>('SELECT hits FROM rate_limit_windows WHERE key = $1', [key]))?.hits;
const use = (key: string, limit: number, windowSeconds = 600): CountedUse => ({
  key,
  policy: { name: key, limit, windowSeconds },
  detail: `at most ${limit} for ${key}`,
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('countAllOrRefuse', () => {
  it('counts the use under every limit in one go, and the first limit met refuses it with its own 429', async () => {
    const person = use('person', 3);
    const network = use('network', 2);
    await countAllOrRefuse(t.db, [person, network], now);
    await countAllOrRefuse(t.db, [person, network], now);
    const refused = await refusal(countAllOrRefuse(t.db, [person, network], now));
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).detail).toMatch(/^at most 2 for network/);
    expect((refused as RateLimitedError).headers).toMatchObject({ 'RateLimit-Policy': '"network";q=2;w=600' });
    expect([await stored('person'), await stored('network')]).toEqual([3, 3]);
    const first = await refusal(countAllOrRefuse(t.db, [person, network], now));
    expect((first as RateLimitedError).detail).toMatch(/^at most 3 for person/);
  });

  it('starts each key again once its window has ended', async () => {
    await countAllOrRefuse(t.db, [use('a', 1), use('b', 5)], now);
    expect(await refusal(countAllOrRefuse(t.db, [use('a', 1), use('b', 5)], now))).toBeInstanceOf(RateLimitedError);
    await countAllOrRefuse(t.db, [use('a', 1), use('b', 5)], new Date(now.getTime() + 600_000));
    expect([await stored('a'), await stored('b')]).toEqual([1, 1]);
  });

  it('takes limits of one window length only', async () => {
    await expect(countAllOrRefuse(t.db, [use('a', 1, 60), use('b', 1, 600)], now)).rejects.toThrow(/one window length/);
    expect(await stored('a')).toBeUndefined();
  });
});
