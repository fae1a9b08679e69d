import type { Context } from 'koa';
import { html, type SafeHtml } from '../../src/text/html.js';
import { renderCardPage } from '../../src/web/layout.js';

/** 429 with Retry-After, and a page that says how long to wait. Nothing was done. */
export function tooManyAttempts(ctx: Context, retryAfterSeconds: number, options: { hint?: SafeHtml; signedInEmail?: string } = {}): void {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  ctx.status = 429;
  ctx.set('Retry-After', String(retryAfterSeconds));
  renderCardPage(
    ctx,
    'Too many attempts',
    html`<p class="error" role="alert">There were too many attempts in a short time, so this one was not carried out.</p>
<p>Wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`}, then try again.</p>${options.hint ?? ''}`,
    { signedInEmail: options.signedInEmail },
  );
}
