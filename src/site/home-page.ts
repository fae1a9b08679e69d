import type Router from '@koa/router';
import { type SiteDeps, visit } from './visit.js';
import { html } from '../text/html.js';
import { launchFeed } from '../catalogue/launch-feed.js';
import { resolveWeek, weekLabel } from '../catalogue/weeks.js';
import { BOARD_INFO, BOARDS } from '../catalogue/leaderboards.js';
import { featuredListings, liveNow } from '../moderation/featured.js';
import { cardList, listingCard, renderSitePage } from '../web/layout.js';
import { cardPath } from '../cards/cards.js';
import { rowVotes } from './list-votes.js';
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

/** /: the listings the site team features, today's and this week's launches by votes, upcoming launches, trending, and the boards. */
export function homeRoutes(router: Router, site: SiteDeps, keep: KeepPages): void {
  const { services } = site;
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
  const visibleTrending = async (clock: { now: Date; timeZone: string }) => {
    const trending = await trendingNow(clock);
    const live = await liveNow(
      services.db,
      trending.items.map((l) => l.id),
    );
    return trending.items.filter((l) => live.has(l.id));
  };
  // Kept for people not signed in until any listing changes: each section ranks them all.
  router.get(
    '/',
    keep({}, async (ctx) => {
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
      const vote = await rowVotes(ctx, site, account, [featured, today.items, week.items, trending]);
      renderSitePage(ctx, env, {
        title: settings.site_name,
        description: settings.site_purpose,
        path: '/',
        socialImage: cardPath.week(thisWeek.start),
        account,
        body: html`<p>${settings.site_purpose}</p>
${
  featured.length
    ? html`<section class="panel featured" aria-labelledby="featured-heading"><h2 id="featured-heading">Featured by the site team</h2>${cardList(
        featured.map((l) => listingCard(l, { vote: vote(l) })),
        '',
      )}</section>`
    : ''
}
<h2>Launched today</h2>${cardList(
          today.items.map((l, i) => listingCard(l, { rank: i + 1, vote: vote(l) })),
          html`Nothing launched today yet. See <a href="/weeks/this">this week's launches</a>, or <a href="/about#submit">submit yours</a>.`,
        )}
<h2>This week: ${weekLabel(thisWeek)}</h2>${cardList(
          week.items.map((l, i) => listingCard(l, { rank: i + 1, vote: vote(l) })),
          html`No launches yet this week — <a href="/about#submit">submit yours</a>.`,
        )}
<p><a href="/weeks/this">All of this week's launches</a> · <a href="/weeks/last">Last week</a></p>
<h2>Trending</h2>${cardList(
          trending.map((l, i) => listingCard(l, { rank: i + 1, vote: vote(l) })),
          html`Nothing is trending right now: votes of the last 14 days make the trend. <a href="/weeks/this">Vote on this week's launches</a>.`,
        )}
<h2>Upcoming launches</h2>${cardList(
          upcoming.items.map((l) => listingCard(l, { metric: l.launch_week ? `week of ${l.launch_week}` : 'upcoming' })),
          html`No launches are scheduled. <a href="/about#submit">Schedule yours</a>.`,
        )}
<h2>Leaderboards</h2><ul>${BOARDS.map((b) => html`<li><a href="/leaderboards/${b}">${BOARD_INFO[b].title}</a>${b === 'billboard' ? html` <span class="paid">Paid ranking</span>` : ''}</li>`)}</ul>`,
      });
    }),
  );
}
