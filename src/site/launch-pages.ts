import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import { type Badge, describeBadge } from '../badges/embed.js';
import { BADGE_SHAPES } from '../badges/variants.js';
import type { ProblemError } from '../errors.js';
import { html, SafeHtml } from '../text/html.js';
import { renderSitePage, utcMinute } from '../web/layout.js';
import { ownerVisit, ownerLinks } from './owned-listing.js';
import type { OwnerListingWithModeration } from '../listings/owner-view.js';
import { runAsPerson } from './person-operation.js';
import type { SiteDeps, Visit } from './visit.js';

/** What get_my_listing answers (the parts the page uses). */
type OwnedListing = OwnerListingWithModeration;

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
    const owner = await ownerVisit(ctx, site);
    if (!owner) return;
    const { seen, listing } = owner;
    const notice = typeof ctx.query.done === 'string' && Object.hasOwn(OUTCOMES, ctx.query.done) ? OUTCOMES[ctx.query.done] : undefined;
    await launchPage(ctx, seen, site, listing, notice);
  });

  // The free launch, and the homepage check again (choose_free_listing does both: at most once a minute).
  router.post('/account/listings/:id/free', async (ctx) => {
    const owner = await ownerVisit(ctx, site, `/account/listings/${ctx.params.id}/launch`);
    if (!owner) return;
    const { seen, listing } = owner;
    const outcome = await runAsPerson(ctx, site, seen.account, 'choose_free_listing', { listing_id: listing.listing_id, view: 'brief' });
    if (!outcome.ok) return launchPage(ctx, seen, site, listing, undefined, outcome.problem);
    ctx.status = 303;
    ctx.redirect(`/account/listings/${listing.listing_id}/launch?done=${String(outcome.result.outcome)}`);
  });
}

async function launchPage(
  ctx: Context,
  seen: Visit & { account: AccountRecord },
  site: SiteDeps,
  listing: OwnedListing,
  notice?: string,
  problem?: ProblemError,
): Promise<void> {
  // A refusal's status stays; a page shown without one is a 200 (Koa's status is 404 until a body is set).
  const status = problem ? ctx.status : 200;
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
    body: html`${ownerLinks(listing, `/account/listings/${listing.listing_id}/launch`)}${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}${problem ? html`<p class="error" role="alert">${problem.detail ?? problem.title}</p>` : ''}
${statusPart(ctx, site, listing)}
${badges.length > 0 ? badgeList(badges) : ''}
`,
  });
  if (badges.length > 0) allowCopyScript(ctx);
}

function statusPart(ctx: Context, site: SiteDeps, listing: OwnedListing): SafeHtml {
  const free = html`<form method="post" action="/account/listings/${String(listing.listing_id)}/free">${site.kit.csrfField(ctx)}`;
  switch (listing.status) {
    case 'draft':
      return html`<h2>Free launch</h2>
<p>Your listing is given a launch week 6 to 8 weeks from now. It goes live that week once the directory finds its badge on your homepage (it looks daily, or when you ask).</p>
${free}<button type="submit">Launch for free</button></form>
<h2>Paid launch</h2><p class="muted">A paid launch picks an earlier week and needs no badge.</p>
<p><a href="/account/listings/${String(listing.listing_id)}/paid">Choose a paid launch</a></p>`;
    case 'awaiting_badge': {
      const check = listing.badge_check;
      return html`<p class="notice" role="status">Queued for the week of <strong>${listing.launch_week ?? '—'}</strong>. Put a badge below on your homepage: once the directory finds it, the listing is scheduled for that week and goes live when it begins.</p>
<p>${check?.last_checked_at ? `Last checked ${utcMinute(check.last_checked_at)}: ${check.found ? 'the badge was found' : 'no badge was found'} on ${check.looking_for.page}.` : 'Your homepage has not been checked yet.'}${
        check?.next_check_at ? ` Next daily check: ${utcMinute(check.next_check_at)}.` : ''
      }</p>
${free}<button type="submit">Check my homepage now</button></form>
<p class="muted">A check reads your homepage once a minute at most.</p>
<p>Rather launch sooner, with no badge? <a href="/account/listings/${String(listing.listing_id)}/paid">Choose a paid launch</a></p>`;
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

/**
 * The copy buttons' script: the page works without it (each code box is selectable), and with it each shape gets a
 * "Copy the code" button. Inline, allowed by its hash alone: the page runs no other script.
 */
const COPY_SCRIPT =
  "for(const b of document.querySelectorAll('button[data-copy]')){b.hidden=false;b.addEventListener('click',async()=>{const box=document.getElementById(b.dataset.copy);try{await navigator.clipboard.writeText(box.value);b.textContent='Copied';}catch{box.select();b.textContent='Selected: press Ctrl+C';}});}";
const COPY_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COPY_SCRIPT).digest('base64')}'`;

function allowCopyScript(ctx: Context): void {
  ctx.set('Content-Security-Policy', `${ctx.response.get('Content-Security-Policy')}; script-src ${COPY_SCRIPT_HASH}`);
}

/** Each badge shape: its preview and its code to paste, selectable, and a copy button where scripts run. */
function badgeList(badges: Badge[]): SafeHtml {
  return html`<h2>Your badge</h2><p>Paste one of these into your homepage's HTML. Each shape follows your visitors' light or dark mode.</p>
${badges.map(
  (badge) => html`<figure style="margin:0 0 1.2rem"><figcaption><strong>${badge.shape}</strong></figcaption>
<img src="${new URL(badge.svg_url).pathname}" alt="The ${badge.shape} badge" width="${String(badge.width)}" height="${String(badge.height)}" style="max-width:100%;height:auto">
<label for="code-${badge.shape}" class="muted" style="display:block">HTML</label>
<textarea id="code-${badge.shape}" readonly rows="3" style="width:100%;font-family:monospace">${badge.embed_html}</textarea>
<button type="button" data-copy="code-${badge.shape}" hidden>Copy the code</button></figure>`,
)}<script>${new SafeHtml(COPY_SCRIPT)}</script>`;
}
