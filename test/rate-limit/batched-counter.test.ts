import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { BatchedCounter } from '../../src/rate-limit/batched-counter.js';

let t: TestDatabase;
const now = new Date('2026-11-22T10:00:00Z');
const counters: BatchedCounter[] = [];
const counter = () => {
  const made = new BatchedCounter(t.db, { flushMs: 60_000 });
  counters.push(made);
  return made;
};

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  for (const made of counters) await made.close();
  await t?.drop();
});
beforeEach(() => t.db.query('DELETE FROM rate_limit_windows'));

const stored = async (key: string) => (await t.db.one<{ hits: number }>('SELECT hits FROM rate_limit_windows WHERE key = $1', [key]))?.hits;

async function allowedOf(counting: BatchedCounter[], key: string, limit: number, hits: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < hits; i++) if ((await counting[i % counting.length]!.hit(key, limit, 60, now)).allowed) allowed++;
  return allowed;
}

describe('BatchedCounter', () => {
  it('far from the limit, writes hits in batches of a tenth of the limit (at most 50), and the rest on flush', async () => {
    const c = counter();
    for (let i = 0; i < 5; i++) await c.hit('k', 1000, 60, now);
    expect(await stored('k')).toBe(1); // the first hit of a window is written at once
    for (let i = 0; i < 50; i++) await c.hit('k', 1000, 60, now);
    expect(await stored('k')).toBe(51);
    const last = await c.hit('k', 1000, 60, now);
    expect(last).toMatchObject({ allowed: true, remaining: 1000 - 56 });
    await c.flushAll(now);
    expect(await stored('k')).toBe(56);
  });

  it('is exact at the limit: the hit after the last allowed one is refused, with the window reset', async () => {
    const c = counter();
    expect(await allowedOf([c], 'exact', 30, 40)).toBe(30);
    const refused = await c.hit('exact', 30, 60, now);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.resetSeconds).toBeGreaterThan(0);
    expect(await stored('exact')).toBe(41);
  });

  it('writes every hit of a small limit (a batch would be under two)', async () => {
    const c = counter();
    expect(await allowedOf([c], 'small', 5, 8)).toBe(5);
    expect(await stored('small')).toBe(8);
  });

  it('shares one limit between instances, overshooting by less than a batch per other instance', async () => {
    const instances = [counter(), counter(), counter()];
    const allowed = await allowedOf(instances, 'shared', 100, 300);
    expect(allowed).toBeGreaterThanOrEqual(100);
    expect(allowed).toBeLessThanOrEqual(100 + 2 * 9);
    for (const instance of instances) await instance.flushAll(now);
    expect(await stored('shared')).toBe(300);
  });

  it('starts a new window when the last one has ended, dropping hits held for the old one', async () => {
    const c = counter();
    expect(await allowedOf([c], 'window', 4, 6)).toBe(4);
    const later = new Date(now.getTime() + 61_000);
    expect(await c.hit('window', 4, 60, later)).toMatchObject({ allowed: true, remaining: 3 });
  });
});
