import type { Middleware } from 'koa';
import compose from 'koa-compose';
import { TOOLSETS } from '../src/registry/toolsets.js';
import { html, type SafeHtml } from '../src/text/html.js';
import { renderReferencePage, requestSiteName } from '../src/web/layout.js';
import { API_PREFIX, MCP_PATH } from '../src/web/paths.js';
import { ASSETS_PATH, assetUrl, docsAssets } from './docs-assets.js';

/**
 * The policy of /docs, for Swagger UI: scripts only from this site (its bundle and the initializer, both
 * under /docs/assets/; no inline script, no eval), its stylesheet from this site, the data: images its
 * stylesheet draws icons with, and "Try it out" and the document fetched from this service. Nothing
 * from elsewhere. (The other pages allow no script at all; this is the one page that needs some.)
 */
function docsPolicy(publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${origin}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * GET /docs: the API reference, Swagger UI rendering the OpenAPI document (its description says how to
 * authenticate, the toolsets, webhooks and the site team), served from the installed swagger-ui-dist;
 * GET /docs/mcp: the MCP server's address, toolsets, resources and prompts; /docs/assets/: their files. Both name the
 * site as the request was told (statedSiteName, mounted before).
 */
export function docsPage(options: { publicUrl: string }): Middleware {
  const mcp = mcpPage(options.publicUrl);
  const policy = docsPolicy(options.publicUrl);
  const pages: Middleware = async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/docs') {
      ctx.set('Content-Security-Policy', policy);
      ctx.type = 'html';
      ctx.body = referencePage(options.publicUrl, requestSiteName(ctx));
    } else if (ctx.path === '/docs/mcp') {
      renderReferencePage(ctx, {
        title: 'MCP server',
        description: "The directory's MCP server: its address, toolsets, resources and prompts.",
        path: '/docs/mcp',
        body: mcp,
      });
    } else {
      return next();
    }
  };
  return compose([docsAssets(), pages]);
}

function referencePage(publicUrl: string, siteName: string): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${siteName} API reference</title>
<link rel="stylesheet" href="${assetUrl('swagger-ui.css')}">
<link rel="stylesheet" href="${assetUrl('docs.css')}">
</head><body>
<header class="docs-header"><p><a href="/">${siteName}</a> · API reference · REST <code>${publicUrl}${API_PREFIX}</code> ·
<a href="${API_PREFIX}/openapi.json">OpenAPI 3.1 document</a> · <a href="/docs/mcp">MCP: toolsets, resources and prompts</a></p></header>
<main id="swagger-ui" data-url="${API_PREFIX}/openapi.json" data-oauth2-redirect="${publicUrl}${ASSETS_PATH}oauth2-redirect.html">
<noscript><p class="docs-header">The interactive reference needs JavaScript. The same operations are in the
<a href="${API_PREFIX}/openapi.json">OpenAPI document</a>.</p></noscript>
</main>
<script src="${assetUrl('swagger-ui-bundle.js')}"></script>
<script src="${assetUrl('docs.js')}"></script>
</body></html>`.value;
}

/** The MCP server's resources: the directory's public pages at their own addresses (src/mcp/directory-resources.ts). */
const RESOURCES = [
  ['listings/{slug}', "A live or upcoming product's profile", 'get_listing'],
  ['categories/{slug}', 'A category with its most voted listings', 'get_category'],
  ['weeks/{week}', 'A launch week (YYYY-MM-DD of any day, or this, next, last) with its launches ranked by votes', 'get_launch_week'],
  ['founders/{slug}', 'A founder with their companies and story', 'get_founder'],
  ['blog/{slug}', 'A post of the directory blog', 'get_blog_post'],
] as const;

/** The MCP server's prompts (src/mcp/directory-prompts.ts). */
const PROMPTS = [
  [
    'launch_my_product',
    'url',
    'Submit a product by its website address, review the drafted profile field by field, then choose a free or a paid launch.',
  ],
  [
    'compare_products',
    'need, category (optional), listing (optional)',
    'Find the listed products that meet a need, narrow them down and compare the best two side by side.',
  ],
  [
    'weekly_launch_digest',
    'week (optional: this, last, next or any date of the week), category (optional)',
    "A digest of a launch week: the week's launches ranked by community votes, grouped and summarised.",
  ],
] as const;

/** The body of /docs/mcp (a page of the site: renderReferencePage gives it the header and footer). */
function mcpPage(publicUrl: string): SafeHtml {
  const operation = (name: string) => html`<a href="/docs#/default/${name}">${name}</a>`;
  return html`<p>Address (Streamable HTTP) <code>${publicUrl}${MCP_PATH}</code>. Every tool is also a REST operation of the same name:
see the <a href="/docs">API reference</a>, which says how to <a href="/docs#authentication">authenticate</a> (OAuth 2.1 for
MCP clients: a call without a credential answers 401 with the <code>resource_metadata</code> address where the flow starts).</p>
<h2 id="toolsets">Toolsets</h2>
<p>Clients may ask for fewer tools in the address, e.g. <code>${MCP_PATH}?toolsets=directory,orders</code>, and
<code>${MCP_PATH}?read_only=true</code> for only the tools that change nothing. The toolsets:</p>
<ul>${Object.entries(TOOLSETS).map(([name, about]) => html`<li><code>${name}</code>: ${about}</li>`)}</ul>
<h2 id="resources">Resources</h2>
<p>The directory's public pages, each at its own address on the site (the <code>profile_url</code> or <code>url</code> the
tools answer): <code>resources/read</code> answers the same JSON as the tool that reads that page, and
<code>resources/list</code> pages through them. No sign-in needed. The templates:</p>
<ul>${RESOURCES.map(([template, about, tool]) => html`<li><code>${publicUrl}/${template}</code>: ${about} (${operation(tool)})</li>`)}</ul>
<h2 id="prompts">Prompts</h2>
<p>Arguments complete from the directory's own category slugs, listing slugs and weeks.</p>
<ul>${PROMPTS.map(([name, args, about]) => html`<li><code>${name}</code> (${args}): ${about}</li>`)}</ul>`;
}
