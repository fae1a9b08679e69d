import type Router from '@koa/router';
import { html } from '../text/html.js';
import { renderMarkdown } from '../text/markdown.js';
import { findFounder, listFounders } from '../catalogue/founders.js';
import { findBlogPost, listBlogPosts } from '../catalogue/blog.js';
import { listAwards } from '../catalogue/awards.js';
import { SLUG_PATTERN } from '../schema.js';
import { rowButtons } from './list-votes.js';
import { cardList, listingCard, pageNumber, pager, renderSitePage, webUrl } from '../web/layout.js';
import { notFoundPage } from './not-found.js';
import { type SiteDeps, visit } from './visit.js';
import { cardPath } from '../cards/cards.js';

const PER_PAGE = 20;

function socialLinks(socials: Record<string, string>) {
  const links = Object.entries(socials).flatMap(([k, v]) => (webUrl(v) ? [[k, webUrl(v)!] as const] : []));
  return links.length
    ? html`<ul class="tags" aria-label="Links">${links.map(([k, v]) => html`<li><a href="${v}" rel="nofollow noopener me">${k}</a></li>`)}</ul>`
    : '';
}

const sectionTitle = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * /founders, /founders/{slug} (with interview answers and stories), /blog, /blog/{slug}, /awards, /awards/hall-of-fame;
 * none kept (see kept-pages.ts), each compressed as the client asks.
 */
export function peopleRoutes(router: Router, site: SiteDeps): void {
  founderRoutes(router, site);
  blogRoutes(router, site);
  awardRoutes(router, site);
}

/** /founders and /founders/{slug}, with interview answers and stories. */
function founderRoutes(router: Router, site: SiteDeps): void {
  const { services } = site;
  const { db, config } = services;

  router.get('/founders', async (ctx) => {
    const { env, account } = await visit(ctx, site);
    const page = pageNumber(ctx.query.page);
    const founders = await listFounders(db, {}, { page, per_page: PER_PAGE }, config.publicUrl);
    renderSitePage(ctx, env, {
      title: 'Founders',
      description: `The people behind the products on ${env.siteName}.`,
      path: '/founders',
      account,
      body: html`${cardList(
        founders.items.map(
          (f) =>
            html`<li class="card"><div class="body"><a class="name" href="/founders/${f.slug}">${f.name}</a>${f.title ? html`<div class="muted">${f.title}</div>` : ''}<div class="muted">${f.companies.map((c, i) => html`${i ? ', ' : ''}<a href="/listings/${c.slug}">${c.name}</a>`)}</div></div></li>`,
        ),
        'No founders yet.',
      )}${pager('/founders', page, PER_PAGE, founders.total)}`,
    });
  });

  router.get('/founders/:slug', async (ctx) => {
    const { env, account } = await visit(ctx, site);
    const slug = ctx.params.slug ?? '';
    const founder = SLUG_PATTERN.test(slug) ? await findFounder(db, slug, config.publicUrl) : undefined;
    if (!founder) return notFoundPage(ctx, env, account, 'No founder has this address.');
    const row = await rowButtons(ctx, site, account, [founder.companies], `/founders/${slug}`);
    renderSitePage(ctx, env, {
      title: founder.name,
      description: (founder.bio || `${founder.name}${founder.title ? `, ${founder.title}` : ''}`).slice(0, 300),
      path: `/founders/${slug}`,
      account,
      ogType: 'profile',
      image: founder.avatar_url,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: founder.name,
        url: founder.profile_url,
        ...(founder.title && { jobTitle: founder.title }),
      },
      body: html`${founder.title ? html`<p class="muted">${founder.title}</p>` : ''}<p>${founder.bio}</p>
${socialLinks(founder.socials)}
<h2>Companies</h2>${cardList(
        founder.companies.map((c) => listingCard(c, row(c, 'row'))),
        'No live companies yet.',
      )}
${founder.interview.length ? html`<h2>Interview</h2><dl>${founder.interview.map((a) => html`<dt><strong>${a.question}</strong></dt><dd><p>${a.answer}</p></dd>`)}</dl>` : ''}
${founder.stories.map(
  (s) =>
    html`<section class="panel"><h2>${s.title ?? `The story of ${s.listing.name}`}</h2><p class="muted">About <a href="/listings/${s.listing.slug}">${s.listing.name}</a>, ${s.published_at.slice(0, 10)}</p>${Object.entries(
      s.sections,
    )
      .filter(([, text]) => text)
      .map(([key, text]) => html`<h3>${sectionTitle(key)}</h3><p>${text}</p>`)}</section>`,
)}`,
    });
  });
}

/** /blog and /blog/{slug}. */
function blogRoutes(router: Router, site: SiteDeps): void {
  const { services } = site;
  const { db, config } = services;

  router.get('/blog', async (ctx) => {
    const { env, account } = await visit(ctx, site);
    const page = pageNumber(ctx.query.page);
    const posts = await listBlogPosts(db, { now: services.now() }, { page, per_page: PER_PAGE }, config.publicUrl);
    renderSitePage(ctx, env, {
      title: 'Blog',
      description: `Posts from ${env.siteName}.`,
      path: '/blog',
      account,
      body: html`${cardList(
        posts.items.map(
          (p) =>
            html`<li class="card"><div class="body"><a class="name" href="/blog/${p.slug}">${p.title}</a><div class="tagline">${p.excerpt}</div><div class="muted">${p.author} · ${p.published_at.slice(0, 10)}</div></div></li>`,
        ),
        'No posts yet.',
      )}${pager('/blog', page, PER_PAGE, posts.total)}`,
    });
  });

  router.get('/blog/:slug', async (ctx) => {
    const { env, account } = await visit(ctx, site);
    const slug = ctx.params.slug ?? '';
    const post = SLUG_PATTERN.test(slug) ? await findBlogPost(db, slug, services.now(), config.publicUrl) : undefined;
    if (!post) return notFoundPage(ctx, env, account, 'No blog post has this address.');
    renderSitePage(ctx, env, {
      title: post.title,
      description: post.excerpt.slice(0, 300),
      path: `/blog/${slug}`,
      socialImage: cardPath.blog(slug),
      account,
      ogType: 'article',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        datePublished: post.published_at,
        dateModified: post.updated_at,
        author: { '@type': 'Person', name: post.author },
        url: post.url,
      },
      body: html`<p class="muted">${post.author} · ${post.published_at.slice(0, 10)}</p><article>${renderMarkdown(post.body_markdown)}</article>
${post.faqs.length ? html`<h2>Questions</h2><dl>${post.faqs.map((f) => html`<dt><strong>${f.question}</strong></dt><dd>${f.answer}</dd>`)}</dl>` : ''}`,
    });
  });
}

/** /awards and /awards/hall-of-fame. */
function awardRoutes(router: Router, site: SiteDeps): void {
  const { services } = site;
  const { db, config } = services;

  router.get('/awards', async (ctx) => {
    const { env, account } = await visit(ctx, site);
    const page = pageNumber(ctx.query.page);
    const awards = await listAwards(db, {}, { page, per_page: PER_PAGE }, config.publicUrl, services.signAward);
    renderSitePage(ctx, env, {
      title: 'Awards',
      description: `Launch of the Week awards on ${env.siteName}, decided by community votes only.`,
      path: '/awards',
      ...(awards.items[0] && { socialImage: cardPath.award(awards.items[0].week, awards.items[0].rank) }),
      account,
      body: html`<p>Launch of the Week #1, #2 and #3 go to the most voted launches of each week. Votes come only from people on this site, and the awards state the counted votes: votes the vote check flagged count only once a moderator clears them.</p>
<p class="muted">Every award has a signed proof (a JWT) that anyone can check offline against our public keys at <a href="/.well-known/jwks.json">/.well-known/jwks.json</a>. Every week's #1: the <a href="/awards/hall-of-fame">Hall of Fame</a>.</p>${cardList(
        awards.items.map((a) =>
          listingCard(a.listing, {
            rank: a.rank,
            metric: html`${a.title}<br><span class="muted">week of <a href="/weeks/${a.week}">${a.week}</a>, ${a.votes} counted votes · <a href="${a.proof_url}">proof</a></span>`,
          }),
        ),
        html`No awards yet: they are decided when a launch week ends. <a href="/weeks/this">Vote on this week's launches</a>.`,
      )}${pager('/awards', page, PER_PAGE, awards.total)}`,
    });
  });

  router.get('/awards/hall-of-fame', async (ctx) => {
    const { env, account } = await visit(ctx, site);
    const page = pageNumber(ctx.query.page);
    const winners = await listAwards(db, { rank: 1 }, { page, per_page: PER_PAGE }, config.publicUrl, services.signAward);
    renderSitePage(ctx, env, {
      title: 'Hall of Fame',
      description: `Every Launch of the Week #1 on ${env.siteName}, week by week, decided by community votes only.`,
      path: '/awards/hall-of-fame',
      ...(winners.items[0] && { socialImage: cardPath.award(winners.items[0].week, 1) }),
      account,
      body: html`<p>Every week's Launch of the Week #1, newest first: the launch of that week with the most community votes. <a href="/awards">All awards</a>.</p>${cardList(
        winners.items.map((a) =>
          listingCard(a.listing, {
            metric: html`Week of <a href="/weeks/${a.week}">${a.week}</a><br><span class="muted">${a.votes} counted votes · <a href="${a.proof_url}">signed proof</a> · <a href="/listings/${a.listing.slug}#trophies">trophy cabinet</a></span>`,
          }),
        ),
        'No week has been decided yet.',
      )}${pager('/awards/hall-of-fame', page, PER_PAGE, winners.total)}`,
    });
  });
}
