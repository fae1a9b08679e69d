import type Router from '@koa/router';
import type { Services } from '../services.js';
import type { PageKit } from '../web/page-kit.js';
import { html } from '../text/html.js';
import { searchListings } from '../catalogue/search.js';
import { toSummary } from '../catalogue/listing-summary.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { cardList, listingCard, pageNumber, pager, renderSitePage } from './layout.js';

const PER_PAGE = 20;
const MAX_QUERY = 200;

/** /search?q=: the listings search_listings finds, with the same typo tolerance, most relevant first. */
export function searchRoutes(router: Router, services: Services, kit: PageKit): void {
  router.get('/search', async (ctx) => {
    const { db, config } = services;
    const q = (typeof ctx.query.q === 'string' ? ctx.query.q : '').trim().slice(0, MAX_QUERY);
    const page = pageNumber(ctx.query.page);
    const [account, settings] = await Promise.all([kit.account(ctx), loadSiteSettings(db)]);
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
    renderSitePage(
      ctx,
      { publicUrl: config.publicUrl, siteName: settings.site_name },
      {
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
      },
    );
  });
}
