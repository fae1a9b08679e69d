import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import { type SiteDeps, visit } from './visit.js';
import { runAsPerson } from './person-operation.js';
import type { OwnerListing } from '../listings/owner-view.js';
import { ownedListingIdBySlug } from '../listings/ownership.js';
import { html, type SafeHtml } from '../text/html.js';
import { type ListingProfile, loadListingProfile } from '../catalogue/listing-profile.js';
import { listAlternatives } from '../catalogue/alternatives.js';
import { listAwards } from '../catalogue/awards.js';
import { toSummary } from '../catalogue/listing-summary.js';
import { todayIn } from '../catalogue/weeks.js';
import { castVote, withdrawVote } from '../community/votes.js';
import { setFollowing } from '../community/follows.js';
import { ownStanding } from '../community/own-standing.js';
import { findPublicListingId, type PageViews } from '../community/page-views.js';
import { ProblemError } from '../errors.js';
import { SLUG_PATTERN } from '../schema.js';
import { badgeSvgUrl } from '../badges/variants.js';
import { fileListingReport } from '../moderation/reports.js';
import { reportForm } from './report-form.js';
import { contentReportRoutes } from './content-report-routes.js';
import { refused } from './refused-page.js';
import { COMMENT_FLASH, commentRoutes, commentsPage, commentsSection } from './listing-comments.js';
import { REVIEW_FLASH, reviewRoutes, reviewsSection } from './listing-reviews.js';
import { cardList, listingCard, listingLogo, renderSitePage, type SiteEnv, webUrl } from '../web/layout.js';
import { notFoundPage } from './not-found.js';
import { rowVotesOf, sameSitePath } from './list-votes.js';
import { cardPath } from '../cards/cards.js';
import { COUNTED_PAGE_CACHE, keepPage, type KeepPages, type KeptRoute } from './kept-pages.js';

/**
 * /listings/{slug}: everything get_listing shows (the paid sections only when unlocked), with vote and follow
 * forms (plain POST forms with CSRF; no script), alternatives, awards and the badge. POST .../vote, .../unvote,
 * .../follow and .../unfollow act for the signed-in person and come back to the page with what happened;
 * POST .../report files the person's report for the moderators (one open report per person and listing).
 */
export function listingRoutes(router: Router, site: SiteDeps, views: PageViews | undefined, keep: KeepPages): void {
  const { services, kit } = site;
  router.get(
    '/listings/:slug',
    keep(keptListingPage(site, views), async (ctx) => {
      const slug = ctx.params.slug ?? '';
      const profile = SLUG_PATTERN.test(slug) ? await loadListingProfile(services.db, slug, services.config.publicUrl) : null;
      const { env, settings, account } = await visit(ctx, site);
      // Not public: its owners see a preview (never kept: kept pages are only for people not signed in); others a 404.
      if (!profile && !(account && (await ownerPreview(ctx, site, env, account, slug))))
        return notFoundPage(ctx, env, account, 'No listing has this address. It may not be published yet.');
      if (!profile) return;
      views?.record(
        profile.id,
        { address: ctx.ip, userAgent: ctx.get('user-agent') || undefined },
        todayIn(services.now(), settings.time_zone),
      );
      const csrf = account ? kit.csrfField(ctx) : undefined;
      const sectionView = { ctx, site, listing: profile, account, csrf };
      const shown = shownListings(site, slug, profile.id, account);
      const [others, awards, reviews, comments, own] = await Promise.all([
        shown.others,
        listAwards(services.db, { listing: slug }, { page: 1, per_page: 10 }, services.config.publicUrl, services.signAward, false),
        reviewsSection(sectionView),
        commentsSection(sectionView),
        shown.own,
      ]);
      const voted = own?.voted.has(profile.id) ?? false;
      const following = own?.following ?? false;
      const vote = rowVotesOf(ctx, site, own?.voted);
      const actions = csrf
        ? html`<div class="actions">${actionForm(csrf, slug, voted ? 'unvote' : 'vote', voted ? `Voted (${profile.votes}) · take back` : `Vote (${profile.votes})`, profile.status !== 'live')}${actionForm(csrf, slug, following ? 'unfollow' : 'follow', following ? 'Following · stop' : 'Follow')}</div>`
        : html`<div class="actions"><a href="${kit.signInPath(`/listings/${slug}`)}">Sign in to vote or follow</a> <span class="muted">${profile.votes} votes · ${profile.follows} followers</span></div>`;
      renderSitePage(ctx, env, {
        title: profile.name,
        description: `${profile.name}: ${profile.tagline}`.slice(0, 300),
        path: `/listings/${slug}`,
        account,
        ogType: 'product',
        image: profile.logo_url,
        socialImage: cardPath.listing(slug),
        jsonLd: jsonLd(profile),
        body: html`${flash(ctx.query.done)}<div class="lead">${listingLogo(profile, true)}<div><p class="tagline">${profile.tagline}</p>
<p>${webUrl(profile.url) ? html`<a href="${webUrl(profile.url)}" rel="nofollow noopener" ping="/listings/${slug}/click">${new URL(profile.url).host}</a> · ` : ''}<a href="/categories/${profile.primary_category.slug}">${profile.primary_category.name}</a> · ${profile.status === 'live' ? `launched week of ${profile.launch_week}` : `launching the week of ${profile.launch_week}`}</p></div></div>
${actions}
<p class="muted">Is this your product? <a href="/listings/${slug}/claim">Claim it</a></p>
${profileSections(profile, services.config.publicUrl)}
${reviews}
${comments}
<h2 id="trophies">Trophy cabinet</h2>${cardList(
          awards.items.map(
            (a) =>
              html`<li class="card"><div class="body"><a href="/weeks/${a.week}">${a.title}</a>, week of ${a.week} · <a href="${a.proof_url}">signed proof</a></div><span class="metric">${a.votes} votes</span></li>`,
          ),
          'No awards yet.',
        )}
<h2>Alternatives</h2>${cardList(
          others.map((l) => listingCard(l, { vote: vote(l) })),
          'No alternatives listed.',
        )}
<h2>Badge</h2><p><img src="${badgeSvgUrl(services.config.publicUrl, slug, { shape: 'standard', mode: 'light', size: 'm' })}" alt="${profile.name} on ${settings.site_name}" height="54"></p><p class="muted">Founders: embed codes come from get_badges (<a href="/api/v1/listings/${slug}/badges">API</a>).</p>
${csrf ? reportForm(csrf, `/listings/${slug}/report`, 'Report this listing to the site team') : html`<p class="muted"><a href="${kit.signInPath(`/listings/${slug}`)}">Sign in to report this listing</a> to the site team.</p>`}`,
      });
      allowPings(ctx);
      // Kept for people not signed in until the listing or one of its alternatives changes.
      if (!account) keepPage(ctx, [profile.id, ...others.map((l) => l.id)], profile.id);
    }),
  );

  for (const action of ['vote', 'unvote', 'follow', 'unfollow'] as const) {
    router.post(`/listings/:slug/${action}`, async (ctx) => {
      const slug = ctx.params.slug ?? '';
      // A vote from a list's row comes back to the list (a path of this site only), with the row's vote shown.
      const list = action === 'vote' || action === 'unvote' ? sameSitePath(kit.form(ctx).return_to) : undefined;
      const back = list ?? `/listings/${slug}`;
      const { env, settings, account } = await visit(ctx, site);
      if (!account) return ctx.redirect(kit.signInPath(back));
      try {
        const now = services.now();
        if (action === 'vote') await castVote(services.db, slug, account, now, ctx.ip, settings);
        else if (action === 'unvote') await withdrawVote(services.db, slug, account, now);
        else await setFollowing(services.db, slug, account, action === 'follow', now);
        // The next page read on this instance, kept or not, shows the change.
        await services.resultCache.catchUp();
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
        return refused(ctx, env, account, error);
      }
      ctx.status = 303;
      ctx.redirect(list ?? `${back}?done=${action}`);
    });
  }

  reviewRoutes(router, site);
  contentReportRoutes(router, site);
  commentRoutes(router, site);
  reportRoute(router, site);
}

/**
 * A listing page's alternatives, and the signed-in person's standing among the listings it shows (their votes, their
 * follow), read as soon as the alternatives are: while the page's other sections are still being read.
 */
function shownListings(site: SiteDeps, slug: string, listingId: number, account: AccountRecord | undefined) {
  const { db, config } = site.services;
  const others = listAlternatives(db, slug, { limit: 5, offset: 0, count: false }).then((alternatives) =>
    (alternatives?.rows ?? []).map((row) => toSummary(row, config.publicUrl)),
  );
  const own = account
    ? others.then((listings) =>
        ownStanding(
          db,
          account,
          listingId,
          listings.map((l) => l.id),
        ),
      )
    : undefined;
  return { others, own };
}

/**
 * A listing page for people not signed in: one page per flash message and page of the discussion (the only query
 * it shows); a kept page still counts its view, as the rendering does, and so does a 304: a CDN in front asks every time.
 */
function keptListingPage(site: SiteDeps, views: PageViews | undefined): KeptRoute {
  return {
    cacheControl: COUNTED_PAGE_CACHE,
    query: (ctx) => {
      const done = typeof ctx.query.done === 'string' && FLASH[ctx.query.done] ? ctx.query.done : '';
      return `done=${done}&comments=${commentsPage(ctx)}`;
    },
    served: (ctx, page, { settings }) => {
      if (page.viewed === undefined) return;
      const client = { address: ctx.ip, userAgent: ctx.get('user-agent') || undefined };
      views?.record(page.viewed, client, todayIn(site.services.now(), settings.time_zone));
    },
  };
}

/** POST /listings/{slug}/report: the signed-in person's report of the listing, for the moderators. */
function reportRoute(router: Router, site: SiteDeps): void {
  const { services, kit } = site;
  router.post('/listings/:slug/report', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    const back = `/listings/${slug}`;
    const { env, account } = await visit(ctx, site);
    if (!account) return ctx.redirect(kit.signInPath(back));
    const form = kit.form(ctx);
    let filed: boolean;
    try {
      ({ filed } = await fileListingReport(services.db, {
        slug,
        reporterId: account.id,
        reason: form.reason,
        details: form.details,
        now: services.now(),
      }));
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      return refused(ctx, env, account, error);
    }
    ctx.status = 303;
    ctx.redirect(`${back}?done=${filed ? 'report' : 'reported'}`);
  });
}

/** How the preview names a listing's status. */
const PREVIEW_STATUS: Record<string, string> = {
  draft: 'saved, not launched yet',
  awaiting_badge: 'queued for a free launch, waiting for the badge on your homepage',
  scheduled: 'scheduled for its launch week',
  hidden: 'hidden by the site team',
};

/**
 * The page of an unpublished listing for one of its owners (get_my_listing, as the person): marked as a preview, out
 * of search engines and caches, with the sections the public would see. False when the person owns no such listing.
 */
async function ownerPreview(ctx: Context, site: SiteDeps, env: SiteEnv, account: AccountRecord, slug: string): Promise<boolean> {
  const { services } = site;
  const owned = SLUG_PATTERN.test(slug) ? await ownedListingIdBySlug(services.db, account.id, slug) : undefined;
  if (owned === undefined) return false;
  const outcome = await runAsPerson(ctx, site, account, 'get_my_listing', { listing_id: owned });
  if (!outcome.ok) return false;
  const listing = outcome.result as unknown as OwnerListing;
  const p = listing.profile;
  const profile = {
    ...p,
    ...(!listing.unlocked_sections.includes('story') && { story: undefined }),
    ...(!listing.unlocked_sections.includes('milestones') && { milestones: undefined }),
    ...(!listing.unlocked_sections.includes('media') && { media: undefined }),
  };
  const launch = `/account/listings/${listing.listing_id}/launch`;
  renderSitePage(ctx, env, {
    title: p.name,
    description: `Preview of ${p.name}`,
    path: ctx.path,
    account,
    noindex: true,
    noStore: true,
    body: html`<p class="notice" role="status" style="background:var(--paid-bg);border-color:var(--paid-border);color:var(--paid-fg)"><strong>Preview: not public yet</strong> — ${PREVIEW_STATUS[listing.status] ?? listing.status}${listing.launch_week ? ` (week of ${listing.launch_week})` : ''}. Only the listing's owners see this page. <a href="${launch}">Launch page</a> · <a href="/account/listings/${listing.listing_id}/edit">Edit</a></p>
<div class="lead">${listingLogo(p, true)}<div><p class="tagline">${p.tagline}</p><p>${webUrl(p.url) ? html`<a href="${webUrl(p.url)}" rel="nofollow noopener">${new URL(p.url).host}</a> · ` : ''}${p.primary_category.name}</p></div></div>
${profileSections(profile, services.config.publicUrl)}`,
  });
  return true;
}

/** The website link's ping goes to this site, which the page policy's connect-src governs; the page loads nothing more. */
function allowPings(ctx: Context): void {
  ctx.set('Content-Security-Policy', `${ctx.response.get('Content-Security-Policy')}; connect-src 'self'`);
}

function actionForm(csrf: SafeHtml, slug: string, action: string, label: string, disabled = false): SafeHtml {
  return html`<form method="post" action="/listings/${slug}/${action}">${csrf}<button type="submit"${action.startsWith('un') ? html` class="secondary"` : ''}${disabled ? html` disabled title="Votes open when the listing is live"` : ''}>${label}</button></form>`;
}

const FLASH: Record<string, string> = {
  ...REVIEW_FLASH,
  ...COMMENT_FLASH,
  vote: 'Your vote is counted.',
  unvote: 'Your vote is taken back.',
  follow: 'You follow this listing: its updates come to your e-mail.',
  unfollow: 'You no longer follow this listing.',
  report: 'Thank you: your report is with the site team.',
  reported: 'You have reported this listing already; the site team will look at it.',
};

function flash(done: unknown): SafeHtml {
  return typeof done === 'string' && FLASH[done] ? html`<p class="notice" role="status">${FLASH[done]}</p>` : html``;
}

function section(title: string, content: SafeHtml | string | null | undefined): SafeHtml {
  return content ? html`<section class="panel"><h2>${title}</h2>${content}</section>` : html``;
}

function profileSections(p: ListingProfile, publicUrl: string): SafeHtml {
  const list = (items: string[]) => (items.length ? html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>` : null);
  const story = p.story
    ? html`${p.story.title ? html`<h3>${p.story.title}</h3>` : ''}${[
        p.story.story,
        p.story.why_started,
        p.story.problem,
        p.story.journey,
        p.story.challenges,
        p.story.achievements,
        p.story.lessons,
        p.story.whats_next,
      ]
        .filter(Boolean)
        .map((para) => html`<p>${para}</p>`)}`
    : null;
  const facts = [
    p.stage && `Stage: ${p.stage}`,
    p.founded_year && `Founded ${p.founded_year}`,
    (p.city || p.country) && `Based in ${[p.city, p.country].filter(Boolean).join(', ')}`,
    p.pricing.model && `Pricing: ${p.pricing.model}`,
  ].filter((fact): fact is string => Boolean(fact));
  const socials = Object.entries(p.socials).flatMap(([k, v]) => (webUrl(v) ? [[k, webUrl(v)!] as const] : []));
  const media = (p.media ?? []).flatMap((m) => (webUrl(m.url) ? [{ ...m, url: webUrl(m.url)! }] : []));
  return html`${p.headline ? html`<p><strong>${p.headline}</strong></p>` : ''}${section('Screenshots', gallery(media, publicUrl))}
${section('About', html`<p>${p.description || p.short_description}</p>${p.summary ? html`<p>${p.summary}</p>` : ''}${facts.length ? html`<ul class="tags">${facts.map((f) => html`<li>${f}</li>`)}</ul>` : ''}`)}
${section('Features', list(p.features))}
${section('What sets it apart', list(p.usps))}
${section('Pricing', p.pricing.summary || p.pricing.model ? html`<p>${p.pricing.summary ?? p.pricing.model}</p>` : null)}
${section('Founders', p.founders.length ? html`<ul>${p.founders.map((f) => html`<li><a href="/founders/${f.slug}">${f.name}</a>${f.role ? `, ${f.role}` : ''}</li>`)}</ul>` : null)}
${section('Latest updates', p.latest_updates.length ? html`${p.latest_updates.map((u) => html`<article><h3>${u.title}</h3><p class="muted">${u.published_at.slice(0, 10)}</p><p>${u.body}</p></article>`)}` : null)}
${section('Founder story', story)}
${section('Milestones', p.milestones?.length ? html`<ul>${p.milestones.map((m) => html`<li>${m.date}: ${m.title}${m.description ? ` — ${m.description}` : ''}</li>`)}</ul>` : null)}
${section('Media', others(media, publicUrl))}
${section('Demo video', webUrl(p.demo_video_url) ? html`<p><a href="${webUrl(p.demo_video_url)}" rel="nofollow noopener">Watch the demo</a></p>` : null)}
${section('Links', socials.length ? html`<ul class="tags">${socials.map(([k, v]) => html`<li><a href="${v}" rel="nofollow noopener">${k}</a></li>`)}</ul>` : null)}
${section('FAQ', p.faqs.length ? html`<dl>${p.faqs.map((f) => html`<dt><strong>${f.question}</strong></dt><dd>${f.answer}</dd>`)}</dl>` : null)}
${section('Domain Rating', p.domain_rating ? html`<p>${p.domain_rating.current} / 100, measured ${p.domain_rating.measured_on} by a third-party SEO data provider${p.domain_rating.trend !== null ? ` (${p.domain_rating.trend >= 0 ? '+' : ''}${p.domain_rating.trend} in about 30 days)` : ''}.</p>` : null)}
${p.tags.length ? html`<ul class="tags" aria-label="Tags">${p.tags.map((t) => html`<li>${t}</li>`)}</ul>` : ''}`;
}

type Media = NonNullable<ListingProfile['media']>[number];

/** An image the service keeps (on its own origin): the page shows it; anything else is a link, never loaded from another site. */
const ours = (m: Media, publicUrl: string) => m.kind === 'image' && new URL(m.url).origin === new URL(publicUrl).origin;

/** The listing's own screenshots as a gallery: sized, described, loaded lazily. */
function gallery(media: Media[], publicUrl: string): SafeHtml | null {
  const images = media.filter((m) => ours(m, publicUrl));
  if (!images.length) return null;
  return html`<ul class="gallery">${images.map(
    (m, i) =>
      html`<li><figure><a href="${m.url}"><img src="${m.url}" alt="${m.caption ?? `Screenshot ${i + 1}`}" width="640" height="400" loading="lazy" decoding="async"></a>${m.caption ? html`<figcaption>${m.caption}</figcaption>` : ''}</figure></li>`,
  )}</ul>`;
}

function others(media: Media[], publicUrl: string): SafeHtml | null {
  const rest = media.filter((m) => !ours(m, publicUrl));
  return rest.length
    ? html`<ul>${rest.map((m) => html`<li><a href="${m.url}" rel="nofollow noopener">${m.caption ?? (m.kind === 'video' ? 'Video' : 'Image')}</a></li>`)}</ul>`
    : null;
}

/** schema.org SoftwareApplication with the community's votes and rating. */
function jsonLd(p: ListingProfile): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: p.name,
    description: p.tagline,
    url: p.links.profile,
    sameAs: p.url,
    applicationCategory: p.primary_category.name,
    ...(p.logo_url && { image: p.logo_url }),
    ...(p.founders.length && { author: p.founders.map((f) => ({ '@type': 'Person', name: f.name, url: f.profile_url })) }),
    ...(p.community_rating.count > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: p.community_rating.average,
        ratingCount: p.community_rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/LikeAction',
      userInteractionCount: p.votes,
    },
  };
}

/**
 * POST /listings/{slug}/click: the ping a browser sends when someone follows the listing page's link to the
 * product's website (the link's `ping` attribute; no script, and the link itself stays a plain link to the website).
 * Counted once per visitor and day, bots not; answers 204, or 404 for a slug no public listing has (nothing is
 * counted). A ping carries no form and no CSRF token (Content-Type text/ping), so this route goes on a router
 * without the page forms' guard: it changes nothing but a count, the same as a page view. Browsers that send no
 * pings (Firefox by default, some privacy settings) are not counted, so clicks are a lower bound.
 */
export function listingPingRoutes(router: Router, site: SiteDeps, views: PageViews | undefined): void {
  const { services } = site;
  router.post('/listings/:slug/click', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    const listingId = SLUG_PATTERN.test(slug) ? await findPublicListingId(services.db, slug) : undefined;
    if (listingId === undefined) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'No listing has this address.';
      return;
    }
    const { time_zone } = await site.settings();
    views?.recordClick(listingId, { address: ctx.ip, userAgent: ctx.get('user-agent') || undefined }, todayIn(services.now(), time_zone));
    ctx.status = 204;
  });
}
