/** The pieces of the sign-in and account screens' forms; their page itself is the site layout's card look (renderCardPage). */
import { html, type SafeHtml } from '../../src/text/html.js';
import { CSRF_FIELD } from '../csrf.js';

/** The error and notice above a form, shared with the site's owner pages. */
export { errorBox, noticeBox } from '../../src/web/form-parts.js';

export function hiddenCsrf(token: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;
}

/** The button that mails the address-confirmation link again. */
export function resendLinkForm(csrf: string): SafeHtml {
  return html`<form method="post" action="/verify-email/resend">${hiddenCsrf(csrf)}<button type="submit" class="secondary">Send the link again</button></form>`;
}

/** A moment as 2026-03-02 10:15 UTC: the site's one way of writing it. */
export { utcMinute as when } from '../../src/web/layout.js';
