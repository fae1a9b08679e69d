import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import { type Badge, describeBadge } from '../badges/embed.js';
import { BADGE_SHAPES } from '../badges/variants.js';
import type { ProblemError } from '../errors.js';
import { html, type SafeHtml } from '../text/html.js';
import { renderSitePage } from '../web/layout.js';
import { notFoundPage } from './not-found.js';
import { runAsPerson } from './person-operation.js';
import { type SiteDeps, signedInVisit, type Visit } from './visit.js';

/** What get_my_listing answers that the launch page shows. */
interface OwnedListing {
  listing_id: number;
  status: string;
  launch_week: string | null;
  badge_check: { last_checked_at: string | null; found: boolean; next_check_at: string | null; looking_for: { page: string } } | null;
  profile: { slug: string; name: string; profile_url: string };
}

/** What get_badges answers that the page uses: the listing's awards, which every shape's embed carries. */
interface BadgesAnswer {
  listing: { slug: string; name: string; profile_url: string };
  awards: { title: string; week: string; proof_url: string }[];
}

/** How the page names what choose_free_listing did. */
const OUTCOMES: Record<string, string> = {
  queued: 'Your listing joined the free launch queue.',
  checked: 'Your homepage was read just now.',
  checked_recently: 'Your homepage was read less than a minute ago: try again in a minute.',
};

/**
 * The launch of a saved listing, for its owners: the free launch (choose_free_listing: a launch week 6 to 8 weeks
 * out, live that week once the badge is found on the homepage), the badge's code in every shape with its preview,
 * and "Check my homepage now". Others' listings answer 404, as the tools do.
 */
export function launchRoutes(router: Router, site: SiteDeps): void {
  router.get('/account/listings/:id/launch', async (ctx) => {
    const seen = await signedInVisit(ctx, site);
    if (!seen) return;
    const listing = await ownListing(ctx, site, seen);
    if (!listing) return;
    const notice = typeof ctx.query.done === 'string' && Object.hasOwn(OUTCOMES, ctx.query.done) ? OUTCOMES[ctx.query.done] : undefined;
    await launchPage(ctx, seen, site, listing, notice);
  });

  // The free launch, and the homepage check again (choose_free_listing does both: at most once a minute).
  router.post('/account/listings/:id/free', async (ctx) => {
    const seen = await signedInVisit(ctx, site, `/account/listings/${ctx.params.id}/launch`);
    if (!seen) return;
    const listing = await ownListing(ctx, site, seen);
    if (!listing) return;
    const outcome = await runAsPerson(ctx, site, seen.account, 'choose_free_listing', { listing_id: listing.listing_id, view: 'brief' });
    if (!outcome.ok) return launchPage(ctx, seen, site, listing, undefined, outcome.problem);
    ctx.status = 303;
    ctx.redirect(`/account/listings/${listing.listing_id}/launch?done=${String(outcome.result.outcome)}`);
  });
}

async function ownListing(ctx: Context, site: SiteDeps, seen: Visit & { account: AccountRecord }): Promise<OwnedListing | undefined> {
  const id = Number(ctx.params.id);
  if (Number.isSafeInteger(id) && id > 0) {
    const outcome = await runAsPerson(ctx, site, seen.account, 'get_my_listing', { listing_id: id });
    if (outcome.ok) return outcome.result as unknown as OwnedListing;
  }
  notFoundPage(ctx, seen.env, seen.account, 'You have no listing at this address.');
  return undefined;
}

async function launchPage(
  ctx: Context,
  seen: Visit & { account: AccountRecord },
  site: SiteDeps,
  listing: OwnedListing,
  notice?: string,
  problem?: ProblemError,
): Promise<void> {
  const status = ctx.status;
  const badges =
    listing.status === 'draft' || listing.status === 'hidden' ? [] : await badgesOf(ctx, site, seen.account, listing.profile.slug);
  ctx.status = status;
  renderSitePage(ctx, seen.env, {
    title: `Launch ${listing.profile.name}`,
    description: 'Launch your listing.',
    path: ctx.path,
    account: seen.account,
    noindex: true,
    noStore: true,
    body: html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}${problem ? html`<p class="error" role="alert">${problem.detail ?? problem.title}</p>` : ''}
${statusPart(ctx, site, listing)}
${badges.length > 0 ? badgeList(badges) : ''}
<p><a href="/account">Your account</a></p>`,
  });
}

function statusPart(ctx: Context, site: SiteDeps, listing: OwnedListing): SafeHtml {
  const free = html`<form method="post" action="/account/listings/${String(listing.listing_id)}/free">${site.kit.csrfField(ctx)}`;
  switch (listing.status) {
    case 'draft':
      return html`<h2>Free launch</h2>
<p>Your listing is given a launch week 6 to 8 weeks from now. It goes live that week once the directory finds its badge on your homepage (it looks daily, or when you ask).</p>
${free}<button type="submit">Launch for free</button></form>
<h2>Paid launch</h2><p class="muted">A paid launch picks an earlier week and needs no badge. On the site it comes next; an assistant can quote and buy it now.</p>`;
    case 'awaiting_badge': {
      const check = listing.badge_check;
      return html`<p class="notice" role="status">Queued for the week of <strong>${listing.launch_week ?? '—'}</strong>. Put a badge below on your homepage: once the directory finds it, the listing is scheduled for that week and goes live when it begins.</p>
<p>${check?.last_checked_at ? `Last checked ${check.last_checked_at.slice(0, 16).replace('T', ' ')} UTC: ${check.found ? 'the badge was found' : 'no badge was found'} on ${check.looking_for.page}.` : 'Your homepage has not been checked yet.'}${
        check?.next_check_at ? ` Next daily check: ${check.next_check_at.slice(0, 16).replace('T', ' ')} UTC.` : ''
      }</p>
${free}<button type="submit">Check my homepage now</button></form>
<p class="muted">A check reads your homepage once a minute at most.</p>`;
    }
    case 'scheduled':
      return html`<p class="notice" role="status">Scheduled for the week of <strong>${listing.launch_week ?? '—'}</strong>: it goes live when that week begins. Keep the badge on your homepage.</p>`;
    case 'live':
      return html`<p class="notice" role="status">Live: <a href="${listing.profile.profile_url}">${listing.profile.profile_url}</a>.</p>`;
    default:
      return html`<p>The site team hid this listing: it is not shown in the directory.</p>`;
  }
}

/** The badge in every shape: get_badges once (the listing and its awards), then each shape as it describes them. */
async function badgesOf(ctx: Context, site: SiteDeps, account: AccountRecord, slug: string): Promise<Badge[]> {
  const answer = await runAsPerson(ctx, site, account, 'get_badges', { slug });
  if (!answer.ok) return [];
  const { listing, awards } = answer.result as unknown as BadgesAnswer;
  const target = {
    listingSlug: listing.slug,
    listingName: listing.name,
    profileUrl: listing.profile_url,
    siteName: (await site.settings()).site_name,
    publicUrl: site.services.config.publicUrl,
    awards,
  };
  return BADGE_SHAPES.map((shape) => describeBadge(target, { shape, mode: 'auto', size: 'm' }));
}

/** Each badge shape: its preview and its code to paste, selectable (the page runs no script). */
function badgeList(badges: Badge[]): SafeHtml {
  return html`<h2>Your badge</h2><p>Paste one of these into your homepage's HTML. Each shape follows your visitors' light or dark mode.</p>
${badges.map(
  (badge) => html`<figure style="margin:0 0 1.2rem"><figcaption><strong>${badge.shape}</strong></figcaption>
<img src="${new URL(badge.svg_url).pathname}" alt="The ${badge.shape} badge" width="${String(badge.width)}" height="${String(badge.height)}" style="max-width:100%;height:auto">
<label for="code-${badge.shape}" class="muted" style="display:block">HTML</label>
<textarea id="code-${badge.shape}" readonly rows="3" style="width:100%;font-family:monospace">${badge.embed_html}</textarea></figure>`,
)}`;
}
