import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerCache, cacheKey } from '../../src/registry/result-cache.js';
import { ChangeNotifications } from '../../src/caching/change-notifications.js';
import { defineTool } from '../../src/registry/tool.js';
import { invokeTool } from '../../src/registry/invoke.js';
import type { Services } from '../../src/services.js';

/** The answer cache as invoke.ts uses it: kept with `changes.keep`, invalidated by the change notifications. */
const listening = (maxEntries?: number, trackedTags?: number) => {
  const changes = new ChangeNotifications(trackedTags);
  changes.setListening(true);
  return answers(changes, maxEntries);
};

function answers(changes: ChangeNotifications, maxEntries?: number) {
  const cache = answerCache(changes, maxEntries);
  return {
    changes,
    cache,
    get: (key: string) => cache.get(key),
    set: (key: string, value: Record<string, unknown>, tags: readonly string[], generation = changes.generation) =>
      changes.keep(cache, key, value, tags, generation),
  };
}

describe('the answer cache', () => {
  it('is bounded by the length of the answers it keeps as well as by their number', () => {
    const changes = new ChangeNotifications();
    changes.setListening(true);
    const cache = answerCache(changes, 100, 1_000);
    const answer = (letter: string) => ({ text: letter.repeat(400) });
    changes.keep(cache, 'a', answer('a'), ['listing:1'], changes.generation);
    changes.keep(cache, 'b', answer('b'), ['listing:2'], changes.generation);
    expect(cache.size).toBe(2);
    changes.keep(cache, 'c', answer('c'), ['listing:3'], changes.generation); // 3 × 411 characters: the oldest goes
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, answer('b'), answer('c')]);
    expect(changes.keep(cache, 'd', { text: 'd'.repeat(2_000) }, ['listing:4'], changes.generation)).toBe(false);
  });

  it('keeps an answer until a change names one of its tags', () => {
    const { changes, cache, get, set } = listening();
    set('a', { v: 'a' }, ['listing:1']);
    set('b', { v: 'b' }, ['listing:2', 'category:9']);
    expect(get('a')).toEqual({ v: 'a' });
    changes.invalidate(['listing:3']);
    expect(cache.size).toBe(2);
    changes.invalidate(['category:9']);
    expect(get('b')).toBeUndefined();
    expect(get('a')).toEqual({ v: 'a' });
    changes.invalidate(['listing:1']);
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer read while a change was heard (it may predate the change)', () => {
    const { changes, get, set } = listening();
    const before = changes.generation;
    changes.invalidate(['listing:7']); // arrives while the answer is being read
    set('k', { stale: true }, ['listing:7'], before);
    expect(get('k')).toBeUndefined();
    set('k', { stale: false }, ['listing:7']);
    expect(get('k')).toEqual({ stale: false });
  });

  it('keeps an answer read while other listings changed (a launch day changes some listing many times a second)', () => {
    const { changes, get, set } = listening();
    const before = changes.generation;
    changes.invalidate(['listing:8']);
    changes.invalidate(['listing:9']);
    expect(set('k', { v: 7 }, ['listing:7'], before)).toBe(true);
    expect(get('k')).toEqual({ v: 7 });
    expect(set('nine', { v: 9 }, ['listing:7', 'listing:9'], before)).toBe(false);
    expect(get('nine')).toBeUndefined();
  });

  it('keeps nothing read before a clear, nor read before an invalidation it no longer remembers', () => {
    const { changes, set } = listening(100, 2);
    const beforeClear = changes.generation;
    changes.clear();
    expect(set('k', { v: 1 }, ['listing:1'], beforeClear)).toBe(false);
    const before = changes.generation;
    changes.invalidate(['listing:1']);
    changes.invalidate(['listing:2']);
    expect(set('k', { v: 1 }, ['listing:3'], before)).toBe(true);
    changes.invalidate(['listing:3']); // three tags tracked at most two: listing:1's change is forgotten
    expect(set('k2', { v: 2 }, ['listing:4'], before)).toBe(false);
    expect(set('k3', { v: 3 }, ['listing:4'])).toBe(true);
  });

  it('keeps nothing while change notifications are not being received, and forgets all when they stop', () => {
    const { changes, get, set } = answers(new ChangeNotifications());
    set('k', { v: 1 }, ['t']);
    expect(get('k')).toBeUndefined();
    changes.setListening(true);
    set('k', { v: 1 }, ['t']);
    expect(get('k')).toEqual({ v: 1 });
    changes.setListening(false);
    expect(changes.enabled).toBe(false);
    expect(get('k')).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const { cache, get, set } = listening(2);
    set('a', { v: 'a' }, ['a']);
    set('b', { v: 'b' }, ['b']);
    get('a');
    set('c', { v: 'c' }, ['c']);
    expect(get('b')).toBeUndefined();
    expect(get('a')).toEqual({ v: 'a' });
    expect(get('c')).toEqual({ v: 'c' });
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

describe('ChangeNotifications.catchUp (read your writes)', () => {
  /** A change channel that delivers what is sent a moment later, in order, as PostgreSQL does. */
  const channel = (changes: ChangeNotifications, lost = false) => {
    const heard: string[] = [];
    const deliver = (payload: string) =>
      setTimeout(() => {
        heard.push(payload);
        if (!changes.heardMarker(payload)) changes.invalidate([payload]);
      }, 5);
    changes.setMarkerSender(async (marker) => {
      if (!lost) deliver(marker);
    });
    return { heard, deliver };
  };

  it('resolves only once the marker sent after a write is heard, so the write’s own change was heard first', async () => {
    const { changes, get, set } = listening();
    set('a', { v: 1 }, ['listing:1']);
    const { heard, deliver } = channel(changes);
    deliver('listing:1'); // the write's notification, still on its way
    expect(get('a')).toEqual({ v: 1 });
    await changes.catchUp();
    expect(heard).toEqual(['listing:1', expect.stringMatching(/^caught-up:/)]);
    expect(get('a')).toBeUndefined();
  });

  it('forgets everything when the marker is not heard in time, and waits for nothing while not listening', async () => {
    const { changes, cache, set } = listening();
    set('a', { v: 1 }, ['listing:1']);
    channel(changes, true);
    await changes.catchUp(20);
    expect(cache.size).toBe(0);
    const deaf = new ChangeNotifications();
    let sent = 0;
    deaf.setMarkerSender(async () => {
      sent += 1;
    });
    await deaf.catchUp();
    expect(sent).toBe(0);
  });

  it('does not count another instance’s marker as a change', () => {
    const { changes, get, set } = listening();
    set('a', { v: 1 }, ['listing:1']);
    const before = changes.generation;
    expect(changes.heardMarker('caught-up:other:7')).toBe(true);
    expect(changes.heardMarker('12,13')).toBe(false);
    expect(changes.generation).toBe(before);
    expect(get('a')).toEqual({ v: 1 });
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
  const { changes, cache: resultCache } = listening();
  const ctx = { services: { changes, resultCache } as Services, caller: null, requestId: 'r' };

  it('runs the handler once per input until a change names its answer, after validating each call', async () => {
    expect((await invokeTool(counted, { n: 1 }, ctx)).result).toEqual({ n: 1, run: 1 });
    expect((await invokeTool(counted, {}, ctx)).result).toEqual({ n: 1, run: 1 }); // the default makes it the same input
    expect((await invokeTool(counted, { n: 2 }, ctx)).result).toEqual({ n: 2, run: 2 });
    await expect(invokeTool(counted, { n: 'x' }, ctx)).rejects.toMatchObject({ status: 400 });
    changes.invalidate(['n:1']);
    expect((await invokeTool(counted, { n: 1 }, ctx)).result).toEqual({ n: 1, run: 3 });
    expect((await invokeTool(counted, { n: 2 }, ctx)).result).toEqual({ n: 2, run: 2 });
    expect(runs).toBe(3);
  });
});
