/** The pieces of the sign-in and account screens' forms; their page itself is the site layout's card look (renderCardPage). */
import { html, type SafeHtml } from '../../src/text/html.js';
import { CSRF_FIELD } from '../csrf.js';

export function errorBox(message: string | undefined): SafeHtml {
  return message ? html`<p class="error" role="alert">${message}</p>` : html``;
}

export function noticeBox(message: string | undefined): SafeHtml {
  return message ? html`<p class="notice" role="status">${message}</p>` : html``;
}

export function hiddenCsrf(token: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;
}

/** The button that mails the address-confirmation link again. */
export function resendLinkForm(csrf: string): SafeHtml {
  return html`<form method="post" action="/verify-email/resend">${hiddenCsrf(csrf)}<button type="submit" class="secondary">Send the link again</button></form>`;
}

/** A moment as 2026-03-02 10:15 UTC: the site's one way of writing it. */
export { utcMinute as when } from '../../src/web/layout.js';
