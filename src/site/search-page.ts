import type Router from '@koa/router';
import { type SiteDeps, visit } from './visit.js';
import { rowButtons, sameSitePath } from './list-votes.js';
import { categoryTree, categoryWithDescendants, type CategoryNode } from '../catalogue/categories.js';
import { html, type SafeHtml } from '../text/html.js';
import { type ReadingSummary, SEARCH_SORTS, searchListings } from '../catalogue/search.js';
import { toSummary } from '../catalogue/listing-summary.js';
import { PRICING_MODELS } from '../catalogue/listing-vocabulary.js';
import { cardList, listingCard, pageNumber, pager, renderSitePage } from '../web/layout.js';

const PER_PAGE = 20;
const MAX_QUERY = 200;

type Sort = (typeof SEARCH_SORTS)[number];
const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Best match',
  votes: 'Most voted',
  rating: 'Best rated',
  newest: 'Newest',
  trending: 'Trending',
  most_viewed: 'Most viewed',
  most_followed: 'Most followed',
};

/** What the search form asked for, each value checked against what the directory has (anything else is dropped). */
interface SearchForm {
  q: string;
  category: string;
  pricing: string;
  sort: Sort;
}

function readForm(query: Record<string, unknown>, categorySlugs: Set<string>): SearchForm {
  const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string).trim() : '');
  const category = text('category');
  const pricing = text('pricing');
  const sort = text('sort') as Sort;
  return {
    q: text('q').slice(0, MAX_QUERY),
    category: categorySlugs.has(category) ? category : '',
    pricing: (PRICING_MODELS as readonly string[]).includes(pricing) ? pricing : '',
    sort: SEARCH_SORTS.includes(sort) ? sort : 'relevance',
  };
}

/**
 * /search?q=&category=&pricing=&sort=: the listings search_listings finds, with the same reading of the words
 * (forms, typos, categories), filtered by category and pricing model, in the order chosen. Filters without words
 * browse the directory. Never kept (every query is its own page), compressed as the client asks.
 */
export function searchRoutes(router: Router, site: SiteDeps): void {
  const { services } = site;
  router.get('/search', async (ctx) => {
    const { db, config } = services;
    const page = pageNumber(ctx.query.page);
    const { env, settings, account } = await visit(ctx, site);
    const tree = await categoryTree(db, config.publicUrl, false);
    const form = readForm(ctx.query, new Set(flatten(tree).map(({ node }) => node.slug)));
    const asked = Boolean(form.q || form.category || form.pricing);
    const result = asked
      ? await searchListings(db, {
          q: form.q || undefined,
          categoryIds: form.category ? ((await categoryWithDescendants(db, form.category)) ?? undefined) : undefined,
          pricingModel: form.pricing || undefined,
          upcoming: false,
          sort: form.sort,
          limit: PER_PAGE,
          offset: (page - 1) * PER_PAGE,
          now: services.now(),
          estimateAbove: { matches: config.searchExactTotalUpTo, share: config.searchWalkShare },
          index: await services.searchIndex?.current(),
          dictionary: await services.termDictionary?.current(),
        })
      : undefined;
    const items = (result?.rows ?? []).map((row) => toSummary(row, config.publicUrl));
    const row = await rowButtons(ctx, site, account, [items], sameSitePath(ctx.url) ?? '/search');
    // Nothing found: suggest the biggest categories to browse instead.
    const suggestions = result && !items.length ? [...tree].sort((a, b) => b.live_count - a.live_count).slice(0, 6) : [];
    const query = Object.fromEntries(Object.entries(form).filter(([key, value]) => value && !(key === 'sort' && value === 'relevance')));
    renderSitePage(ctx, env, {
      title: form.q ? `Search: ${form.q}` : 'Search',
      description: form.q ? `Products matching “${form.q}” on ${settings.site_name}.` : `Search the products on ${settings.site_name}.`,
      path: asked ? `/search?${new URLSearchParams(query).toString()}` : '/search',
      account,
      noindex: asked,
      body: html`${searchForm(form, tree)}${
        result
          ? html`<p class="muted" role="status">${result.totalIsEstimate ? 'About ' : ''}${result.total} ${result.total === 1 ? 'listing' : 'listings'}${readingNote(result.reading)}</p>${cardList(
              items.map((l) => listingCard(l, row(l, 'row'))),
              html`Nothing matches${form.q ? html` “${form.q}”` : ''}${form.category || form.pricing ? ' with these filters' : ''}. Try fewer or broader words, or another spelling${suggestions.length ? html`; or browse ${suggestions.map((c, i) => html`${i ? ', ' : ''}<a href="/categories/${c.slug}">${c.name}</a>`)}` : ''}. All <a href="/categories">categories</a> · <a href="/weeks/this">this week's launches</a>.`,
            )}${pager('/search', page, PER_PAGE, result.total, query)}`
          : html`<p>Describe what you need (“send invoices to clients”) or type a product's name, or pick a category.</p><p><a href="/categories">Browse the categories</a></p>`
      }`,
    });
  });
}

/** The form: words, category, pricing model and order; it keeps what was asked. */
function searchForm(form: SearchForm, tree: CategoryNode[]): SafeHtml {
  const option = (value: string, label: string, chosen: string) =>
    html`<option value="${value}"${value === chosen ? html` selected` : ''}>${label}</option>`;
  return html`<form class="search-filters" method="get" action="/search" role="search" aria-label="Search and filter listings">
<p><label for="search-q">What do you need?</label> <input id="search-q" type="search" name="q" value="${form.q}" maxlength="${MAX_QUERY}" placeholder="e.g. expense tracking for a team"></p>
<p><span class="field"><label for="search-category">Category</label> <select id="search-category" name="category">${option('', 'Any category', form.category)}${flatten(tree).map(({ node, depth }) => option(node.slug, `${depth ? '— ' : ''}${node.name}`, form.category))}</select></span>
<span class="field"><label for="search-pricing">Pricing</label> <select id="search-pricing" name="pricing">${option('', 'Any pricing', form.pricing)}${PRICING_MODELS.map((model) => option(model, model, form.pricing))}</select></span>
<span class="field"><label for="search-sort">Sort</label> <select id="search-sort" name="sort">${SEARCH_SORTS.map((sort) => option(sort, SORT_LABELS[sort], form.sort))}</select></span>
<button type="submit">Search</button></p>
</form>`;
}

/** How the words were read, in words: the corrected spelling, and what matched nothing. */
function readingNote(reading: ReadingSummary | undefined): SafeHtml | string {
  if (!reading) return '';
  const parts: (SafeHtml | string)[] = [];
  if (reading.corrected) parts.push(html`showing results for “${reading.corrected}”`);
  if (!reading.allWords) {
    const unmatched = reading.unmatched.length
      ? html`; no listing mentions ${reading.unmatched.map((w, i) => html`${i ? ', ' : ''}“${w}”`)}`
      : '';
    parts.push(html`none has every word: those with the most come first${unmatched}`);
  }
  return parts.length ? html` · ${parts.map((p, i) => html`${i ? '; ' : ''}${p}`)}` : '';
}

/** The tree in order, each node with its depth. */
function flatten(tree: CategoryNode[], depth = 0): { node: CategoryNode; depth: number }[] {
  return tree.flatMap((node) => [{ node, depth }, ...flatten(node.subcategories, depth + 1)]);
}
