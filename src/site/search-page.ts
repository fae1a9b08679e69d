import type Router from '@koa/router';
import { type SiteDeps, visit } from './visit.js';
import { rowVotes } from './list-votes.js';
import { categoryTree } from '../catalogue/categories.js';
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
          index: await services.searchIndex?.current(),
        })
      : undefined;
    const items = (result?.rows ?? []).map((row) => toSummary(row, config.publicUrl));
    const vote = await rowVotes(ctx, site, account, [items]);
    // Nothing found: suggest the biggest categories to browse instead.
    const suggestions =
      result && !items.length
        ? (await categoryTree(db, config.publicUrl, false))
            .filter((c) => c.live_count > 0)
            .sort((a, b) => b.live_count - a.live_count)
            .slice(0, 6)
        : [];
    renderSitePage(ctx, env, {
      title: q ? `Search: ${q}` : 'Search',
      description: q ? `Products matching “${q}” on ${settings.site_name}.` : `Search the products on ${settings.site_name}.`,
      path: q ? `/search?q=${encodeURIComponent(q)}` : '/search',
      account,
      noindex: Boolean(q),
      body: result
        ? html`<p class="muted">${result.totalIsEstimate ? 'About ' : ''}${result.total} ${result.total === 1 ? 'listing' : 'listings'}</p>${cardList(
            items.map((l) => listingCard(l, { vote: vote(l) })),
            html`Nothing matches “${q}”. Try fewer or broader words, or another spelling${suggestions.length ? html`; or browse ${suggestions.map((c, i) => html`${i ? ', ' : ''}<a href="/categories/${c.slug}">${c.name}</a>`)}` : ''}. All <a href="/categories">categories</a> · <a href="/weeks/this">this week's launches</a>.`,
          )}${pager('/search', page, PER_PAGE, result.total, { q })}`
        : html`<p>Type what the product does or its name in the search box above.</p><p><a href="/categories">Browse the categories</a></p>`,
    });
  });
}
