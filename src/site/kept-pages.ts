import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { SiteSettings } from '../catalogue/site-settings.js';
import { todayIn } from '../catalogue/weeks.js';
import type { KeptPage, PageCache, PageDependencies } from './page-cache.js';
import { namesEtag, strongEtag } from '../web/etag.js';
import { type SiteDeps, type Visit, visit } from './visit.js';
import { answerEncoded, codedEtag, compressPage } from '../web/content-encoding.js';

/**
 * What a page may be kept for, by whom. A page for someone not signed in is the same for everyone: a shared cache
 * (a CDN) may answer it for 60 s (s-maxage: the staleness a CDN adds to a vote count, and the age the home page's
 * trending list has anyway), and answer a stale copy for 5 minutes more while it fetches a new one in the
 * background (stale-while-revalidate: no visitor waits for the origin, and a short outage of the origin goes
 * unseen). Browsers keep nothing unchecked (max-age=0): they revalidate with the ETag and get a 304.
 */
const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/**
 * A page whose every answer counts (a listing page's views are the makers' statistics): a shared cache may keep it
 * but asks the service every time (no-cache), which answers 304 to its ETag, cheaply, and counts the view.
 */
export const COUNTED_PAGE_CACHE = 'public, no-cache';
/** A signed-in person's page shows their own votes and carries their forms' CSRF token: their browser's only. */
const PRIVATE_PAGE_CACHE = 'private, max-age=0';

const KEEP = 'keptPage';

/**
 * Called by a kept route's handler once its page is rendered for someone not signed in, when the page shows chosen
 * listings: it is kept until one of them changes. A handler that does not call it renders a page of every listing
 * (the home page, a week, a category), kept while no listing changes and for the settling time after one does.
 */
export function keepPage(ctx: Context, dependsOn: PageDependencies, viewed?: number): void {
  ctx.state[KEEP] = { dependsOn, viewed };
}

export interface KeptRoute {
  /** The query parameters this page shows, normalised (any other parameter, such as utm_source, makes no other page). */
  query?: (ctx: Context) => string;
  /** Cache-Control of the page for everyone (default: a CDN keeps it for a minute, see PUBLIC_PAGE_CACHE). */
  cacheControl?: string;
  /** A kept page was answered: what rendering it would have done besides (a listing page counts a view). */
  served?: (ctx: Context, page: KeptPage, seen: Visit) => void;
}

/**
 * Wraps a page route: for someone not signed in, the kept page when it is still true (see page-cache.ts), else the
 * handler's page, kept when it is a complete page (keepPage says what it depends on); public caching headers, a
 * strong ETag and 304s. A signed-in person's page is always rendered, never kept, and private. Pages are compressed
 * as the client asks (src/web/content-encoding.ts). Every answer varies by Cookie and Accept-Encoding.
 */
export type KeepPages = (route: KeptRoute, handler: Middleware) => Middleware;

export function keptPages(site: SiteDeps, cache: PageCache): KeepPages {
  /** The pages being read now, by key: one request reads a page while the others for it wait or take the settled one. */
  const reading = new Map<string, Promise<unknown>>();
  return (route, handler) => async (ctx, next) => {
    const seen = await visit(ctx, site);
    ctx.vary('Cookie');
    if (seen.account) {
      await handler(ctx, next);
      return privately(ctx);
    }
    const now = site.services.now();
    const key = pageKey(ctx, route, seen.settings, now);
    const kept = cache.get(key, now.getTime()) ?? (await readByAnother(cache, reading.get(key), key, now.getTime(), site));
    if (kept) {
      route.served?.(ctx, kept, seen);
      return answer(ctx, kept, route);
    }
    const generation = cache.generation;
    const read = handler(ctx, next);
    if (!reading.has(key))
      reading.set(
        key,
        read.finally(() => reading.delete(key)).catch(() => undefined),
      );
    await read;
    const declared = (ctx.state[KEEP] as { dependsOn: PageDependencies; viewed?: number } | undefined) ?? { dependsOn: 'any' };
    const page = renderedPage(ctx, declared.viewed);
    if (!page) return privately(ctx);
    answer(ctx, page, route); // compressed first: the copy counts against the cache's bound
    cache.set(key, page, declared.dependsOn, generation, now.getTime());
  };
}

/**
 * While another request reads the page: the settled page, at once, for a page of every listing (see PageCache.settled);
 * else the page that request keeps, once it is read. Undefined when none reads it, or what it read was not kept.
 */
async function readByAnother(
  cache: PageCache,
  reading: Promise<unknown> | undefined,
  key: string,
  now: number,
  site: SiteDeps,
): Promise<KeptPage | undefined> {
  if (!reading) return undefined;
  const settled = cache.settled(key, now);
  if (settled) return settled;
  await reading;
  return cache.get(key, site.services.now().getTime());
}

/** The page's path, the query it shows, the site's day (what "today" and "this week" are) and the settings it shows. */
function pageKey(ctx: Context, route: KeptRoute, settings: SiteSettings, now: Date): string {
  return `${ctx.path}?${route.query?.(ctx) ?? ''} ${todayIn(now, settings.time_zone)} ${settingsVersion(settings)}`;
}

const versions = new WeakMap<SiteSettings, string>();

/** A hash of the settings each instance keeps (a new object each time they are read again): a changed name is another page. */
function settingsVersion(settings: SiteSettings): string {
  let version = versions.get(settings);
  if (!version) {
    version = createHash('sha256').update(JSON.stringify(settings)).digest('base64url').slice(0, 12);
    versions.set(settings, version);
  }
  return version;
}

/** The handler's answer as a page to keep: a complete HTML page that sets no cookie; anything else is not. */
function renderedPage(ctx: Context, viewed: number | undefined): KeptPage | undefined {
  if (ctx.status !== 200 || typeof ctx.body !== 'string' || ctx.response.get('Set-Cookie')) return undefined;
  const contentType = ctx.response.get('Content-Type');
  if (!/^text\/html/i.test(contentType)) return undefined;
  const body = Buffer.from(ctx.body);
  return { body, etag: strongEtag(body), contentType, policy: ctx.response.get('Content-Security-Policy'), viewed };
}

/**
 * The kept page, compressed as the client asks, with its representation's ETag. Its codings are made fast when it is
 * first read (most pages of the long tail are read once), and once more, tight, when it is read again: a page read
 * twice is likely read many times, and each answer then sends fewer bytes.
 */
function answer(ctx: Context, page: KeptPage, route: KeptRoute): void {
  ctx.status = 200;
  if (!page.coded) {
    page.coded = {};
    page.effort = 'fast';
  } else if (page.effort === 'fast') {
    page.coded = {};
    page.effort = 'tight';
  }
  const coding = answerEncoded(ctx, page.body, page.contentType, page.coded, page.effort);
  ctx.set('Content-Security-Policy', page.policy);
  ctx.set('Cache-Control', route.cacheControl ?? PUBLIC_PAGE_CACHE);
  const etag = codedEtag(page.etag, coding, page.effort);
  ctx.set('ETag', etag);
  if (namesEtag(ctx.get('If-None-Match'), etag)) ctx.status = 304;
}

/** Not a page for everyone: no shared cache keeps it (a page that chose no-store keeps its choice); compressed. */
function privately(ctx: Context): void {
  if (ctx.response.get('Cache-Control') !== 'no-store') ctx.set('Cache-Control', PRIVATE_PAGE_CACHE);
  compressPage(ctx);
}
