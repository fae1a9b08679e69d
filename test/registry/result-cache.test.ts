import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResultCache, cacheKey } from '../../src/registry/result-cache.js';
import { defineTool } from '../../src/registry/tool.js';
import { invokeTool } from '../../src/registry/invoke.js';
import type { Services } from '../../src/services.js';

const listening = (maxEntries?: number) => {
  const cache = new ResultCache(maxEntries);
  cache.setListening(true);
  return cache;
};

describe('ResultCache', () => {
  it('keeps an answer until a change names one of its tags', () => {
    const cache = listening();
    cache.set('a', { v: 'a' }, ['listing:1'], cache.generation);
    cache.set('b', { v: 'b' }, ['listing:2', 'category:9'], cache.generation);
    expect(cache.get('a')).toEqual({ v: 'a' });
    cache.invalidate(['listing:3']);
    expect(cache.size).toBe(2);
    cache.invalidate(['category:9']);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ v: 'a' });
    cache.invalidate(['listing:1']);
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer read while a change was heard (it may predate the change)', () => {
    const cache = listening();
    const before = cache.generation;
    cache.invalidate(['listing:7']); // arrives while the answer is being read
    cache.set('k', { stale: true }, ['listing:7'], before);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', { stale: false }, ['listing:7'], cache.generation);
    expect(cache.get('k')).toEqual({ stale: false });
  });

  it('keeps an answer read while other listings changed (a launch day changes some listing many times a second)', () => {
    const cache = listening();
    const before = cache.generation;
    cache.invalidate(['listing:8']);
    cache.invalidate(['listing:9']);
    expect(cache.set('k', { v: 7 }, ['listing:7'], before)).toBe(true);
    expect(cache.get('k')).toEqual({ v: 7 });
    expect(cache.set('nine', { v: 9 }, ['listing:7', 'listing:9'], before)).toBe(false);
    expect(cache.get('nine')).toBeUndefined();
  });

  it('keeps nothing read before a clear, nor read before an invalidation it no longer remembers', () => {
    const cache = new ResultCache(100, 2);
    cache.setListening(true);
    const beforeClear = cache.generation;
    cache.clear();
    expect(cache.set('k', { v: 1 }, ['listing:1'], beforeClear)).toBe(false);
    const before = cache.generation;
    cache.invalidate(['listing:1']);
    cache.invalidate(['listing:2']);
    expect(cache.set('k', { v: 1 }, ['listing:3'], before)).toBe(true);
    cache.invalidate(['listing:3']); // three tags tracked at most two: listing:1's change is forgotten
    expect(cache.set('k2', { v: 2 }, ['listing:4'], before)).toBe(false);
    expect(cache.set('k3', { v: 3 }, ['listing:4'], cache.generation)).toBe(true);
  });

  it('keeps nothing while change notifications are not being received, and forgets all when they stop', () => {
    const cache = new ResultCache();
    cache.set('k', { v: 1 }, ['t'], cache.generation);
    expect(cache.get('k')).toBeUndefined();
    cache.setListening(true);
    cache.set('k', { v: 1 }, ['t'], cache.generation);
    expect(cache.get('k')).toEqual({ v: 1 });
    cache.setListening(false);
    expect(cache.enabled).toBe(false);
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const cache = listening(2);
    cache.set('a', { v: 'a' }, ['a'], cache.generation);
    cache.set('b', { v: 'b' }, ['b'], cache.generation);
    cache.get('a');
    cache.set('c', { v: 'c' }, ['c'], cache.generation);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ v: 'a' });
    expect(cache.get('c')).toEqual({ v: 'c' });
    expect(cache.size).toBe(2);
  });

  it('keys inputs by content, not property order', () => {
    expect(cacheKey('t', { a: 1, b: { d: 2, c: 3 } })).toBe(cacheKey('t', { b: { c: 3, d: 2 }, a: 1 }));
    expect(cacheKey('t', { a: 1 })).not.toBe(cacheKey('u', { a: 1 }));
    expect(cacheKey('t', { a: [1, 2] })).not.toBe(cacheKey('t', { a: [2, 1] }));
    expect(cacheKey('t', { a: 1, b: undefined })).toBe(cacheKey('t', { a: 1 }));
    expect(cacheKey('t', { a: 'x","b":"y' })).not.toBe(cacheKey('t', { a: 'x', b: 'y' }));
    expect(cacheKey('t', { a: null })).not.toBe(cacheKey('t', { a: 'null' }));
    expect(cacheKey('t', { a: [{ y: 1, x: 2 }] })).toBe(cacheKey('t', { a: [{ x: 2, y: 1 }] }));
  });
});

describe('ResultCache.catchUp (read your writes)', () => {
  /** A change channel that delivers what is sent a moment later, in order, as PostgreSQL does. */
  const channel = (cache: ResultCache, lost = false) => {
    const heard: string[] = [];
    const deliver = (payload: string) =>
      setTimeout(() => {
        heard.push(payload);
        if (!cache.heardMarker(payload)) cache.invalidate([payload]);
      }, 5);
    cache.setMarkerSender(async (marker) => {
      if (!lost) deliver(marker);
    });
    return { heard, deliver };
  };

  it('resolves only once the marker sent after a write is heard, so the write’s own change was heard first', async () => {
    const cache = listening();
    cache.set('a', { v: 1 }, ['listing:1'], cache.generation);
    const { heard, deliver } = channel(cache);
    deliver('listing:1'); // the write's notification, still on its way
    expect(cache.get('a')).toEqual({ v: 1 });
    await cache.catchUp();
    expect(heard).toEqual(['listing:1', expect.stringMatching(/^caught-up:/)]);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets everything when the marker is not heard in time, and waits for nothing while not listening', async () => {
    const cache = listening();
    cache.set('a', { v: 1 }, ['listing:1'], cache.generation);
    channel(cache, true);
    await cache.catchUp(20);
    expect(cache.size).toBe(0);
    const deaf = new ResultCache();
    let sent = 0;
    deaf.setMarkerSender(async () => {
      sent += 1;
    });
    await deaf.catchUp();
    expect(sent).toBe(0);
  });

  it('does not count another instance’s marker as a change', () => {
    const cache = listening();
    cache.set('a', { v: 1 }, ['listing:1'], cache.generation);
    const before = cache.generation;
    expect(cache.heardMarker('caught-up:other:7')).toBe(true);
    expect(cache.heardMarker('12,13')).toBe(false);
    expect(cache.generation).toBe(before);
    expect(cache.get('a')).toEqual({ v: 1 });
  });
});

describe('invokeTool with a cache', () => {
  let runs = 0;
  const counted = defineTool({
    name: 'counted',
    title: 'Counted',
    toolset: 'directory',
    description: 'Test tool: counts how often its handler runs.',
    http: { method: 'GET', path: '/counted', status: 200 },
    scopes: [],
    idempotencyKey: false,
    errorStatuses: [],
    cache: { tags: (result) => [`n:${result.n}`] },
    input: z.strictObject({ n: z.number().int().default(1) }),
    output: z.object({ n: z.number(), run: z.number() }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async ({ n }) => ({ n, run: ++runs }),
  });
  const resultCache = listening();
  const ctx = { services: { resultCache } as Services, caller: null, requestId: 'r' };

  it('runs the handler once per input until a change names its answer, after validating each call', async () => {
    expect((await invokeTool(counted, { n: 1 }, ctx)).result).toEqual({ n: 1, run: 1 });
    expect((await invokeTool(counted, {}, ctx)).result).toEqual({ n: 1, run: 1 }); // the default makes it the same input
    expect((await invokeTool(counted, { n: 2 }, ctx)).result).toEqual({ n: 2, run: 2 });
    await expect(invokeTool(counted, { n: 'x' }, ctx)).rejects.toMatchObject({ status: 400 });
    resultCache.invalidate(['n:1']);
    expect((await invokeTool(counted, { n: 1 }, ctx)).result).toEqual({ n: 1, run: 3 });
    expect((await invokeTool(counted, { n: 2 }, ctx)).result).toEqual({ n: 2, run: 2 });
    expect(runs).toBe(3);
  });
});
