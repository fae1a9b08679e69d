import type { Context, Middleware } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { ListingSummary } from '../schema.js';
import { html, SafeHtml } from '../text/html.js';
import { pagePolicy } from './security-headers.js';
import { addDays } from '../catalogue/weeks.js';
import { DEFAULT_SITE_SETTINGS } from '../catalogue/site-settings.js';
import { remembered } from '../caching/remembered.js';

/**
 * The one layout of the pages people use (shared by the adapters, so it lives in src/web): one document shell with the
 * site's icon; one style sheet (light and dark), one focus ring and a skip link on every page. The public site's and
 * the console's pages (renderSitePage), the reference pages (renderReferencePage: /docs/mcp, /bot, /problems) and the
 * sign-in, account and consent screens of auth/ (renderCardPage: the page in a card, kept from caches, search engines
 * and other sites' referrers) have the site's header and footer. Also the site's pieces of a page: listing cards,
 * pagers, amounts.
 */

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f6f8;--fg:#1d1d1f;--surface:#fff;--border:#e3e3e8;--field:#8a8a96;--muted:#5a5a63;--soft:#3f3f46;--link:#2b2bb8;--accent:#3a3ad0;--on-accent:#fff;--focus:#3a3ad0;--chip:#ebebf7;--paid-bg:#fff4d6;--paid-border:#e6c35c;--paid-fg:#5c4300;--notice-bg:#eef6ee;--notice-border:#b9dcb9;--error-bg:#fdecee;--error-border:#f3b6bf;--error-fg:#8a0018;--maker-bg:#e8f0ff;--maker-border:#9db4e8;--maker-fg:#1d3a80}
@media (prefers-color-scheme:dark){:root{--bg:#121216;--fg:#ececf1;--surface:#1c1c22;--border:#34343e;--field:#6e6e7a;--muted:#a9a9b4;--soft:#c9c9d2;--link:#a8b8ff;--accent:#4646dc;--on-accent:#fff;--focus:#a8b8ff;--chip:#2a2a38;--paid-bg:#3a2e00;--paid-border:#8a6d1a;--paid-fg:#ffe08a;--notice-bg:#15301c;--notice-border:#2e6b3a;--error-bg:#3a1016;--error-border:#8a2a3a;--error-fg:#ffc2cc;--maker-bg:#1a2a50;--maker-border:#3f5fa8;--maker-fg:#cbd8ff}}
*{box-sizing:border-box}
body{font:16px/1.55 system-ui,sans-serif;margin:0;color:var(--fg);background:var(--bg)}
a{color:var(--link)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px;border-radius:3px}
.skip{position:absolute;left:.5rem;top:.5rem;z-index:10;background:var(--surface);color:var(--link);padding:.4rem .8rem;border:2px solid var(--focus);border-radius:6px;transform:translateY(-200%)}.skip:focus{transform:none}
header{background:var(--surface);border-bottom:1px solid var(--border)}
header .bar{max-width:64rem;margin:0 auto;padding:.5rem 1rem;display:flex;flex-wrap:wrap;gap:.3rem 1rem;align-items:center}
header .brand{font-weight:700;color:var(--fg);text-decoration:none;margin-right:auto;white-space:nowrap}
header nav{display:flex;flex-wrap:wrap;gap:.2rem .9rem;font-size:.95rem;order:3;flex:1 0 100%}
header nav a{white-space:nowrap}
header form{display:flex;gap:.3rem;flex:1 1 14rem;max-width:22rem}
@media (max-width:48rem){header .bar{padding:.4rem .75rem;gap:.25rem .6rem}header .brand{flex:none}header form{flex:1 1 8rem;max-width:none;min-width:0}header form input[type=search]{width:0}header form input[type=search],header form button{padding:.25rem .45rem;font-size:.95rem}header nav{flex-wrap:nowrap;overflow-x:auto;scrollbar-width:none;padding:.1rem 0}}
input,select,textarea{color:var(--fg);background:var(--surface)}
input[type=search]{flex:1;min-width:0;padding:.4rem .5rem;border:1px solid var(--field);border-radius:6px;font:inherit}
input[type=text],input[type=email],input[type=password],input[type=number],input[type=url],select,textarea{font:inherit;padding:.4rem .5rem;border:1px solid var(--field);border-radius:6px;max-width:100%}
input[type=text],input[type=email],input[type=password],input[type=url]{width:28rem}textarea{width:100%}
label{font-weight:600}label:has(input[type=checkbox]),label:has(input[type=radio]){font-weight:400}
button{font:inherit;padding:.4rem .9rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:var(--on-accent);cursor:pointer}
button.secondary{background:var(--surface);color:var(--link);border-color:var(--link)}
button:disabled{cursor:not-allowed;opacity:.75}
main{max-width:64rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.6rem 0 .8rem;overflow-wrap:anywhere}h2{font-size:1.2rem;margin:1.6rem 0 .6rem}
.cards{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:minmax(0,1fr);gap:.6rem}
.card{background:var(--surface);border:1px solid var(--border);border-radius:10px;padding:.7rem .9rem;display:flex;gap:.8rem;align-items:flex-start}
.card .body{flex:1;min-width:0}.card .name{font-weight:600}
.card .tagline{color:var(--soft);overflow-wrap:anywhere}
.card .metric{font-weight:700;white-space:nowrap}
.card:has(>.rank){display:grid;grid-template-columns:2.6rem 40px minmax(0,1fr) auto;align-items:center;gap:.8rem}
.card:has(>.rank) .rank{font-weight:700;color:var(--muted);font-variant-numeric:tabular-nums;text-align:right;white-space:nowrap}
.card:has(>.rank) .metric{text-align:right;font-variant-numeric:tabular-nums}
.vote{margin:0}.vote button{min-width:4.2rem;padding:.35rem .6rem;font-variant-numeric:tabular-nums;font-weight:700}
.vote button.voted{background:var(--surface);color:var(--link);border-color:var(--link)}
.votes{display:inline-block;min-width:4.2rem;text-align:right}
.vote-in{display:inline-block;min-width:4.2rem;padding:.35rem .6rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:var(--on-accent);text-align:center;text-decoration:none;font-weight:700;font-variant-numeric:tabular-nums}
.vote-in .votes{min-width:0;text-align:center}.vote-in:hover{filter:brightness(1.15)}
.card:has(:target){outline:3px solid var(--focus);outline-offset:2px}.card [id]{scroll-margin-top:6rem}
@media (max-width:30rem){.card{flex-wrap:wrap}.card:has(>.rank){grid-template-columns:2rem 40px minmax(0,1fr) auto;gap:.6rem;padding:.6rem}.card:has(>.rank) .metric.text{grid-column:3/-1;white-space:normal;text-align:left}.card:has(>.rank) .metric.text:has(>.vote-in){grid-column:auto;text-align:right}}
.logo,.mono{width:40px;height:40px;border-radius:8px;flex:none}img.logo{object-fit:cover;background:var(--chip)}
.logo.big,.mono.big{width:64px;height:64px;border-radius:14px;font-size:1.5rem}
.panel>h2:first-child{margin-top:0}
.mono{display:flex;align-items:center;justify-content:center;color:#fff;font-weight:700;font-size:.95rem;letter-spacing:.02em}
.mono.c0{background:#3a3ad0}.mono.c1{background:#0f6e5a}.mono.c2{background:#8a3ea8}.mono.c3{background:#b0362e}.mono.c4{background:#1f67a0}.mono.c5{background:#725400}.mono.c6{background:#a3316f}.mono.c7{background:#3f6212}
.muted{color:var(--muted);font-size:.9rem}
.paid{display:inline-block;background:var(--paid-bg);border:1px solid var(--paid-border);color:var(--paid-fg);border-radius:4px;padding:0 .35rem;font-size:.8rem;font-weight:600}
.notice{background:var(--notice-bg);border:1px solid var(--notice-border);padding:.6rem .8rem;border-radius:6px}
.error{background:var(--error-bg);border:1px solid var(--error-border);color:var(--error-fg);padding:.6rem .8rem;border-radius:6px}
.panel{background:var(--surface);border:1px solid var(--border);border-radius:10px;padding:1rem;margin:.8rem 0;overflow-wrap:anywhere}
.empty{background:var(--surface);border:1px dashed var(--field);border-radius:10px;padding:1rem;margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.6rem;align-items:center;margin:.6rem 0}
.search-filters{background:var(--surface);border:1px solid var(--border);border-radius:10px;padding:.4rem 1rem;margin:0 0 .8rem}
.search-filters p{display:flex;flex-wrap:wrap;gap:.4rem .6rem;align-items:center;margin:.5rem 0}
.search-filters input[type=search]{flex:1 1 14rem}.search-filters .field{display:inline-flex;gap:.4rem;align-items:center;min-width:0}.search-filters select{min-width:0;max-width:14rem}
.actions form{margin:0}
.tags{display:flex;flex-wrap:wrap;gap:.3rem;list-style:none;padding:0}.tags li{background:var(--chip);border-radius:4px;padding:0 .4rem;font-size:.85rem}
.pager{display:flex;gap:1rem;margin:1rem 0}
table{border-collapse:collapse;width:100%}th,td{text-align:left;border-bottom:1px solid var(--border);padding:.35rem .4rem;vertical-align:top}
code,pre{font:.9em ui-monospace,monospace;overflow-wrap:anywhere}pre{background:var(--chip);padding:.8rem;border-radius:6px;overflow-x:auto}dd{margin:0 0 .8rem 1.2rem}
.sr{position:absolute;left:-9999px}
footer{max-width:64rem;margin:2rem auto;padding:1rem;color:var(--muted);font-size:.9rem;border-top:1px solid var(--border)}
footer nav{display:flex;flex-wrap:wrap;gap:.3rem 1rem;margin-bottom:.5rem}
.digest-signup{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem .6rem;margin:0 0 1rem}
.digest-signup label{flex:1 0 100%;margin:0;color:var(--fg)}
.digest-signup input[type=email]{flex:1 1 12rem;width:auto;min-width:0;max-width:22rem;margin:0}
main.card-page .digest-signup button,.digest-signup button{margin:0;flex:none}
`;

/** The listing page's own look (its heading, gallery, folded sections, reviews and discussion): on that page only. */
export const LISTING_STYLE = `
.mono.avatar{width:28px;height:28px;border-radius:50%;font-size:.7rem;display:inline-flex;vertical-align:middle;margin-right:.4rem}
.byline{display:flex;align-items:center;flex-wrap:wrap;gap:0 .35rem;margin:.2rem 0}
.gallery{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,16rem),1fr));gap:.8rem}
.gallery figure{margin:0}.gallery img{display:block;width:100%;height:auto;aspect-ratio:16/10;object-fit:cover;border-radius:8px;border:1px solid var(--border);background:var(--chip)}
.gallery figcaption{font-size:.85rem;color:var(--muted);margin-top:.3rem}
.hero{display:grid;grid-template-columns:64px minmax(0,1fr) auto;gap:.9rem 1.1rem;align-items:center;background:var(--surface);border:1px solid var(--border);border-radius:14px;padding:1.1rem 1.2rem;margin:.8rem 0 1rem}
.hero h1{margin:0;font-size:1.8rem;line-height:1.2}.hero .tagline{margin:.2rem 0 0;font-size:1.1rem;color:var(--soft)}
.hero .act{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:flex-end;max-width:32rem}.hero .act form{margin:0}
.hero .act .notice,.hero .act .error{flex:1 0 100%;margin:0}
.big-vote{display:inline-flex;gap:.45rem;align-items:center;justify-content:center;min-width:8.5rem;padding:.6rem 1.1rem;border-radius:8px;border:1px solid var(--accent);background:var(--accent);color:var(--on-accent);font-size:1.05rem;font-weight:700;text-decoration:none;font-variant-numeric:tabular-nums}
.big-vote.voted{background:var(--surface);color:var(--link);border-color:var(--link)}a.big-vote:hover{filter:brightness(1.15)}
.button-link{display:inline-block;padding:.6rem 1rem;border-radius:8px;border:1px solid var(--link);color:var(--link);background:var(--surface);font-weight:600;text-decoration:none}
.hero .act button.secondary{padding:.6rem 1rem;border-radius:8px;font-weight:600}
.facts{grid-column:1/-1;display:flex;flex-wrap:wrap;gap:.5rem 2rem;list-style:none;margin:0;padding:.8rem 0 0;border-top:1px solid var(--border)}
.facts li{min-width:0}.facts .k{display:block;font-size:.8rem;color:var(--muted)}.facts .v{font-weight:600}
@media (max-width:48rem){.hero{grid-template-columns:64px minmax(0,1fr);padding:1rem}.hero .act{grid-column:1/-1;justify-content:flex-start;max-width:none}.hero h1{font-size:1.5rem}.facts{gap:.5rem 1.2rem}}
details.fold>summary{cursor:pointer;list-style-position:outside;margin-left:1.1rem}details.fold>summary h2{display:inline;margin:0}details.fold[open]>summary{margin-bottom:.6rem}
details.fold>summary .muted{font-weight:400}
.grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,20rem),1fr));gap:0 .8rem}
.field-error{color:var(--error-fg);font-weight:600;margin:.2rem 0}
.reviews{list-style:none;padding:0}#discussion article,.review{border-top:1px solid var(--border);padding:.6rem 0}#discussion .replies{margin-left:1.5rem}
.maker{display:inline-block;background:var(--maker-bg);border:1px solid var(--maker-border);color:var(--maker-fg);border-radius:4px;padding:0 .35rem;font-size:.8rem;font-weight:600}
.comment-actions{display:flex;flex-wrap:wrap;gap:.6rem;align-items:flex-start}.comment-actions form{margin:0}
`;

/** The account screens' own look (the card, keys, charts): on those screens only. */
const ACCOUNT_STYLE = `
main.card-page{max-width:30rem;width:calc(100% - 1rem);margin:1.5rem auto;padding:1.5rem;background:var(--surface);border:1px solid var(--border);border-radius:12px}
main.card-page.wide{max-width:52rem}
main.card-page h1{font-size:1.4rem;margin:0 0 1rem}
main.card-page label{display:block;margin:.8rem 0 .2rem}
main.card-page input[type=email],main.card-page input[type=password],main.card-page input[type=text]{width:100%}
main.card-page button{margin-top:1rem}
main.card-page table{display:block;overflow-x:auto;font-size:.95rem}
main.card-page td button{margin-top:0}
button.danger{background:var(--surface);color:var(--error-fg);border-color:var(--error-fg);margin-top:0}
.key{font:15px ui-monospace,monospace;word-break:break-all;background:var(--paid-bg);border:1px solid var(--paid-border);color:var(--paid-fg);padding:.6rem;border-radius:6px}
ul.scopes{padding-left:1.2rem}ul.scopes li{margin:.3rem 0}
.keys .card{flex-wrap:wrap}.keys .body{flex:1 1 12rem;overflow-wrap:anywhere}.keys form,.keys .revoked{margin:0}
.chart{margin:1.5rem 0;--chart-1:#3a3ad0;--chart-2:#b35c00}
@media (prefers-color-scheme:dark){.chart{--chart-1:#a8b8ff;--chart-2:#ffb366}}
.chart figcaption h2{margin:0 0 .2rem}.chart>svg{display:block;overflow:visible}
.chart text{fill:var(--muted);font-size:13px;font-variant-numeric:tabular-nums}.chart .grid{stroke:var(--border)}.chart .axis{stroke:var(--field)}
.chart .bars.s1{fill:var(--chart-1)}.chart .bars.s2{fill:var(--chart-2)}.chart .line.s1{stroke:var(--chart-1);fill:var(--chart-1)}.chart .line.s2{stroke:var(--chart-2);fill:var(--chart-2)}.chart .line polyline{fill:none;stroke-width:2.5}
.chart .legend{display:flex;flex-wrap:wrap;gap:.2rem 1rem;margin:0 0 .4rem;color:var(--muted);font-size:.9rem}.chart .legend svg{vertical-align:-1px}
.chart details{margin-top:.5rem}.chart summary{cursor:pointer;color:var(--link)}
.totals{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,8.5rem),1fr));gap:.6rem;margin:.4rem 0 1rem}.totals div{border:1px solid var(--border);border-radius:8px;padding:.5rem .7rem}.totals dt{font-size:.85rem;color:var(--muted)}.totals dd{margin:0;font-size:1.4rem;font-weight:700;font-variant-numeric:tabular-nums}
@media (max-width:30rem){.chart text{font-size:22px}}
@media (max-width:30rem){main.card-page{width:100%;margin:0;border:0;border-radius:0;padding:1rem}}
`;

const CARD_PAGE_STYLE = STYLE + ACCOUNT_STYLE;

/**
 * The site's pages run no script and load nothing from another origin: every image they show is the service's own
 * (/images, /badges). The page policy, with its connect-src 'self' (a link's ping, a crawler check's robots.txt).
 */
const SITE_POLICY = pagePolicy();

/** A link target given by a person or crawled from a website, only when it is an http(s) URL (never javascript: or data:). */
export function webUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface SitePage {
  title: string;
  /** The meta description (and Open Graph description). */
  description: string;
  /** The canonical path of this page, e.g. /listings/acme. */
  path: string;
  body: SafeHtml;
  /** The page's own style sheet, after the site's (LISTING_STYLE): what no other page needs is not sent with them. */
  style?: string;
  /** The page's heading, when it is more than `<h1>{title}</h1>` (a listing's: logo, name, tagline, vote); must hold the h1. */
  heading?: SafeHtml;
  account?: AccountRecord;
  /** schema.org data for the page (JSON-LD). */
  jsonLd?: Record<string, unknown>;
  /** Open Graph type (default website). */
  ogType?: string;
  image?: string | null;
  /** This page's social card: a path on this site (e.g. /cards/listings/acme.png), a 1200×630 PNG; preferred to `image`. */
  socialImage?: string;
  noindex?: boolean;
  /** One person's page (an order, a link carrying a token): kept by no cache, not even the browser's. */
  noStore?: boolean;
  /** The page reloads itself after this many seconds (a draft being read: works without JavaScript). */
  refreshSeconds?: number;
  /** The page's own Atom feed (a category's launches), offered in the head before the site's. */
  feed?: { title: string; path: string };
}

export interface SiteEnv {
  publicUrl: string;
  siteName: string;
}

/** JSON inside a <script> element: "<" escaped so no text in the data can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The site's name before the settings are read (the account screens rendered outside the site's router). */
const DEFAULT_SITE_NAME = DEFAULT_SITE_SETTINGS.site_name;

/** A page's <title>: "Page · Site", or the site's name alone when the page is named after the site (the home page). */
const pageTitle = (title: string, siteName: string) => (title === siteName ? siteName : `${title} · ${siteName}`);

/** The icon of every page (src/web/favicon.ts serves it). */
const ICON_LINKS = html`<link rel="icon" type="image/svg+xml" href="/favicon.svg"><link rel="icon" href="/favicon.ico" sizes="32x32">`;

/** Who the header is for: signed in (a link to the account) or not (sign in, coming back to `returnTo`, and sign up). */
type HeaderVisitor = { signedIn: true } | { signedIn: false; returnTo?: string };

/** The site's header: a skip link first, the name (a link home), the navigation and the search form. */
function siteHeader(ctx: Context, siteName: string, visitor: HeaderVisitor): SafeHtml {
  const user = visitor.signedIn
    ? html`<a href="/account">Account</a>`
    : html`<a href="${visitor.returnTo ? `/signin?return_to=${encodeURIComponent(visitor.returnTo).replace(/%2F/gi, '/')}` : '/signin'}">Sign in</a><a href="/signup">Sign up</a>`;
  return html`<a class="skip" href="#main">Skip to content</a>
<header><div class="bar"><a class="brand" href="/">${siteName}</a>
<nav aria-label="Site"><a href="/weeks/this">Launches</a><a href="/categories">Categories</a><a href="/leaderboards/community-weekly">Leaderboards</a><a href="/founders">Founders</a><a href="/blog">Blog</a><a href="/awards">Awards</a><a href="/submit">Submit a product</a>${user}</nav>
<form method="get" action="/search" role="search"><label for="site-q" class="sr">Search listings</label><input id="site-q" type="search" name="q" placeholder="Search products" value="${ctx.path === '/search' ? String(ctx.query.q ?? '') : ''}"><button>Search</button></form>
</div></header>`;
}

/**
 * The digest's sign-up in a footer or on the home page: pages that are kept for everyone carry no session or CSRF
 * token, so a GET form that leads to /subscribe with the address filled in; `id` names its field (unique on the page).
 */
export const digestSignup = (id: string, label: string) =>
  html`<form class="digest-signup" method="get" action="/subscribe"><label for="${id}">${label}</label><input type="email" id="${id}" name="email" autocomplete="email" placeholder="you@example.com" maxlength="254"><button type="submit">Get the weekly digest</button></form>`;

const SITE_FOOTER = html`<footer>${digestSignup('footer-digest-email', 'The top launches by mail')}<nav aria-label="Footer"><a href="/about">About</a><a href="/submit">Submit a product</a><a href="/docs">API</a><a href="/docs/mcp">MCP</a><a href="/feeds/launches.xml">Launches feed</a><a href="/feeds/blog.xml">Blog feed</a><a href="/sitemap.xml">Sitemap</a></nav>
<p>Votes come only from people on this site; awards follow community votes only. The billboard is a paid ranking.</p></footer>`;

/** A complete page of the public site: the shared header, the page, its meta description, canonical URL and Open Graph tags. */
export function renderSitePage(ctx: Context, env: SiteEnv, page: SitePage): void {
  const canonical = `${env.publicUrl}${page.path}`;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', page.noStore ? 'no-store' : 'private, no-cache');
  ctx.set('Content-Security-Policy', SITE_POLICY);
  const head = html`<title>${pageTitle(page.title, env.siteName)}</title>
<meta name="description" content="${page.description}">
<link rel="canonical" href="${canonical}">
${page.noindex ? html`<meta name="robots" content="noindex">` : ''}
${page.refreshSeconds ? html`<meta http-equiv="refresh" content="${String(page.refreshSeconds)}">` : ''}
<meta property="og:site_name" content="${env.siteName}"><meta property="og:type" content="${page.ogType ?? 'website'}">
<meta property="og:title" content="${page.title}"><meta property="og:description" content="${page.description}">
<meta property="og:url" content="${canonical}">${
    page.socialImage
      ? html`<meta property="og:image" content="${env.publicUrl}${page.socialImage}"><meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630"><meta name="twitter:card" content="summary_large_image">
<meta name="twitter:image" content="${env.publicUrl}${page.socialImage}">`
      : webUrl(page.image)
        ? html`<meta property="og:image" content="${webUrl(page.image)}">`
        : ''
  }
${page.feed ? html`<link rel="alternate" type="application/atom+xml" title="${page.feed.title}" href="${page.feed.path}">` : ''}
<link rel="alternate" type="application/atom+xml" title="Launches" href="/feeds/launches.xml">
<link rel="alternate" type="application/atom+xml" title="Blog" href="/feeds/blog.xml">
${page.jsonLd ? html`<script type="application/ld+json">${new SafeHtml(scriptJson(page.jsonLd))}</script>` : ''}`;
  ctx.body = htmlDocument(
    head,
    page.style ? STYLE + page.style : STYLE,
    html`${siteHeader(ctx, env.siteName, page.account ? { signedIn: true } : { signedIn: false, returnTo: ctx.path })}
<main id="main">${page.heading ?? html`<h1>${page.title}</h1>`}${page.body}</main>
${SITE_FOOTER}`,
  );
}

export interface CardPageOptions {
  wide?: boolean;
  /** Extra origins the page's forms may end up at (the consent page redirects to the client). */
  formActions?: string[];
  signedInEmail?: string;
}

/**
 * The site's name on the account screens, which are given no SiteEnv: their router sets it once per request from the
 * settings (auth/routes.ts); a screen rendered elsewhere (the OAuth server's error page) says the default name.
 */
export function setCardSiteName(ctx: Context, siteName: string): void {
  ctx.state.cardSiteName = siteName;
}

/**
 * The site's name as the request was told it (setCardSiteName, statedSiteName), else the default: for a page answered
 * by a middleware that is given no settings.
 */
export function requestSiteName(ctx: Context): string {
  const stated = ctx.state?.cardSiteName;
  return typeof stated === 'string' && stated ? stated : DEFAULT_SITE_NAME;
}

/** Tells every page answered after it (the reference pages: /docs, /bot, /problems) the site's name as the settings say now. */
export function statedSiteName(siteName: () => string | Promise<string>): Middleware {
  return async (ctx, next) => {
    setCardSiteName(ctx, await siteName());
    return next();
  };
}

/**
 * A sign-in, account or consent screen: the site's header, footer and look around a card, never cached, never indexed,
 * its referrer kept to this site (their addresses carry one-time tokens).
 */
export function renderCardPage(ctx: Context, title: string, body: SafeHtml, options: CardPageOptions = {}): void {
  const siteName = requestSiteName(ctx);
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', pagePolicy(options.formActions));
  ctx.body = htmlDocument(
    html`<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex">
<title>${pageTitle(title, siteName)}</title>`,
    CARD_PAGE_STYLE,
    html`${siteHeader(ctx, siteName, options.signedInEmail ? { signedIn: true } : { signedIn: false })}
<main id="main" class="card-page${options.wide ? ' wide' : ''}"><h1>${title}</h1>${options.signedInEmail ? html`<p class="muted">Signed in as ${options.signedInEmail}. <a href="/account">Account</a> · <a href="/account/api-keys">API keys</a></p>` : ''}${body}</main>
${SITE_FOOTER}`,
  );
}

/**
 * A reference page (the MCP page of /docs, /bot, the /problems pages): a page of the site like any other, with its
 * header, footer, light and dark. The middlewares that answer them read no session (the header offers sign-in) and no
 * settings (the site's default name, unless the request set one).
 */
export function renderReferencePage(ctx: Context, page: Pick<SitePage, 'title' | 'description' | 'path' | 'body'>): void {
  renderSitePage(ctx, { publicUrl: ctx.publicUrl, siteName: requestSiteName(ctx) }, page);
}

/** The document every look shares: language, charset, viewport, the look's head and its one inline style sheet. */
function htmlDocument(head: SafeHtml, style: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${ICON_LINKS}
${head}
<style>${new SafeHtml(style)}</style></head>
<body>${body}
</body></html>`.value;
}

/** A signed-in person's vote from a list row: the same form as the listing page's, coming back to `returnTo`. */
export interface RowVote {
  csrf: SafeHtml;
  voted: boolean;
  /** The list's own path (with its query, and the row's anchor), where the vote comes back to. */
  returnTo: string;
  /** The row's id, which the vote comes back to (`returnTo` ends with it). */
  anchor?: string;
}

/**
 * A listing in a list: rank (a fixed-width column, so names line up row after row), logo (or a monogram), name,
 * tagline, category, and a metric (votes unless given; a vote button when `vote` is given).
 */
export function listingCard(
  listing: ListingSummary,
  options: { rank?: number; metric?: SafeHtml | string; paid?: boolean; vote?: RowVote } = {},
): SafeHtml {
  const logo = listingLogo(listing);
  const rank =
    options.rank !== undefined ? html`<span class="rank">#${options.rank}</span>` : html`<span class="rank" aria-hidden="true"></span>`;
  const metric =
    options.metric !== undefined
      ? html`<div class="metric text">${options.metric}</div>`
      : html`<div class="metric">${options.vote ? voteForm(listing, options.vote) : html`<span class="votes">${listing.votes}<span class="sr"> votes</span><span aria-hidden="true"> ▲</span></span>`}</div>`;
  return html`<li class="card">${rank}${logo}<div class="body"><a class="name" href="/listings/${listing.slug}">${listing.name}</a>${options.paid ? html` <span class="paid">Paid</span>` : ''}<div class="tagline">${listing.tagline}</div><div class="muted"><a href="/categories/${listing.primary_category.slug}">${listing.primary_category.name}</a>${listing.launch_week ? ` · week of ${readableDate(listing.launch_week)}` : ''}${ratingText(listing)}</div></div>${metric}</li>`;
}

/** " · ★ 4.5 (3 reviews) · 2 comments": what people said, when they said anything. */
function ratingText({ community_rating: rating, comments_count: comments }: ListingSummary): SafeHtml {
  const reviews =
    rating.count > 0 && rating.average !== null
      ? html` · <span aria-hidden="true">★</span><span class="sr">rated</span> ${rating.average.toFixed(1)} (${rating.count} ${rating.count === 1 ? 'review' : 'reviews'})`
      : '';
  return html`${reviews}${comments > 0 ? ` · ${comments} ${comments === 1 ? 'comment' : 'comments'}` : ''}`;
}

function voteForm(listing: ListingSummary, vote: RowVote): SafeHtml {
  const action = vote.voted ? 'unvote' : 'vote';
  const hint = vote.voted ? `votes; you voted for ${listing.name}: take your vote back` : `votes; vote for ${listing.name}`;
  return html`<form class="vote"${vote.anchor ? html` id="${vote.anchor}"` : ''} method="post" action="/listings/${listing.slug}/${action}">${vote.csrf}<input type="hidden" name="return_to" value="${vote.returnTo}"><button type="submit"${vote.voted ? html` class="voted"` : ''}><span aria-hidden="true">${vote.voted ? '✓' : '▲'} </span>${listing.votes}<span class="sr"> ${hint}</span></button></form>`;
}

/** A listing's logo (decorative: its name is beside it), or its monogram when it has none; `big` on its own page. */
export function listingLogo(listing: Pick<ListingSummary, 'name' | 'slug' | 'logo_url'>, big = false): SafeHtml {
  const logoUrl = webUrl(listing.logo_url);
  const size = big ? 64 : 40;
  return logoUrl
    ? html`<img class="logo${big ? ' big' : ''}" src="${logoUrl}" alt="" width="${size}" height="${size}"${big ? '' : html` loading="lazy"`}>`
    : monogram(listing.name, listing.slug, big);
}

/** A listing without a logo: its initials on a square of one of eight colours, the same for the listing every time. */
function monogram(name: string, slug: string, big: boolean): SafeHtml {
  return monogramOf(name, slug, big ? ' big' : '');
}

/** A person's picture beside what they wrote: their public name's initials, drawn as a listing's monogram is. */
export function avatar(name: string): SafeHtml {
  return monogramOf(name, name, ' avatar');
}

function monogramOf(name: string, key: string, size: string): SafeHtml {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [key];
  const first = words[0] ?? '?';
  const initials = (words.length > 1 ? `${[...first][0]}${[...words[1]][0]}` : [...first].slice(0, 2).join('')).toUpperCase();
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return html`<span class="mono c${hash % 8}${size}" aria-hidden="true">${initials}</span>`;
}

export function cardList(items: SafeHtml[], empty: SafeHtml | string): SafeHtml {
  return items.length ? html`<ul class="cards">${items}</ul>` : html`<p class="empty">${empty}</p>`;
}

/** How a pager names its pages: the query parameter, a fragment to land on, and the words of its links. */
export interface PagerWords {
  param?: string;
  fragment?: string;
  label?: string;
  previous?: string;
  next?: string;
  /** Whether "Page 2 of 5" stands between the links. */
  position?: boolean;
}

/** Previous/next links of a paged list (?page=N, or the parameter `words` names). */
export function pager(
  path: string,
  page: number,
  perPage: number,
  total: number,
  query: Record<string, string> = {},
  words: PagerWords = {},
): SafeHtml {
  const { param = 'page', fragment = '', label = 'Pages', previous = '← Previous', next = 'Next →', position = true } = words;
  const link = (n: number) => `${path}?${new URLSearchParams({ ...query, [param]: String(n) }).toString()}${fragment}`;
  const last = Math.max(1, Math.ceil(total / perPage));
  if (last <= 1) return html``;
  return html`<nav class="pager" aria-label="${label}">${page > 1 ? html`<a href="${link(page - 1)}" rel="prev">${previous}</a>` : ''}${position ? html`<span class="muted">Page ${page} of ${last}</span>` : ''}${page < last ? html`<a href="${link(page + 1)}" rel="next">${next}</a>` : ''}</nav>`;
}

/** ?page=N as a positive integer (1 when absent or not a number), at most `max`. */
export function pageNumber(value: unknown, max = 1000): number {
  const n = Number(typeof value === 'string' ? value : 1);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1;
}

/** A day of the calendar (YYYY-MM-DD) as people read it: "Nov 23". Remembered: Intl's formatting is slow, and days few. */
export const readableDay = remembered(4_096, (day: string) => SHORT_DAY.format(new Date(`${day}T00:00:00Z`)));

const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A launch week as people read it: "Nov 23 – 29", or "Nov 30 – Dec 6" across a month. */
export const readableWeek = remembered(1_024, (start: string) => {
  const end = addDays(start, 6);
  return `${readableDay(start)} – ${start.slice(0, 7) === end.slice(0, 7) ? Number(end.slice(8)) : readableDay(end)}`;
});

const FULL_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const fullDay = remembered(4_096, (day: string) => FULL_DAY.format(new Date(`${day}T00:00:00Z`)));

/** A day as people read it: "Nov 23, 2026" (from a date or an ISO 8601 UTC moment); one formatter for every call. */
export function readableDate(iso: string): string {
  return fullDay(iso.slice(0, 10));
}

/** A moment as people read it on the site's pages: 2026-03-02 10:15 UTC (from a Date or an ISO 8601 UTC string). */
export function utcMinute(moment: Date | string): string {
  const iso = typeof moment === 'string' ? moment : moment.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
