import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import { type CategoryNode, categoryFeedPath, categoryListings, categoryTree, findCategory } from '../catalogue/categories.js';
import { readLaunchWeek } from '../catalogue/launch-week.js';
import { BOARD_INFO, BOARDS, isBoard, lastDomainRatingDay, readBoard } from '../catalogue/leaderboards.js';
import { addDays, resolveWeek, WEEK_SPEC, weekInstants, weekLabel } from '../catalogue/weeks.js';
import { ProblemError } from '../errors.js';
import { SLUG_PATTERN } from '../schema.js';
import { cardList, dollars, listingCard, pageNumber, pager, readableWeek, renderSitePage } from '../web/layout.js';
import { notFoundPage } from './not-found.js';
import { type SiteDeps, visit } from './visit.js';
import { rowButtons } from './list-votes.js';
import { cardPath } from '../cards/cards.js';
import type { KeepPages } from './kept-pages.js';
import { categoryMailBox, categoryMailRoutes, MAIL_BOX_STYLE } from './category-mail-form.js';

const PER_PAGE = 20;

/** How each board differs from the community-weekly board, in one line. */
const BOARD_DIFFERENCE: Record<(typeof BOARDS)[number], string> = {
  'community-weekly': "The votes people cast during this launch week: the week's launches, ranked by the community.",
  'community-all-time': "Unlike the weekly board, every vote a listing ever got counts, not only this week's.",
  billboard: 'Unlike the weekly board, ranked by money paid for the place, not by votes.',
  'domain-rating': "Unlike the weekly board, ranked by the Domain Rating of the product's website, not by votes.",
  revenue: 'Unlike the weekly board, ranked by verified monthly recurring revenue, not by votes.',
};

/** The boards' tabs: the active one marked (aria-current, and filled). */
const TABS_STYLE = html`<style>.tabs ul{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0;margin:.8rem 0 1rem}
.tabs a{display:inline-block;padding:.35rem .8rem;border:1px solid var(--border);border-radius:999px;background:var(--surface);text-decoration:none}
.tabs a[aria-current=page]{background:var(--accent);border-color:var(--accent);color:var(--on-accent);font-weight:600}
.board-note{font-weight:600;margin:.2rem 0}
@media (max-width:30rem){.tabs ul{gap:.3rem}.tabs a{padding:.2rem .6rem;font-size:.9rem}}</style>`;

/** /categories, /categories/{slug}, /weeks/{this|last|next|YYYY-MM-DD}, /leaderboards/{board}. */
export function browseRoutes(router: Router, site: SiteDeps, keep: KeepPages): void {
  categoryRoutes(router, site, keep);
  weekRoutes(router, site, keep);
  leaderboardRoutes(router, site, keep);
}

/** /categories (the tree) and /categories/{slug}. */
function categoryRoutes(router: Router, site: SiteDeps, keep: KeepPages): void {
  const { services } = site;
  const { db, config } = services;

  // The tree's counts of live listings: kept for people not signed in like the pages that rank every listing.
  router.get(
    '/categories',
    keep({}, async (ctx) => {
      const { env, account } = await visit(ctx, site);
      const tree = await categoryTree(db, config.publicUrl, false);
      const branch = (nodes: CategoryNode[]): SafeHtml =>
        html`<ul>${nodes.map((n) => html`<li><a href="/categories/${n.slug}">${n.name}</a> <span class="muted">(${n.live_count})</span>${n.subcategories.length ? branch(n.subcategories) : ''}</li>`)}</ul>`;
      renderSitePage(ctx, env, {
        title: 'Categories',
        description: `Every category of ${env.siteName}, with the number of live products in each.`,
        path: '/categories',
        account,
        body: tree.length ? branch(tree) : html`<p class="muted">No categories have live listings yet.</p>`,
      });
    }),
  );

  // Kept for people not signed in until any listing changes (a category ranks its listings by votes).
  const pageQuery = (ctx: { query: Record<string, unknown> }) => `page=${pageNumber(ctx.query.page)}`;
  router.get(
    '/categories/:slug',
    keep({ query: pageQuery }, (ctx) => categoryPage(ctx, site)),
  );
  categoryMailRoutes(router, site, (ctx, refused) => categoryPage(ctx, site, refused));
}

/** /categories/{slug}: its description, its mail button and feed, its live listings by votes; `refused`: the mail button's refusal. */
async function categoryPage(ctx: Context, site: SiteDeps, refused?: ProblemError): Promise<void> {
  const { db, config } = site.services;
  const { env, account } = await visit(ctx, site);
  const slug = ctx.params.slug ?? '';
  const category = SLUG_PATTERN.test(slug) ? await findCategory(db, slug, config.publicUrl) : undefined;
  if (!category) return notFoundPage(ctx, env, account, 'No category has this address.');
  if (category.slug !== slug) {
    // The old address of a renamed or merged category: moved for good.
    ctx.status = 301;
    return ctx.redirect(`/categories/${category.slug}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
  }
  const page = pageNumber(ctx.query.page);
  const listings = await categoryListings(db, category.id, { page, per_page: PER_PAGE }, config.publicUrl);
  const row = await rowButtons(ctx, site, account, [listings.items], `/categories/${slug}${page > 1 ? `?page=${page}` : ''}`);
  const mail = await categoryMailBox(ctx, site, { account, categoryId: category.id, slug, refused });
  renderSitePage(ctx, env, {
    title: category.name,
    description: category.description || `${category.name} products on ${env.siteName}.`,
    path: `/categories/${slug}`,
    feed: { title: `${category.name} launches`, path: categoryFeedPath(slug) },
    account,
    style: MAIL_BOX_STYLE,
    body: html`<p>${category.description}</p>${category.parent ? html`<p class="muted">In <a href="/categories/${category.parent.slug}">${category.parent.name}</a></p>` : ''}
${mail}<p class="muted">New launches in ${category.name}: <a href="${categoryFeedPath(slug)}" type="application/atom+xml">Atom feed</a></p>
${category.subcategories.length ? html`<ul class="tags">${category.subcategories.map((s) => html`<li><a href="/categories/${s.slug}">${s.name}</a> (${s.live_count})</li>`)}</ul>` : ''}
${cardList(
  listings.items.map((l) => listingCard(l, row(l, 'row'))),
  html`No live listings in this category yet. <a href="/about#submit">Submit yours</a>, or see <a href="/categories">every category</a>.`,
)}${pager(`/categories/${slug}`, page, PER_PAGE, listings.total)}
${category.faqs.length ? html`<h2>Questions</h2><dl>${category.faqs.map((f) => html`<dt><strong>${f.question}</strong></dt><dd>${f.answer}</dd>`)}</dl>` : ''}`,
  });
  if (refused) ctx.status = refused.status;
}

/** /weeks/{this|last|next|YYYY-MM-DD}: the launches of one week. */
function weekRoutes(router: Router, site: SiteDeps, keep: KeepPages): void {
  const { services } = site;
  const { db, config } = services;

  // Kept for people not signed in until any listing changes; "this" and "last" are keyed by the site's day.
  router.get(
    '/weeks/:week',
    keep({}, async (ctx) => {
      const { env, settings, account } = await visit(ctx, site);
      const spec = ctx.params.week ?? '';
      const now = services.now();
      let week: ReturnType<typeof resolveWeek> | undefined;
      try {
        week = WEEK_SPEC.test(spec) ? resolveWeek(spec, now, settings.time_zone) : undefined;
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
      }
      const view = week && (await readLaunchWeek(db, week, resolveWeek('this', now, settings.time_zone), config.publicUrl));
      if (!week || !view) return notFoundPage(ctx, env, account, 'No launch week has this address.');
      const { current, isFuture: future, launches, scheduled } = view;
      const [prevStart, nextStart] = [addDays(week.start, -7), addDays(week.start, 7)];
      const row = await rowButtons(ctx, site, account, [launches], ctx.path);
      renderSitePage(ctx, env, {
        title: `Launches: ${weekLabel(week)}`,
        description: `The products launched on ${env.siteName} in the week of ${week.start}, ranked by community votes.`,
        path: `/weeks/${week.start}`,
        socialImage: cardPath.week(week.start),
        account,
        body: html`<p class="muted">${week.start === current.start ? 'This week, ranked by votes so far.' : future ? 'An upcoming week.' : 'Ranked by community votes.'} Times in ${settings.time_zone}.</p>
${cardList(
  launches.map((l) => listingCard({ ...l, launch_week: null }, { rank: l.rank, ...row(l, 'row') })),
  future
    ? html`Nothing launched yet: the week has not begun. <a href="/about#submit">Schedule your launch</a>.`
    : week.start === current.start
      ? html`No launches yet this week — <a href="/about#submit">submit yours</a>.`
      : html`No launches this week. See <a href="/weeks/this">this week's launches</a>.`,
)}
${
  future
    ? html`<h2>Scheduled</h2>${cardList(
        scheduled.map((l) => listingCard(l, { metric: 'scheduled' })),
        html`Nothing scheduled yet. <a href="/about#submit">Schedule your launch</a>.`,
      )}`
    : ''
}
<nav class="pager" aria-label="Weeks"><a href="/weeks/${prevStart}" rel="prev">← Week of ${prevStart}</a>${week.start < current.start ? html`<a href="/weeks/${nextStart}" rel="next">Week of ${nextStart} →</a>` : ''}</nav>`,
      });
    }),
  );
}

/** /leaderboards/{board}: kept for people not signed in until any listing changes (the boards rank them all). */
function leaderboardRoutes(router: Router, site: SiteDeps, keep: KeepPages): void {
  const { services } = site;
  const { db, config } = services;
  const pageQuery = (ctx: { query: Record<string, unknown> }) => `page=${pageNumber(ctx.query.page)}`;

  router.get(
    '/leaderboards/:board',
    keep({ query: pageQuery }, async (ctx) => {
      const { env, settings, account } = await visit(ctx, site);
      const board = ctx.params.board ?? '';
      if (!isBoard(board)) return notFoundPage(ctx, env, account, `No such leaderboard. Boards: ${BOARDS.join(', ')}.`);
      const page = pageNumber(ctx.query.page);
      const paging = { page, per_page: PER_PAGE };
      const info = BOARD_INFO[board];
      const week = board === 'community-weekly' ? resolveWeek('this', services.now(), settings.time_zone) : undefined;
      const { entries, total } = await readBoard(
        db,
        board,
        paging,
        config.publicUrl,
        week && { window: weekInstants(week, settings.time_zone) },
      );
      const paid = board === 'billboard';
      const measuredOn = board === 'domain-rating' ? await lastDomainRatingDay(db) : undefined;
      const figure = (m: (typeof entries)[number]['metric']) =>
        m.unit === 'usd_cents'
          ? dollars(m.value)
          : m.unit === 'usd_cents_per_month'
            ? `${dollars(m.value)}/month`
            : m.unit === 'score_0_100'
              ? `DR ${m.value}`
              : `${m.value} votes`;
      renderSitePage(ctx, env, {
        title: info.title,
        description: info.description,
        path: `/leaderboards/${board}`,
        account,
        body: html`${TABS_STYLE}<nav class="tabs" aria-label="Boards"><ul>${BOARDS.map((b) => html`<li><a href="/leaderboards/${b}"${b === board ? html` aria-current="page"` : ''}>${BOARD_INFO[b].title}</a></li>`)}</ul></nav>
<p class="board-note">${BOARD_DIFFERENCE[board]}</p><p class="muted">${info.description}</p>${paid ? html`<p class="paid" role="note">${info.disclosure ?? 'Paid placement'}</p>` : ''}
${week ? html`<p class="muted">Votes cast ${readableWeek(week.start)} (${weekLabel(week)}).</p>` : ''}
${board === 'domain-rating' ? html`<p class="muted">Domain Rating comes from a third-party SEO data provider, measured daily. ${measuredOn ? `Last measured ${measuredOn}.` : 'Not measured yet.'}</p>` : ''}
${cardList(
  entries.map((e) =>
    listingCard(
      { ...e.listing, launch_week: null },
      {
        rank: e.rank,
        paid,
        metric: html`${figure(e.metric)}${e.metric.measured_on ? html`<br><span class="muted">${e.metric.source ?? ''} ${e.metric.measured_on}</span>` : ''}${e.metric.verified_at ? html`<br><span class="muted">verified ${e.metric.verified_at.slice(0, 10)}${e.metric.source ? `, ${e.metric.source}` : ''}</span>` : ''}`,
      },
    ),
  ),
  'Nobody is on this board yet.',
)}${pager(`/leaderboards/${board}`, page, PER_PAGE, total)}`,
      });
    }),
  );
}
