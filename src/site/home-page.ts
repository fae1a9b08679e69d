import type Router from '@koa/router';
import type { Context } from 'koa';
import { type SiteDeps, visit } from './visit.js';
import { html, type SafeHtml } from '../text/html.js';
import { launchFeed } from '../catalogue/launch-feed.js';
import { resolveWeek, todayIn } from '../catalogue/weeks.js';
import { BOARD_INFO, BOARDS } from '../catalogue/leaderboards.js';
import { featuredListings, liveNow } from '../moderation/featured.js';
import { cardList, digestSignup, listingCard, readableDay, readableWeek, renderSitePage } from '../web/layout.js';
import { cardPath } from '../cards/cards.js';
import { rowButtons } from './list-votes.js';
import type { ListingSummary } from '../schema.js';
import type { KeepPages } from './kept-pages.js';

/**
 * The trending section is an aggregate over every vote of the last 14 days, decaying over days: each instance
 * computes it at most once a minute for its home page (the feed operation computes it per call). The kept list
 * is checked against the listings' statuses at every view (five rows by key), so a listing the site team hides
 * leaves it at once, on every instance.
 */
const TRENDING_KEPT_MS = 60_000;

/** The home page shows the first listings of each section and no totals. */
const NO_TOTAL = { count: false };

/** The home page's headline (its h1, and so its title): what the site is. */
const HOME_HEADLINE = 'Discover new products, ranked by the people who use them';

/** A row without its launch week: the home page's sections say the week once, in their heading. */
const withoutWeek = (listing: ListingSummary): ListingSummary => ({ ...listing, launch_week: null });

/** The home page's own look: the headline and its calls to action, the sections' headings, the boards as chips. */
const HOME_STYLE = html`<style>main>h1{font-size:clamp(1.7rem,4.5vw,2.4rem);line-height:1.2;margin:1.2rem 0 .6rem;max-width:40rem}
.intro{font-size:1.1rem;color:var(--soft);max-width:42rem;margin:0 0 1rem}
.ctas{display:flex;flex-wrap:wrap;gap:.6rem;margin:0 0 1.6rem}
.cta{display:inline-block;padding:.6rem 1.1rem;border-radius:8px;border:1px solid var(--accent);background:var(--accent);color:var(--on-accent);font-weight:600;text-decoration:none}
.cta.secondary{background:var(--surface);color:var(--link);border-color:var(--link)}.cta:hover{filter:brightness(1.15)}
.section-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.2rem .8rem;margin:1.8rem 0 .6rem}.section-head h2{margin:0}
.explain{margin:-.2rem 0 .6rem}
.ctas+.digest-signup{max-width:36rem;margin:-.6rem 0 1.6rem;padding:.8rem 1rem;background:var(--surface);border:1px solid var(--border);border-radius:10px}
.boards{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:0}.boards a{display:inline-block;padding:.35rem .8rem;border:1px solid var(--border);border-radius:999px;background:var(--surface);text-decoration:none}</style>`;

/** The one query the home page shows: the flag sign-out lands with (any other parameter makes no other page). */
const signedOutQuery = (ctx: Context) => (ctx.query.signed_out === '1' ? 'signed_out=1' : '');

/**
 * The trending listings, read at most once every TRENDING_KEPT_MS (a failed read is not kept), less any that stopped
 * being live since it was read (hidden since, on any instance).
 */
function trendingReader(services: SiteDeps['services']) {
  let kept: { at: number; trending: ReturnType<typeof launchFeed> } | undefined;
  const trendingNow = (clock: { now: Date; timeZone: string }) => {
    if (!kept || performance.now() - kept.at > TRENDING_KEPT_MS) {
      const trending = launchFeed(services.db, 'trending', clock, { page: 1, per_page: 5 }, services.config.publicUrl, NO_TOTAL);
      kept = { at: performance.now(), trending };
      trending.catch(() => {
        kept = undefined; // a failed read is not kept
      });
    }
    return kept.trending;
  };
  return async (clock: { now: Date; timeZone: string }) => {
    const trending = await trendingNow(clock);
    const live = await liveNow(
      services.db,
      trending.items.map((l) => l.id),
    );
    return trending.items.filter((l) => live.has(l.id));
  };
}

/** /: the listings the site team features, today's and this week's launches by votes, upcoming launches, trending, and the boards. */
export function homeRoutes(router: Router, site: SiteDeps, keep: KeepPages): void {
  const { services } = site;
  const visibleTrending = trendingReader(services);
  // Kept for people not signed in until any listing changes: each section ranks them all. Sign-out lands on
  // /?signed_out=1 (auth/pages/signout.ts), kept as a page of its own: it says "You are signed out." first.
  router.get(
    '/',
    keep({ query: signedOutQuery }, async (ctx) => {
      const { db, config } = services;
      const { env, settings, account } = await visit(ctx, site);
      const clock = { now: services.now(), timeZone: settings.time_zone };
      const first = { page: 1, per_page: 10 };
      const [featured, today, week, upcoming, trending] = await Promise.all([
        featuredListings(db, config.publicUrl),
        launchFeed(db, 'today', clock, first, config.publicUrl, NO_TOTAL),
        launchFeed(db, 'this-week', clock, { page: 1, per_page: 20 }, config.publicUrl, NO_TOTAL),
        launchFeed(db, 'upcoming', clock, first, config.publicUrl, NO_TOTAL),
        visibleTrending(clock),
      ]);
      const thisWeek = resolveWeek('this', clock.now, clock.timeZone);
      const row = await rowButtons(ctx, site, account, [featured, today.items, week.items, trending], '/');
      const head = (id: string, title: string, more?: SafeHtml) =>
        html`<div class="section-head"><h2 id="${id}">${title}</h2>${more ?? ''}</div>`;
      renderSitePage(ctx, env, {
        title: HOME_HEADLINE,
        description: settings.site_purpose,
        path: '/',
        socialImage: cardPath.week(thisWeek.start),
        account,
        body: html`${HOME_STYLE}${!account && signedOutQuery(ctx) ? html`<p class="notice" role="status">You are signed out.</p>` : ''}<p class="intro">${settings.site_purpose}</p>
<p class="ctas"><a class="cta" href="/submit">Submit a product</a>${
          account
            ? html`<a class="cta secondary" href="/weeks/this">Vote on this week's launches</a>`
            : html`<a class="cta secondary" href="/signup">Sign up</a>`
        }</p>
${digestSignup('home-digest-email', "This week's top launches in your inbox")}
${
  featured.length
    ? html`<section class="panel featured" aria-labelledby="featured-heading"><h2 id="featured-heading">Featured by the site team</h2>${cardList(
        featured.map((l) => listingCard(withoutWeek(l), row(l, 'featured'))),
        '',
      )}</section>`
    : ''
}
${head('today-heading', 'Launched today', html`<span class="muted">${readableDay(todayIn(clock.now, clock.timeZone))}</span>`)}${cardList(
  today.items.map((l, i) => listingCard(withoutWeek(l), { rank: i + 1, ...row(l, 'today') })),
  html`Nothing launched today yet. See <a href="/weeks/this">this week's launches</a>, or <a href="/submit">submit yours</a>.`,
)}
${head('week-heading', 'This week', html`<span class="muted">${readableWeek(thisWeek.start)}</span>`)}${cardList(
  week.items.map((l, i) => listingCard(withoutWeek(l), { rank: i + 1, ...row(l, 'week') })),
  html`No launches yet this week — <a href="/submit">submit yours</a>.`,
)}
<p><a href="/weeks/this">All of this week's launches</a> · <a href="/weeks/last">Last week</a></p>
${head('trending-heading', 'Trending')}<p class="muted explain">Ranked by the votes of the last 14 days, the newest counting most: a vote's weight halves about every two days.</p>${cardList(
          trending.map((l, i) => listingCard(withoutWeek(l), { rank: i + 1, ...row(l, 'trending') })),
          html`Nothing is trending right now: votes of the last 14 days make the trend. <a href="/weeks/this">Vote on this week's launches</a>.`,
        )}
${head('upcoming-heading', 'Upcoming launches')}${cardList(
  upcoming.items.map((l) => listingCard(withoutWeek(l), { metric: l.launch_week ? `week of ${readableDay(l.launch_week)}` : 'upcoming' })),
  html`No launches are scheduled. <a href="/submit">Schedule yours</a>.`,
)}
${head('boards-heading', 'Leaderboards')}<ul class="boards">${BOARDS.map((b) => html`<li><a href="/leaderboards/${b}">${BOARD_INFO[b].title}</a>${b === 'billboard' ? html` <span class="paid">Paid ranking</span>` : ''}</li>`)}</ul>`,
      });
    }),
  );
}
