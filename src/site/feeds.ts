import type Router from '@koa/router';
import type { Context } from 'koa';
import type { SiteDeps } from './visit.js';
import { escapeHtml } from '../text/html.js';
import { xmlSafe } from '../text/xml-text.js';
import { countPublicListings, LISTINGS_PER_SITEMAP, type SitemapEntry, sitemapListings, sitemapPages } from '../catalogue/sitemap.js';
import { launchFeed } from '../catalogue/launch-feed.js';
import { categoryFeedPath, findCategory } from '../catalogue/categories.js';
import { SLUG_PATTERN } from '../schema.js';
import { listBlogPosts } from '../catalogue/blog.js';
import { serveFaviconIco, serveFaviconSvg } from '../web/favicon.js';

const FEED_ITEMS = 50;

/**
 * Answers with a document to cache. XML documents (sitemaps, Atom feeds) lose the characters XML 1.0 forbids: a
 * tagline holding U+0001 would otherwise make the whole feed ill-formed for every reader.
 */
function send(ctx: Context, type: string, body: string, maxAge = 600): void {
  ctx.type = type;
  ctx.set('Cache-Control', `public, max-age=${maxAge}`);
  ctx.body = type.includes('xml') ? xmlSafe(body) : body;
}

/** /robots.txt, the icon (/favicon.svg, /favicon.ico), /sitemap.xml (an index of /sitemaps/pages.xml and /sitemaps/listings-N.xml), Atom feeds of launches (all, and per category) and of blog posts. */
export function feedRoutes(router: Router, site: SiteDeps): void {
  const base = site.services.config.publicUrl;
  router.get('/robots.txt', (ctx) =>
    send(
      ctx,
      'text/plain; charset=utf-8',
      `User-agent: *\nDisallow: /api/\nDisallow: /mcp\nDisallow: /oauth/\nDisallow: /account\nDisallow: /checkout/\nDisallow: /search\n\nSitemap: ${base}/sitemap.xml\n`,
      3600,
    ),
  );

  router.get('/favicon.svg', serveFaviconSvg);
  router.get('/favicon.ico', serveFaviconIco);
  sitemapRoutes(router, site);
  atomFeedRoutes(router, site);
}

/** A sitemap of the given entries, each an address on the site. */
function urlset(base: string, entries: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map((e) => `<url><loc>${escapeHtml(base + e.path)}</loc>${e.lastModified ? `<lastmod>${e.lastModified}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;
}

/** /sitemap.xml, an index of /sitemaps/pages.xml and of /sitemaps/listings-N.xml (LISTINGS_PER_SITEMAP listings each). */
function sitemapRoutes(router: Router, site: SiteDeps): void {
  const { services } = site;
  const { db, config } = services;
  const base = config.publicUrl;
  router.get('/sitemap.xml', async (ctx) => {
    const files = Math.max(1, Math.ceil((await countPublicListings(db)) / LISTINGS_PER_SITEMAP));
    const maps = ['/sitemaps/pages.xml', ...Array.from({ length: files }, (_, i) => `/sitemaps/listings-${i + 1}.xml`)];
    send(
      ctx,
      'application/xml; charset=utf-8',
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.map((m) => `<sitemap><loc>${escapeHtml(base + m)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`,
    );
  });

  router.get('/sitemaps/pages.xml', async (ctx) =>
    send(ctx, 'application/xml; charset=utf-8', urlset(base, await sitemapPages(db, services.now()))),
  );

  router.get('/sitemaps/:file', async (ctx, next) => {
    const match = /^listings-([1-9]\d{0,4})\.xml$/.exec(ctx.params.file ?? '');
    if (!match) return next();
    const entries = await sitemapListings(db, Number(match[1]));
    if (entries.length === 0 && match[1] !== '1') return next();
    send(ctx, 'application/xml; charset=utf-8', urlset(base, entries));
  });
}

/** The Atom feeds: the latest launches (of the whole site, and of each category) and the latest blog posts (FEED_ITEMS each). */
function atomFeedRoutes(router: Router, site: SiteDeps): void {
  const { services } = site;
  const { db, config } = services;
  const base = config.publicUrl;
  router.get('/feeds/launches.xml', async (ctx) => {
    const settings = await site.settings();
    send(
      ctx,
      'application/atom+xml; charset=utf-8',
      atom({
        id: `${base}/feeds/launches.xml`,
        title: `${settings.site_name}: launches`,
        base,
        self: '/feeds/launches.xml',
        entries: await recentLaunches(site, settings.time_zone),
        now: services.now(),
      }),
    );
  });

  categoryFeedRoute(router, site);

  router.get('/feeds/blog.xml', async (ctx) => {
    const settings = await site.settings();
    const { items } = await listBlogPosts(db, { now: services.now() }, { page: 1, per_page: FEED_ITEMS }, base);
    const entries = items.map((p) =>
      entry({ id: p.url, title: p.title, link: p.url, updated: p.published_at, summary: p.excerpt, author: p.author }),
    );
    send(
      ctx,
      'application/atom+xml; charset=utf-8',
      atom({
        id: `${base}/feeds/blog.xml`,
        title: `${settings.site_name}: blog`,
        base,
        self: '/feeds/blog.xml',
        entries,
        now: services.now(),
      }),
    );
  });
}

/** The entries of the latest launches (FEED_ITEMS), newest first: of the whole site, or of one category and its subcategories. */
async function recentLaunches(site: SiteDeps, timeZone: string, categoryId?: number): Promise<{ updated: string; xml: string }[]> {
  const { services } = site;
  const base = services.config.publicUrl;
  const { items } = await launchFeed(services.db, 'recent', { now: services.now(), timeZone }, { page: 1, per_page: FEED_ITEMS }, base, {
    count: false,
    categoryId,
  });
  return items.map((l) =>
    entry({
      id: `${base}/listings/${l.slug}`,
      title: l.name,
      link: `${base}/listings/${l.slug}`,
      updated: l.launched_at ?? services.now().toISOString(),
      summary: l.tagline,
    }),
  );
}

/**
 * /feeds/categories/{slug}.xml: the latest launches of a category, as its page counts them (subcategories included).
 * An unknown category falls through to the site's 404; an old slug of a renamed or merged category is moved for good.
 */
function categoryFeedRoute(router: Router, site: SiteDeps): void {
  const { services } = site;
  const base = services.config.publicUrl;
  router.get('/feeds/categories/:file', async (ctx, next) => {
    const slug = /^(.+)\.xml$/.exec(ctx.params.file ?? '')?.[1] ?? '';
    const category = SLUG_PATTERN.test(slug) ? await findCategory(services.db, slug, base) : undefined;
    if (!category) return next();
    if (category.slug !== slug) {
      ctx.status = 301;
      return ctx.redirect(categoryFeedPath(category.slug));
    }
    const settings = await site.settings();
    const self = categoryFeedPath(category.slug);
    send(
      ctx,
      'application/atom+xml; charset=utf-8',
      atom({
        id: base + self,
        title: `${settings.site_name}: ${category.name} launches`,
        base,
        self,
        alternate: category.url,
        entries: await recentLaunches(site, settings.time_zone, category.id),
        now: services.now(),
      }),
    );
  });
}

function entry(e: { id: string; title: string; link: string; updated: string; summary: string; author?: string }): {
  updated: string;
  xml: string;
} {
  return {
    updated: e.updated,
    xml: `<entry><id>${escapeHtml(e.id)}</id><title>${escapeHtml(e.title)}</title><link href="${escapeHtml(e.link)}"/><updated>${e.updated}</updated>${e.author ? `<author><name>${escapeHtml(e.author)}</name></author>` : ''}<summary>${escapeHtml(e.summary)}</summary></entry>`,
  };
}

function atom(feed: {
  id: string;
  title: string;
  base: string;
  self: string;
  /** The page the feed follows (default: the home page). */
  alternate?: string;
  entries: { updated: string; xml: string }[];
  now: Date;
}): string {
  const updated =
    feed.entries
      .map((e) => e.updated)
      .sort()
      .at(-1) ?? feed.now.toISOString(); // ISO instants sort as text
  return `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><id>${escapeHtml(feed.id)}</id><title>${escapeHtml(feed.title)}</title><updated>${updated}</updated><link rel="self" href="${escapeHtml(feed.base + feed.self)}"/><link href="${escapeHtml(feed.alternate ?? `${feed.base}/`)}"/><author><name>${escapeHtml(feed.title)}</name></author>\n${feed.entries.map((e) => e.xml).join('\n')}\n</feed>\n`;
}
