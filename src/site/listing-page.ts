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
import { hasAlert, setLaunchAlert } from '../subscriptions/alerts.js';
import { type OwnStanding, ownStanding } from '../community/own-standing.js';
import { type Client, findPublicListingId, type Moment, type PageViews } from '../community/page-views.js';
import { ProblemError } from '../errors.js';
import { SLUG_PATTERN } from '../schema.js';
import { badgeSvgUrl } from '../badges/variants.js';
import { fileListingReport, openReportsBy } from '../moderation/reports.js';
import { confirmToReport, reportedNote, reportForm } from './report-form.js';
import { contentReportRoutes } from './content-report-routes.js';
import { doneNotice, type ListingSectionView, type RefusedOnPage, type TypedForm } from './listing-section.js';
import { COMMENT_DONE, commentRoutes, commentsPage, commentsSection } from './listing-comments.js';
import { REVIEW_DONE, reviewRoutes, reviewsSection } from './listing-reviews.js';
import {
  avatar,
  cardList,
  LISTING_STYLE,
  listingCard,
  listingLogo,
  readableDate,
  renderSitePage,
  type SiteEnv,
  webUrl,
  readableWeek,
} from '../web/layout.js';
import { notFoundPage } from './not-found.js';
import { rowButtonsOf, sameSitePath } from './list-votes.js';
import { countryName } from '../text/countries.js';
import { cardPath } from '../cards/cards.js';
import { COUNTED_PAGE_CACHE, keepPage, type KeepPages, type KeptRoute } from './kept-pages.js';

/**
 * /listings/{slug}: everything get_listing shows (the paid sections only when unlocked), with vote and follow
 * forms (plain POST forms with CSRF; no script), alternatives, awards and the badge. POST .../vote, .../unvote,
 * .../follow, .../unfollow, .../notify and .../unnotify (an upcoming listing's "Notify me at launch") act for the signed-in person and come back to the buttons (#act) with what happened
 * beside them; POST .../report files the person's report for the moderators (one open report per person and
 * listing). Every form's action names the part of the page it answers in (#reviews, #comment-12…), so a page drawn
 * again in answer to a refused form opens there, with what was typed.
 */
export function listingRoutes(router: Router, site: SiteDeps, views: PageViews | undefined, keep: KeepPages): void {
  const { services, kit } = site;
  router.get(
    '/listings/:slug',
    keep(keptListingPage(site, views), (ctx) => listingPage(ctx, site, views)),
  );
  // A refused form: the page again (not counted as a view), with the form as typed and the refusal beside its field.
  const refusedOnPage: RefusedOnPage = async (ctx, typed) => {
    ctx.status = typed.problem.status;
    for (const [name, value] of Object.entries(typed.problem.headers)) ctx.set(name, value);
    await listingPage(ctx, site, undefined, typed);
    ctx.status = typed.problem.status;
  };

  for (const action of ['vote', 'unvote', 'follow', 'unfollow', 'notify', 'unnotify'] as const) {
    router.post(`/listings/:slug/${action}`, async (ctx) => {
      const slug = ctx.params.slug ?? '';
      // A vote from a list's row comes back to the list (a path of this site only), with the row's vote shown.
      const list = action === 'vote' || action === 'unvote' ? sameSitePath(kit.form(ctx).return_to) : undefined;
      const back = list ?? `/listings/${slug}#act`;
      const { settings, account } = await visit(ctx, site);
      if (!account) return ctx.redirect(kit.signInPath(back));
      try {
        const now = services.now();
        if (action === 'vote') await castVote(services.db, slug, account, now, ctx.ip, settings);
        else if (action === 'unvote') await withdrawVote(services.db, slug, account, now);
        else if (action === 'follow' || action === 'unfollow') await setFollowing(services.db, slug, account, action === 'follow', now);
        else await setLaunchAlert(services.db, { ...account, accountId: account.id }, slug, action === 'notify', now);
        // The next page read on this instance, kept or not, shows the change.
        await services.changes.catchUp();
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
        return refusedOnPage(ctx, { form: 'act', values: {}, problem: error });
      }
      ctx.status = 303;
      ctx.redirect(list ?? `/listings/${slug}?done=${action}#act`);
    });
  }

  reviewRoutes(router, site, refusedOnPage);
  contentReportRoutes(router, site, refusedOnPage);
  commentRoutes(router, site, refusedOnPage);
  reportRoute(router, site, refusedOnPage);
}

/**
 * The listing page, product first: its heading (logo, name, tagline, the vote, the website, follow, and the key
 * facts in one row), the screenshots, what it is, then what people said, its awards, alternatives and badge; long
 * sections folded. `views` counts the view (a GET); `typed` is a refused form drawn again.
 */
async function listingPage(ctx: Context, site: SiteDeps, views: PageViews | undefined, typed?: TypedForm): Promise<void> {
  const { services, kit } = site;
  const slug = ctx.params.slug ?? '';
  const profile = SLUG_PATTERN.test(slug) ? await loadListingProfile(services.db, slug, services.config.publicUrl) : null;
  const { env, settings, account } = await visit(ctx, site);
  // Not public: its owners see a preview (never kept: kept pages are only for people not signed in); others a 404.
  if (!profile && !(account && (await ownerPreview(ctx, site, env, account, slug))))
    return notFoundPage(ctx, env, account, 'No listing has this address. It may not be published yet.');
  if (!profile) return;
  views?.record(profile.id, clientOf(ctx), momentIn(services.now(), settings.time_zone));
  const csrf = account ? kit.csrfField(ctx) : undefined;
  const done = typeof ctx.query.done === 'string' && ctx.method === 'GET' ? ctx.query.done : undefined;
  const shown = shownListings(site, slug, profile.id, account);
  const reported = account ? openReportsBy(services.db, account.id, profile.id) : undefined;
  const sectionView = { ctx, site, listing: profile, account, csrf, done, typed, reported: await reported };
  const notifying = account && profile.status !== 'live' ? hasAlert(services.db, account.email, 'launch', profile.id) : undefined;
  const [others, awards, reviews, comments, own] = await Promise.all([
    shown.others,
    listAwards(services.db, { listing: slug }, { page: 1, per_page: 10 }, services.config.publicUrl, services.signAward, false),
    reviewsSection(sectionView),
    commentsSection(sectionView),
    shown.own,
  ]);
  const page = `/listings/${slug}`;
  const row = rowButtonsOf(ctx, site, account ? (own?.voted ?? new Set()) : undefined, page);
  renderSitePage(ctx, env, {
    title: profile.name,
    description: `${profile.name}: ${profile.tagline}`.slice(0, 300),
    path: page,
    account,
    ogType: 'product',
    image: profile.logo_url,
    socialImage: cardPath.listing(slug),
    jsonLd: jsonLd(profile),
    style: LISTING_STYLE,
    heading: heading(profile, heroActions(site, sectionView, own, await notifying), factsRow(profile)),
    body: html`${profileSections(profile, services.config.publicUrl)}
${reviews}
${comments}
<h2 id="trophies">Trophy cabinet</h2>${cardList(
      awards.items.map(
        (a) =>
          html`<li class="card"><div class="body"><a href="/weeks/${a.week}">${a.title}</a>, ${weekOf(a.week)} · <a href="${a.proof_url}">signed proof</a></div><span class="metric">${a.votes} votes</span></li>`,
      ),
      'No awards yet.',
    )}
<h2>Alternatives</h2>${cardList(
      others.map((l) => listingCard(l, row(l, 'alt'))),
      'No alternatives listed.',
    )}
<h2>Badge</h2><p><img src="${badgeSvgUrl(services.config.publicUrl, slug, { shape: 'standard', mode: 'light', size: 'm' })}" alt="${profile.name} on ${settings.site_name}" width="250" height="54"></p><p class="muted">Is this your product? <a href="/listings/${slug}/claim">Claim it</a></p><p class="muted">Its owners copy the badge's code for their website from their launch page.</p>
${reportArea(site, sectionView)}`,
  });
  // Kept for people not signed in until the listing or one of its alternatives changes.
  if (!account && !typed) keepPage(ctx, [profile.id, ...others.map((l) => l.id)], profile.id);
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
      const done = typeof ctx.query.done === 'string' && DONE.has(ctx.query.done) ? ctx.query.done : '';
      return `done=${done}&comments=${commentsPage(ctx)}`;
    },
    served: (ctx, page, { settings }) => {
      if (page.viewed === undefined) return;
      views?.record(page.viewed, clientOf(ctx), momentIn(site.services.now(), settings.time_zone));
    },
  };
}

/** POST /listings/{slug}/report: the signed-in person's report of the listing, for the moderators. */
function reportRoute(router: Router, site: SiteDeps, refusedOnPage: RefusedOnPage): void {
  const { services, kit } = site;
  router.post('/listings/:slug/report', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    const back = `/listings/${slug}`;
    const { account } = await visit(ctx, site);
    if (!account) return ctx.redirect(kit.signInPath(`${back}#report`));
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
      return refusedOnPage(ctx, { form: 'report', values: { reason: form.reason ?? '', details: form.details ?? '' }, problem: error });
    }
    ctx.status = 303;
    ctx.redirect(`${back}?done=${filed ? 'report' : 'reported'}#report`);
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
    style: LISTING_STYLE,
    heading: heading(
      profile,
      webUrl(p.url)
        ? html`<div class="act"><a class="button-link" href="${webUrl(p.url)}" rel="nofollow noopener">Visit website <span aria-hidden="true">↗</span></a></div>`
        : html``,
      factsRow(profile),
    ),
    body: html`<p class="notice" role="status" style="background:var(--paid-bg);border-color:var(--paid-border);color:var(--paid-fg)"><strong>Preview: not public yet</strong> — ${PREVIEW_STATUS[listing.status] ?? listing.status}${listing.launch_week ? ` (week of ${listing.launch_week})` : ''}. Only the listing's owners see this page. <a href="${launch}">Launch page</a> · <a href="/account/listings/${listing.listing_id}/edit">Edit</a></p>
${profileSections(profile, services.config.publicUrl)}`,
  });
  return true;
}

/** What the hero's buttons just did, said beside them. */
const ACT_NOTICES: Record<string, string> = {
  vote: 'Your vote is counted.',
  unvote: 'Your vote is taken back.',
  follow: 'You follow this listing: its updates come to your e-mail.',
  unfollow: 'You no longer follow this listing.',
  notify: 'We will mail you once, when it launches.',
  unnotify: 'You will not be mailed when it launches.',
};

/** What the listing's report form just did, said beside it. */
const REPORT_NOTICES: Record<string, string> = {
  report: 'Thank you: your report is with the site team.',
  reported: 'You have reported this listing already; the site team will look at it.',
};

/** Every `?done=` the page knows: a kept page is kept once per notice, and an unknown value is no page of its own. */
const DONE = new Set([...Object.keys(ACT_NOTICES), ...Object.keys(REPORT_NOTICES), ...REVIEW_DONE, ...COMMENT_DONE]);

/** The listing's heading: logo, name and tagline; the vote, the website and follow; the key facts in one row. */
function heading(p: ListingProfile, actions: SafeHtml, facts: SafeHtml): SafeHtml {
  return html`<section class="hero" aria-labelledby="listing-name">${listingLogo(p, true)}<div><h1 id="listing-name">${p.name}</h1><p class="tagline">${p.tagline}</p></div>
${actions}${facts}</section>`;
}

/**
 * The hero's buttons (#act): a large Vote (signed out: a link to sign in that comes back here, where the vote is
 * offered; nothing is cast by a GET), "Visit website" (its ping counts the click), Follow, and on an upcoming listing
 * "Notify me at launch" (`notifying`: the person asked already); and what just happened.
 */
function heroActions(site: SiteDeps, view: ListingSectionView, own: OwnStanding | undefined, notifying: boolean | undefined): SafeHtml {
  const { listing: p, csrf, done, typed } = view;
  const slug = p.slug;
  const live = p.status === 'live';
  const website = webUrl(p.url)
    ? html`<a class="button-link" href="${webUrl(p.url)}" rel="nofollow noopener" ping="/listings/${slug}/click">Visit website <span aria-hidden="true">↗</span></a>`
    : '';
  const votes = html`<span class="count">${p.votes}</span><span class="sr"> votes</span>`;
  let vote: SafeHtml;
  let follow: SafeHtml;
  let notify: SafeHtml | '' = '';
  if (csrf) {
    const voted = own?.voted.has(p.id) ?? false;
    const following = own?.following ?? false;
    vote = html`<form method="post" action="/listings/${slug}/${voted ? 'unvote' : 'vote'}#act">${csrf}<button type="submit" class="big-vote${voted ? ' voted' : ''}"${live ? '' : html` disabled title="Votes open when the listing is live"`}><span aria-hidden="true">${voted ? '✓' : '▲'}</span> ${voted ? 'Voted' : 'Vote'} · ${votes}${voted ? html`<span class="sr">; take your vote back</span>` : ''}</button></form>`;
    follow = html`<form method="post" action="/listings/${slug}/${following ? 'unfollow' : 'follow'}#act">${csrf}<button type="submit" class="secondary">${following ? 'Following · stop' : 'Follow'}</button></form>`;
    if (p.status === 'scheduled')
      notify = html`<form method="post" action="/listings/${slug}/${notifying ? 'unnotify' : 'notify'}#act">${csrf}<button type="submit" class="secondary"${notifying ? html` aria-pressed="true"` : ''}>${notifying ? html`<span aria-hidden="true">✓</span> Notifying at launch<span class="sr">; stop</span>` : 'Notify me at launch'}</button></form>`;
  } else {
    const signIn = site.kit.signInPath(`/listings/${slug}#act`);
    vote = live
      ? html`<a class="big-vote" href="${signIn}"><span aria-hidden="true">▲</span> Vote · ${votes}<span class="sr">: sign in to vote for ${p.name}</span></a>`
      : html`<span class="big-vote voted" title="Votes open when the listing is live"><span aria-hidden="true">▲</span> ${votes}</span>`;
    follow = html`<a class="button-link" href="${signIn}">Follow</a>`;
    if (p.status === 'scheduled') notify = html`<a class="button-link" href="${signIn}">Notify me at launch</a>`;
  }
  const refused =
    typed?.form === 'act'
      ? html`<p class="error" role="alert">${typed.problem.detail ?? typed.problem.title}${typed.problem.code === 'vote_refused' || typed.problem.code === 'alert_refused' ? html` <a href="/account">Your account</a>` : ''}</p>`
      : '';
  return html`<div class="act" id="act">${vote}${website}${follow}${notify}${doneNotice(done, ACT_NOTICES)}${refused}</div>`;
}

/** The key facts in one row: pricing, category, location, founded, and the launch. */
function factsRow(p: ListingProfile): SafeHtml {
  const fact = (key: string, value: SafeHtml | string | null | undefined) =>
    value ? html`<li><span class="k">${key}</span><span class="v">${value}</span></li>` : '';
  const place = [p.city, p.country ? (countryName(p.country) ?? p.country) : null].filter(Boolean).join(', ');
  const launch = p.launch_week ? `${p.status === 'live' ? '' : 'Upcoming: '}${weekOf(p.launch_week)}` : null;
  return html`<ul class="facts" aria-label="Key facts">${fact('Pricing', p.pricing.model ? pricingWords(p.pricing.model) : null)}${fact('Category', html`<a href="/categories/${p.primary_category.slug}">${p.primary_category.name}</a>`)}${fact('Based in', place)}${fact('Founded', p.founded_year ? String(p.founded_year) : null)}${fact(p.status === 'live' ? 'Launched' : 'Launching', launch)}${fact('Rating', p.community_rating.count ? `★ ${p.community_rating.average} (${p.community_rating.count})` : null)}</ul>`;
}

/** A launch week as people read it: "week of Nov 23 – 29, 2026". */
const weekOf = (week: string) => `week of ${readableWeek(week)}, ${week.slice(0, 4)}`;

/** How the socials' keys are written where people read them. */
const SOCIAL_NAMES: Record<string, string> = {
  github: 'GitHub',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  producthunt: 'Product Hunt',
  twitter: 'X (Twitter)',
  x: 'X',
  tiktok: 'TikTok',
};
const socialName = (key: string) => SOCIAL_NAMES[key] ?? `${key.charAt(0).toUpperCase()}${key.slice(1)}`;

/** A pricing model as written ("freemium", "open-source") in words: "Freemium", "Open source". */
const pricingWords = (model: string) => `${model.charAt(0).toUpperCase()}${model.slice(1).replace(/[-_]/g, ' ')}`;

/** The report form at the foot of the page (#report), or that the person reported the listing; signed out, the way in. */
function reportArea(site: SiteDeps, view: ListingSectionView): SafeHtml {
  const { listing, account, csrf, done, typed, reported } = view;
  const slug = listing.slug;
  const form = !csrf
    ? html`<p class="muted"><a href="${site.kit.signInPath(`/listings/${slug}#report`)}">Sign in to report this listing</a> to the site team.</p>`
    : !account?.emailVerified && typed?.form !== 'report' // a refused try is drawn again with its reason
      ? confirmToReport('this listing')
      : reported?.listing
        ? reportedNote('listing')
        : reportForm(csrf, `/listings/${slug}/report#report`, 'Report this listing to the site team', 'report', typed);
  return html`<div id="report">${doneNotice(done, REPORT_NOTICES)}${form}</div>`;
}

function section(title: string, content: SafeHtml | string | null | undefined): SafeHtml {
  return content ? html`<section class="panel"><h2>${title}</h2>${content}</section>` : html``;
}

/** A long section, folded: its heading (and how much is inside) opens it; no script. */
function folded(title: string, count: string, content: SafeHtml | string | null | undefined): SafeHtml {
  return content
    ? html`<details class="panel fold"><summary><h2>${title}</h2>${count ? html` <span class="muted">${count}</span>` : ''}</summary>${content}</details>`
    : html``;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the product is, first: the screenshots, what it does (about, features, what sets it apart, pricing) and who
 * makes it; then the long sections folded (updates, the founder story, milestones, FAQ) and the rest (video, links,
 * Domain Rating, tags).
 */
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
  const socials = Object.entries(p.socials).flatMap(([k, v]) => (webUrl(v) ? [[k, webUrl(v)!] as const] : []));
  const media = (p.media ?? []).flatMap((m) => (webUrl(m.url) ? [{ ...m, url: webUrl(m.url)! }] : []));
  const video = webUrl(p.demo_video_url);
  const links = [
    ...(video ? [html`<li><a href="${video}" rel="nofollow noopener">Watch the demo</a></li>`] : []),
    ...socials.map(([k, v]) => html`<li><a href="${v}" rel="nofollow noopener">${socialName(k)}</a></li>`),
  ];
  const updates = p.latest_updates;
  const milestones = p.milestones ?? [];
  return html`${section('Screenshots', gallery(media, publicUrl))}
<section class="panel"><h2>About</h2>${p.headline ? html`<p><strong>${p.headline}</strong></p>` : ''}<p>${p.description || p.short_description}</p>${p.summary ? html`<p>${p.summary}</p>` : ''}${p.stage ? html`<p class="muted">Stage: ${p.stage}</p>` : ''}</section>
${p.features.length || p.usps.length ? html`<div class="grid2">${section('Features', list(p.features))}${section('What sets it apart', list(p.usps))}</div>` : ''}
${section('Pricing', p.pricing.summary ? html`<p>${p.pricing.summary}</p>` : null)}
${section('Makers', p.founders.length ? html`<ul class="makers">${p.founders.map((f) => html`<li>${avatar(f.name)}<a href="/founders/${f.slug}">${f.name}</a>${f.role ? `, ${f.role}` : ''}</li>`)}</ul>` : null)}
${folded('Latest updates', plural(updates.length, 'update', 'updates'), updates.length ? html`${updates.map((u) => html`<article><h3>${u.title}</h3><p class="muted">${readableDate(u.published_at)}</p><p>${u.body}</p></article>`)}` : null)}
${folded('Founder story', '', story)}
${folded('Milestones', plural(milestones.length, 'milestone', 'milestones'), milestones.length ? html`<ul>${milestones.map((m) => html`<li><strong>${readableDate(m.date)}</strong>: ${m.title}${m.description ? ` — ${m.description}` : ''}</li>`)}</ul>` : null)}
${folded('Questions and answers', plural(p.faqs.length, 'question', 'questions'), p.faqs.length ? html`<dl>${p.faqs.map((f) => html`<dt><strong>${f.question}</strong></dt><dd>${f.answer}</dd>`)}</dl>` : null)}
${section('Media', others(media, publicUrl))}
${section('Links', links.length ? html`<ul class="tags">${links}</ul>` : null)}
${section('Domain Rating', p.domain_rating ? html`<p>${p.domain_rating.current} / 100, measured ${readableDate(p.domain_rating.measured_on)} by a third-party SEO data provider${p.domain_rating.trend !== null ? ` (${p.domain_rating.trend >= 0 ? '+' : ''}${p.domain_rating.trend} in about 30 days)` : ''}.</p>` : null)}
${p.tags.length ? html`<ul class="tags" aria-label="Tags">${p.tags.map((t) => html`<li>${t}</li>`)}</ul>` : ''}`;
}

type Media = NonNullable<ListingProfile['media']>[number];

/** An image the service keeps (on its own origin): the page shows it; anything else is a link, never loaded from another site. */
const ours = (m: Media, publicUrl: string) => m.kind === 'image' && new URL(m.url).origin === new URL(publicUrl).origin;

/** The listing's own screenshots as a gallery: sized, described; the first in the first screen, the rest loaded lazily. */
function gallery(media: Media[], publicUrl: string): SafeHtml | null {
  const images = media.filter((m) => ours(m, publicUrl));
  if (!images.length) return null;
  return html`<ul class="gallery">${images.map(
    (m, i) =>
      html`<li><figure><a href="${m.url}"><img src="${m.url}" alt="${m.caption ?? `Screenshot ${i + 1}`}" width="640" height="400"${i > 0 ? html` loading="lazy"` : ''} decoding="async"></a>${m.caption ? html`<figcaption>${m.caption}</figcaption>` : ''}</figure></li>`,
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
 * Counted once per visitor and day, and only from a visitor the page was served to that day, bots not; answers 204, or 404 for a slug no public listing has (nothing is
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
    views?.recordClick(listingId, clientOf(ctx), momentIn(services.now(), time_zone));
    ctx.status = 204;
  });
}

/** Who asked for a counted page or ping: the client's address (its network is what counts) and User-Agent (bots are not). */
const clientOf = (ctx: Context): Client => ({ address: ctx.ip, userAgent: ctx.get('user-agent') || undefined });

/** The site's calendar day and the moment of a counted request. */
const momentIn = (at: Date, timeZone: string): Moment => ({ day: todayIn(at, timeZone), at });
