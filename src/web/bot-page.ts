import type { Middleware } from 'koa';
import { CRAWLER_NAME } from '../crawler/crawl-site.js';
import { html } from '../text/html.js';
import { renderReferencePage, requestSiteName } from './layout.js';

/**
 * GET /bot: what the crawler named in its user agent does, for site owners who see it in their logs; it names the site
 * as the request was told (statedSiteName, mounted before it).
 */
export function botPage(publicUrl: string): Middleware {
  const body = (
    siteName: string,
  ) => html`<p>${CRAWLER_NAME} reads a product's website when its founder submits it to ${siteName} at <a href="${publicUrl}">${publicUrl}</a>, so that the listing can be drafted from what the site says, with quotes as evidence.</p>
<ul>
<li>It reads robots.txt first and obeys the rules for <code>${CRAWLER_NAME}</code> (and <code>*</code>).</li>
<li>It reads only the submitted site's own host: the home page and at most seven pages that state facts (about, pricing, features, FAQ, team, contact, legal), once per submission.</li>
<li>It never follows links to other sites and does not submit forms or run scripts.</li>
</ul>
<p>To keep it out, add to robots.txt:</p><pre>User-agent: ${CRAWLER_NAME}
Disallow: /</pre>`;
  return async (ctx, next) => {
    if (ctx.path !== '/bot' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    renderReferencePage(ctx, {
      title: CRAWLER_NAME,
      description: `What ${CRAWLER_NAME}, the directory's crawler, reads and how to keep it out.`,
      path: '/bot',
      body: body(requestSiteName(ctx)),
    });
  };
}
