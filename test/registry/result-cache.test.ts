import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResultCache, cacheKey } from '../../src/registry/result-cache.js';
import { defineTool } from '../../src/registry/tool.js';
import { invokeTool } from '../../src/registry/invoke.js';
import type { Services } from '../../src/services.js';

describe('ResultCache', () => {
  it('keeps an answer until its seconds are up', () => {
    let now = 0;
    const cache = new ResultCache(10, () => now);
    cache.set('k', { a: 1 }, 30);
    now = 29_999;
    expect(cache.get('k')).toEqual({ a: 1 });
    now = 30_000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const cache = new ResultCache(2);
    cache.set('a', { v: 'a' }, 60);
    cache.set('b', { v: 'b' }, 60);
    cache.get('a');
    cache.set('c', { v: 'c' }, 60);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ v: 'a' });
    expect(cache.get('c')).toEqual({ v: 'c' });
    expect(cache.size).toBe(2);
  });

  it('keys inputs by content, not property order', () => {
    expect(cacheKey('t', { a: 1, b: { d: 2, c: 3 } })).toBe(cacheKey('t', { b: { c: 3, d: 2 }, a: 1 }));
    expect(cacheKey('t', { a: 1 })).not.toBe(cacheKey('u', { a: 1 }));
    expect(cacheKey('t', { a: [1, 2] })).not.toBe(cacheKey('t', { a: [2, 1] }));
  });
});

describe('invokeTool with cacheSeconds', () => {
  let runs = 0;
  const counted = defineTool({
    name: 'counted',
    title: 'Counted',
    description: 'Test tool: counts how often its handler runs.',
    http: { method: 'GET', path: '/counted', status: 200 },
    scopes: [],
    idempotencyKey: false,
    errorStatuses: [],
    cacheSeconds: 30,
    input: z.strictObject({ n: z.number().int().default(1) }),
    output: z.object({ n: z.number(), run: z.number() }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async ({ n }) => ({ n, run: ++runs }),
  });
  const ctx = { services: { resultCache: new ResultCache() } as Services, caller: null, requestId: 'r' };

  it('runs the handler once per input within the interval, after validating each call', async () => {
    expect((await invokeTool(counted, { n: 1 }, ctx)).result).toEqual({ n: 1, run: 1 });
    expect((await invokeTool(counted, {}, ctx)).result).toEqual({ n: 1, run: 1 }); // the default makes it the same input
    expect((await invokeTool(counted, { n: 2 }, ctx)).result).toEqual({ n: 2, run: 2 });
    await expect(invokeTool(counted, { n: 'x' }, ctx)).rejects.toMatchObject({ status: 400 });
    expect(runs).toBe(2);
  });
});
