import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import type { AccountRecord } from '../accounts/accounts.js';
import { NotFoundError } from '../errors.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { addDays, todayIn } from '../catalogue/weeks.js';
import { loadListingStats, statsCsv, type ListingStats } from '../listings/listing-stats.js';
import { ownedListingStatus } from '../listings/ownership.js';
import { renderCardPage } from '../web/layout.js';
import { chartFigure, type Chart } from './stats-charts.js';
import { signedInCardVisit, type SiteDeps } from './visit.js';

const PAGE = '/account/listings/:id/stats';
const pagePath = (id: number) => `/account/listings/${id}/stats`;
const PERIODS = [7, 30, 90, 365] as const;
const DEFAULT_DAYS = 30;
/** The statuses of a listing that has not launched yet: nothing is counted before its launch day. */
const BEFORE_LAUNCH = new Set(['draft', 'awaiting_badge', 'scheduled']);

/** A listing's statistics and whether it has launched (a listing hidden by the site team after its launch has). */
type StatsOf = ListingStats & { launched: boolean };

/**
 * An owner's statistics page for a listing (issue 34): views and visitors, clicks to the website, votes and the
 * launch week's rank as server-drawn SVG charts of one look (stats-charts.ts), each with its numbers in a closed
 * table; the sites showing the badge; the period as plain links (?days=7, 30, 90, 365); and the series as a CSV
 * download (…/stats.csv, same ?days=). Before the listing launches, a sentence says the numbers start on launch day
 * (with its launch week when it has one) and links its launch page, instead of charts of zeros. No script. Signed in
 * only; another account's listing is as unknown as a missing one (404).
 */
export function listingStatsRoutes(router: Router, site: SiteDeps): void {
  router.get(PAGE, async (ctx) => {
    const account = await signedInCardVisit(ctx, site);
    if (!account) return;
    const stats = await statsOf(ctx, site, account);
    if (!stats) return noSuchListing(ctx, account);
    renderCardPage(ctx, `Statistics of ${stats.name}`, statsBody(stats), { signedInEmail: account.email, wide: true });
  });

  router.get(`${PAGE}.csv`, async (ctx) => {
    const account = await signedInCardVisit(ctx, site, ctx.path.replace(/\.csv$/, ''));
    if (!account) return;
    const stats = await statsOf(ctx, site, account);
    if (!stats) return noSuchListing(ctx, account);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    // The slug is [a-z0-9-] and the dates digits and hyphens: nothing in the name needs quoting or encoding.
    ctx.set('Content-Disposition', `attachment; filename="${stats.slug}-stats-${stats.from}-to-${stats.to}.csv"`);
    ctx.body = statsCsv(stats);
  });
}

/** The period a ?days= asks for: a whole number from 7 to 365, otherwise the default month. */
function daysOf(ctx: Context): number {
  const days = Number(ctx.query.days);
  return Number.isInteger(days) && days >= 7 && days <= 365 ? days : DEFAULT_DAYS;
}

/** The statistics of the path's listing for the signed-in owner; undefined when the account owns no such listing. */
async function statsOf(ctx: Context, site: SiteDeps, account: AccountRecord): Promise<StatsOf | undefined> {
  const id = Number(ctx.params.id);
  if (!(Number.isInteger(id) && id > 0 && id <= 2_147_483_647)) return undefined;
  const { db, now } = site.services;
  const { time_zone: timeZone } = await loadSiteSettings(db);
  const period = { accountId: account.id, listingId: id, days: daysOf(ctx), today: todayIn(now(), timeZone), timeZone };
  const read = async () => {
    const status = await ownedListingStatus(db, account.id, id);
    return { ...(await loadListingStats(db, period)), launched: !BEFORE_LAUNCH.has(status) };
  };
  return read().catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
}

function noSuchListing(ctx: Context, account: AccountRecord): void {
  ctx.status = 404;
  renderCardPage(
    ctx,
    'No such listing',
    html`<p class="error" role="alert">You own no listing with that number.</p><p><a href="/account">Back to your account</a></p>`,
    { signedInEmail: account.email },
  );
}

/**
 * Before launch: what the page will show and when it starts, the launch week when one is chosen, a link to the launch
 * page; and the badge's sites, which count from the day the badge is put up.
 */
function notLaunchedBody(stats: ListingStats): SafeHtml {
  const launchPage = `/account/listings/${stats.listing_id}/launch`;
  const when = stats.launch_week
    ? html`${stats.name} launches in the week of ${stats.launch_week}.`
    : html`${stats.name} has no launch week yet.`;
  return html`<p class="empty" id="not-launched"><strong>The numbers start on launch day.</strong> ${when} From then on this page shows its views, visitors, clicks to the website, votes and its rank in the launch week, day by day.</p>
<p class="actions"><a href="${launchPage}">${stats.launch_week ? 'See its launch page' : 'Choose a launch week on its launch page'}</a><a href="/account/listings/${stats.listing_id}/images">Images of the listing</a></p>
${stats.badge_referrers.length > 0 ? referrersTable(stats) : ''}`;
}

function statsBody(stats: StatsOf): SafeHtml {
  if (!stats.launched) return notLaunchedBody(stats);
  const path = pagePath(stats.listing_id);
  const days = stats.days.map((d) => d.day);
  const { totals } = stats;
  const column = <K extends keyof ListingStats['days'][number]>(key: K) => stats.days.map((d) => d[key]);
  const period = `from ${stats.from} to ${stats.to}`;
  const charts: Chart[] = [
    {
      id: 'views',
      title: 'Views and visitors',
      desc: `Page views (bars) and unique visitors (line) per day ${period}: ${totals.views} views, ${totals.visitors} visitors.${busiest(stats, 'views')}`,
      days,
      series: [
        { label: 'Views', values: column('views'), kind: 'bar' },
        { label: 'Visitors', values: column('visitors'), kind: 'line' },
      ],
    },
    {
      id: 'clicks',
      title: 'Clicks to the website',
      desc: `Visits to the website from the listing page per day ${period}: ${totals.clicks} in all.${busiest(stats, 'clicks')}`,
      days,
      series: [{ label: 'Clicks', values: column('clicks'), kind: 'bar' }],
    },
    {
      id: 'votes',
      title: 'Votes',
      desc: `Votes per day ${period}: ${totals.votes} in all.${busiest(stats, 'votes')}`,
      days,
      series: [{ label: 'Votes', values: column('votes'), kind: 'bar' }],
    },
  ];
  return html`<p>What <a href="/listings/${stats.slug}">${stats.name}</a> did ${period} (days in the site's time zone). Views count people only, never bots; nothing here names a visitor.</p>
<nav aria-label="Period" class="actions">${PERIODS.map((n) =>
    n === stats.days.length
      ? html`<a href="${path}?days=${n}" aria-current="page"><strong>${n} days</strong></a>`
      : html`<a href="${path}?days=${n}">${n} days</a>`,
  )}</nav>
<p><a href="${path}.csv?days=${stats.days.length}" download>Download these days as CSV</a> · <a href="/account/listings/${stats.listing_id}/images">Images of the listing</a></p>
${totalsTable(stats)}
${charts.map(chartFigure)}
${rankSection(stats)}
${referrersTable(stats)}`;
}

/** " Most on 2026-11-23 (12)." for the day with the most of `key`, or nothing when every day is zero. */
function busiest(stats: ListingStats, key: 'views' | 'clicks' | 'votes'): string {
  const best = stats.days.reduce((top, day) => (day[key] > top[key] ? day : top), stats.days[0]!);
  return best[key] > 0 ? ` Most on ${best.day} (${best[key]}).` : '';
}

function totalsTable(stats: ListingStats): SafeHtml {
  const { totals } = stats;
  const rows: [string, number | string][] = [
    ['Views', totals.views],
    ['Visitors (each counted once a day)', totals.visitors],
    ['Clicks to the website', totals.clicks],
    ['Votes', totals.votes],
    ['New followers', totals.followers],
    ['Comments', totals.comments],
    ['Reviews', totals.reviews],
    ['Badge images shown', totals.badge_impressions],
    ['Best rank in the launch week', totals.best_rank === null ? '–' : `#${totals.best_rank}`],
  ];
  return html`<h2 id="totals-title">Totals of the ${stats.days.length} days</h2>
<dl class="totals" id="totals" aria-labelledby="totals-title">${rows.map(([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>`;
}

/** The rank chart over the launch week's days within the period, or why there is none. */
function rankSection(stats: ListingStats): SafeHtml {
  const week = stats.launch_week;
  const inWeek = week ? stats.days.filter((d) => d.day >= week && d.day <= addDays(week, 6)) : [];
  if (!week || inWeek.length === 0) {
    return html`<h2>Rank in the launch week</h2><p class="muted">The launch week is not in these days${week ? html` (it starts ${week})` : ''}.</p>`;
  }
  const ranked = inWeek.filter((d) => d.rank !== null);
  const last = ranked.at(-1);
  return chartFigure({
    id: 'rank',
    title: 'Rank in the launch week',
    desc: last
      ? `Rank on the weekly board each day of the launch week starting ${week}: best #${stats.totals.best_rank}, last recorded #${last.rank} on ${last.day}.`
      : `No rank was recorded in the launch week starting ${week}.`,
    days: inWeek.map((d) => d.day),
    series: [{ label: 'Rank', values: inWeek.map((d) => d.rank), kind: 'line' }],
    rank: true,
  });
}

function referrersTable(stats: ListingStats): SafeHtml {
  if (stats.badge_referrers.length === 0) {
    return html`<h2>Sites showing the badge</h2><p class="muted">No badge image was requested in these days.</p>`;
  }
  return html`<h2>Sites showing the badge</h2>
<table id="referrers"><caption>Badge images by referring site (the page's host only)</caption>
<thead><tr><th scope="col">Site</th><th scope="col">Badge images shown</th></tr></thead>
<tbody>${stats.badge_referrers.map(
    (r) =>
      html`<tr><th scope="row">${r.host ?? html`<em>No referrer</em> (apps, mail, privacy settings)`}</th><td>${r.impressions}</td></tr>`,
  )}</tbody></table>`;
}
