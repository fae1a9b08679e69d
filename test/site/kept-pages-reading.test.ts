import { afterEach, describe, expect, it } from 'vitest';
import Koa from 'koa';
import Router from '@koa/router';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { keepPage, keptPages } from '../../src/site/kept-pages.js';
import { PageCache } from '../../src/site/page-cache.js';
import { ChangeNotifications } from '../../src/caching/change-notifications.js';
import { listingTag } from '../../src/catalogue/listing-changes.js';
import { DEFAULT_SITE_SETTINGS } from '../../src/catalogue/site-settings.js';
import type { SiteDeps } from '../../src/site/visit.js';

/**
 * One reading per page at a time: while a request reads a kept page again, the others for the same page wait for
 * it and are answered what it read (a page of every listing: the settled page at once), instead of all reading it
 * again. The route's handler counts its readings and holds each until released.
 */
const T0 = Date.UTC(2026, 10, 27, 12);
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function site(settleMs: number) {
  const notifications = new ChangeNotifications();
  notifications.setListening(true);
  const cache = new PageCache(notifications, settleMs);
  const settings = DEFAULT_SITE_SETTINGS;
  const deps = {
    services: { now: () => new Date(clock.now), config: { publicUrl: 'http://127.0.0.1' } },
    kit: { account: async () => undefined },
    settings: () => settings,
  } as unknown as SiteDeps;
  const clock = { now: T0 };
  const readings = { count: 0, release: [] as (() => void)[] };
  const router = new Router();
  const keep = keptPages(deps, cache);
  const route = (path: string, dependsOn: 'any' | number[]) =>
    router.get(
      path,
      keep({}, async (ctx) => {
        const n = ++readings.count;
        await new Promise<void>((resolve) => readings.release.push(resolve));
        ctx.type = 'text/html';
        ctx.set('Content-Security-Policy', "default-src 'none'");
        ctx.body = `<p>reading ${n}</p>`;
        // A page of every listing says nothing: that is what a handler that does not call keepPage renders.
        if (dependsOn !== 'any') keepPage(ctx, dependsOn);
      }),
    );
  route('/', 'any');
  route('/listings/a', [1]);
  const app = new Koa();
  let arrived = 0;
  app.use((_ctx, next) => {
    arrived++;
    return next();
  });
  app.use(router.routes());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Sends `n` requests for `path` at once; once all of them have arrived, releases every reading as it comes. */
  const many = async (path: string, n: number) => {
    const expected = arrived + n;
    const answers = Array.from({ length: n }, () => fetch(`${origin}${path}`).then((r) => r.text()));
    const releasing = setInterval(() => {
      if (arrived < expected) return;
      for (const release of readings.release.splice(0)) release();
    }, 10);
    try {
      return await Promise.all(answers);
    } finally {
      clearInterval(releasing);
    }
  };
  return { notifications, clock, readings, many };
}

describe('a kept page read again', () => {
  it("is read once for the visitors who ask while it is read: a listing's page after a change of its listing", async () => {
    const { notifications, readings, many } = await site(0);
    expect(await many('/listings/a', 1)).toEqual(['<p>reading 1</p>']);
    notifications.invalidate([listingTag(1)]);
    const answers = await many('/listings/a', 8);
    expect(readings.count).toBe(2);
    expect(new Set(answers)).toEqual(new Set(['<p>reading 2</p>']));
  });

  it('of every listing, past its settling time: one visitor reads it, the others get the settled page at once', async () => {
    const { notifications, clock, readings, many } = await site(5_000);
    expect(await many('/', 1)).toEqual(['<p>reading 1</p>']);
    notifications.invalidate([listingTag(1)]);
    clock.now = T0 + 5_000;
    const answers = await many('/', 8);
    expect(readings.count).toBe(2);
    expect(answers.filter((a) => a === '<p>reading 2</p>')).toHaveLength(1);
    expect(answers.filter((a) => a === '<p>reading 1</p>')).toHaveLength(7);
    expect(await many('/', 1)).toEqual(['<p>reading 2</p>']);
  });

  it('without a settling time, the others wait for the new reading rather than get the old page', async () => {
    const { notifications, readings, many } = await site(0);
    await many('/', 1);
    notifications.invalidate([listingTag(1)]);
    const answers = await many('/', 8);
    expect(readings.count).toBe(2);
    expect(new Set(answers)).toEqual(new Set(['<p>reading 2</p>']));
  });
});
