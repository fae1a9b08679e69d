import type Router from '@koa/router';
import { html } from '../text/html.js';
import { renderSitePage } from '../web/layout.js';
import { type SiteDeps, visit } from './visit.js';

/** /about: what the directory is, how ranking, votes and awards work, and how to submit a product (docs/community.md, docs/listings.md). */
export function aboutRoutes(router: Router, site: SiteDeps): void {
  router.get('/about', async (ctx) => {
    const { env, settings, account } = await visit(ctx, site);
    renderSitePage(ctx, env, {
      title: `About ${settings.site_name}`,
      description: `What ${settings.site_name} is, how its rankings and votes work, and how to submit a product.`,
      path: '/about',
      account,
      body: html`<p>${settings.site_purpose}</p>
<p>Everything on this site is also open to assistants and programs: the same directory through the <a href="/docs">API</a> and an <a href="/docs/mcp">MCP server</a>, and <a href="/feeds/launches.xml">feeds</a> of launches and of the <a href="/feeds/blog.xml">blog</a>.</p>
<h2 id="votes">Votes</h2>
<ul>
<li>Votes come only from people signed in on this site with a confirmed e-mail address: one vote per person and listing, which they can take back. Nobody votes through the API.</li>
<li>Only live listings take votes, and nobody votes for their own listing. Votes are limited per person and per network.</li>
<li>A daily check flags vote rings (bursts from new accounts, many votes from one network, votes from the product's own domain). A flagged vote counts neither on the boards nor for the awards until a moderator clears it.</li>
</ul>
<h2 id="ranking">Ranking and awards</h2>
<ul>
<li>A launch week runs from Monday to Monday (${settings.time_zone}). Its launches are ranked by the votes cast during the week; on a tie, the earlier launch comes first.</li>
<li>When a week ends, Launch of the Week #1, #2 and #3 go to that week's launches with the most counted votes. Money plays no part, and every award carries a signed proof anyone can check (<a href="/awards">awards</a>).</li>
<li>The <a href="/leaderboards/billboard">billboard</a> is a paid ranking, and says so; every other board follows votes or public figures.</li>
</ul>
<h2 id="submit">Submit a product</h2>
<p>Products are submitted by their makers through an assistant (MCP) or the API, with an account of this site:</p>
<ol>
<li><a href="${site.kit.signInPath('/about#submit')}">Sign in</a> or create an account, and confirm your e-mail address.</li>
<li>Give your product's address to <code>submit_listing</code>: the service reads your site and drafts the listing, keeping only what the site states.</li>
<li>Check the draft, then <code>submit_draft</code>. Launch for free (<code>choose_free_listing</code>: a week ${settings.free_launch_weeks.min} to ${settings.free_launch_weeks.max} weeks out, with our badge on your homepage), or with a paid launch (<code>quote_order</code>) at once or in the week you pick.</li>
</ol>
<p>How to connect an assistant: <a href="/docs/mcp">MCP server</a>. Every operation: <a href="/docs">API reference</a>.</p>`,
    });
  });
}
