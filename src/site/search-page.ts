import type Router from '@koa/router';
import { type SiteDeps, visit } from './visit.js';
import { html } from '../text/html.js';
import { searchListings } from '../catalogue/search.js';
import { toSummary } from '../catalogue/listing-summary.js';
import { cardList, listingCard, pageNumber, pager, renderSitePage } from '../web/layout.js';

const PER_PAGE = 20;
const MAX_QUERY = 200;

/** /search?q=: the listings search_listings finds, with the same typo tolerance, most relevant first. */
export function searchRoutes(router: Router, site: SiteDeps): void {
  const { services } = site;
  router.get('/search', async (ctx) => {
    const { db, config } = services;
    const q = (typeof ctx.query.q === 'string' ? ctx.query.q : '').trim().slice(0, MAX_QUERY);
    const page = pageNumber(ctx.query.page);
    const { env, settings, account } = await visit(ctx, site);
    const result = q
      ? await searchListings(db, {
          q,
          upcoming: false,
          sort: 'relevance',
          limit: PER_PAGE,
          offset: (page - 1) * PER_PAGE,
          now: services.now(),
          estimateAbove: { matches: config.searchExactTotalUpTo, share: config.searchWalkShare },
          index: services.searchIndex?.usable(),
        })
      : undefined;
    renderSitePage(ctx, env, {
      title: q ? `Search: ${q}` : 'Search',
      description: q ? `Products matching “${q}” on ${settings.site_name}.` : `Search the products on ${settings.site_name}.`,
      path: q ? `/search?q=${encodeURIComponent(q)}` : '/search',
      account,
      noindex: Boolean(q),
      body: result
        ? html`<p class="muted">${result.totalIsEstimate ? 'About ' : ''}${result.total} ${result.total === 1 ? 'listing' : 'listings'}</p>${cardList(
            result.rows.map((row) => listingCard(toSummary(row, config.publicUrl))),
            'Nothing matches. Try fewer or broader words, or browse the categories.',
          )}${pager('/search', page, PER_PAGE, result.total, { q })}`
        : html`<p>Type what the product does or its name in the search box above.</p><p><a href="/categories">Browse the categories</a></p>`,
    });
  });
}
