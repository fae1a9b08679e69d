import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { BatchedCounter } from '../../src/rate-limit/batched-counter.js';

let t: TestDatabase;
const now = new Date('2026-11-22T10:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());
beforeEach(() => t.db.query('DELETE FROM rate_limit_windows'));

const stored = async (key: string) => (await t.db.one<{ hits: number }>('SELECT hits FROM rate_limit_windows WHERE key = $1', [key]))?.hits;

async function allowedOf(counters: BatchedCounter[], key: string, limit: number, hits: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < hits; i++)
    if ((await counters[i % counters.length]!.hit(key, { name: 'test', limit: limit, windowSeconds: 60 }, now)).allowed) allowed++;
  return allowed;
}

describe('BatchedCounter', () => {
  it('far from the limit, reserves hits in batches of a tenth of the limit (at most 50) with one write each', async () => {
    const counter = new BatchedCounter(t.db);
    await counter.hit('k', { name: 'test', limit: 1000, windowSeconds: 60 }, now);
    expect(await stored('k')).toBe(1); // the first hit of a window is written at once
    for (let i = 0; i < 50; i++) await counter.hit('k', { name: 'test', limit: 1000, windowSeconds: 60 }, now);
    expect(await stored('k')).toBe(51); // one reservation of 50 served them all
    expect(await counter.hit('k', { name: 'test', limit: 1000, windowSeconds: 60 }, now)).toMatchObject({
      allowed: true,
      remaining: 1000 - 52,
    });
    expect(await stored('k')).toBe(101);
  });

  it('is exact at the limit: the hit after the last allowed one is refused, with the time to the reset', async () => {
    const counter = new BatchedCounter(t.db);
    expect(await allowedOf([counter], 'exact', 30, 40)).toBe(30);
    const refused = await counter.hit('exact', { name: 'test', limit: 30, windowSeconds: 60 }, now);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.resetSeconds).toBe(60);
  });

  it('writes every hit of a small limit (a batch would be under two)', async () => {
    const counter = new BatchedCounter(t.db);
    expect(await allowedOf([counter], 'small', 5, 8)).toBe(5);
    expect(await stored('small')).toBe(8);
  });

  it('never lets several instances together exceed the limit; unused reservations make it stricter by less than a batch each', async () => {
    const instances = [new BatchedCounter(t.db), new BatchedCounter(t.db), new BatchedCounter(t.db)];
    const allowed = await allowedOf(instances, 'shared', 100, 300);
    expect(allowed).toBeLessThanOrEqual(100);
    expect(allowed).toBeGreaterThanOrEqual(100 - 3 * 9);
  });

  it('counts several hits at once (a batch of MCP calls), refusing them when they do not fit', async () => {
    const counter = new BatchedCounter(t.db);
    expect(await counter.hit('many', { name: 'test', limit: 10, windowSeconds: 60 }, now, 8)).toMatchObject({
      allowed: true,
      remaining: 2,
    });
    expect(await counter.hit('many', { name: 'test', limit: 10, windowSeconds: 60 }, now, 3)).toMatchObject({ allowed: false });
  });

  it('starts a new window when the last one has ended', async () => {
    const counter = new BatchedCounter(t.db);
    expect(await allowedOf([counter], 'window', 4, 6)).toBe(4);
    expect(await counter.hit('window', { name: 'test', limit: 4, windowSeconds: 60 }, new Date(now.getTime() + 61_000))).toMatchObject({
      allowed: true,
      remaining: 3,
    });
  });
});
