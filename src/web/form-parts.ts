/** The messages above a page's form, shared by the sign-in pages (auth/pages/form-parts.ts) and the site's owner pages. */
import { html, type SafeHtml } from '../text/html.js';

export function errorBox(message: string | undefined): SafeHtml {
  return message ? html`<p class="error" role="alert">${message}</p>` : html``;
}

export function noticeBox(message: string | undefined): SafeHtml {
  return message ? html`<p class="notice" role="status">${message}</p>` : html``;
}
