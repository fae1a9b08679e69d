import type { Context } from 'koa';
import { html, SafeHtml } from '../../src/text/html.js';
import { pagePolicy } from '../../src/web/security-headers.js';
import { CSRF_FIELD } from '../csrf.js';

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#f6f6f8}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
main.wide{max-width:48rem}
h1{font-size:1.4rem;margin:0 0 1rem}
label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input[type=email],input[type=password],input[type=text]{width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #c8c8d0;border-radius:6px;font:inherit}
button{font:inherit;padding:.55rem 1rem;border-radius:6px;border:1px solid #3a3ad0;background:#3a3ad0;color:#fff;cursor:pointer;margin-top:1rem}
button.secondary{background:#fff;color:#3a3ad0}
button.danger{background:#fff;color:#b00020;border-color:#b00020;margin-top:0}
.error{background:#fdecee;border:1px solid #f3b6bf;color:#8a0018;padding:.6rem .8rem;border-radius:6px}
.notice{background:#eef6ee;border:1px solid #b9dcb9;padding:.6rem .8rem;border-radius:6px}
.key{font:15px ui-monospace,monospace;word-break:break-all;background:#fff8e1;border:1px solid #f0d98a;padding:.6rem;border-radius:6px}
.muted{color:#666;font-size:.9rem}
ul.scopes{padding-left:1.2rem}ul.scopes li{margin:.3rem 0}
table{border-collapse:collapse;width:100%}th,td{text-align:left;border-bottom:1px solid #e3e3e8;padding:.35rem .4rem;vertical-align:top;font-size:.95rem}
nav{max-width:48rem;margin:1rem auto 0;padding:0 1rem;font-size:.95rem}nav a{margin-right:1rem}
.actions{display:flex;gap:.6rem;align-items:center}
`;

export interface LayoutOptions {
  wide?: boolean;
  /** Extra origins the page's forms may end up at (the consent page redirects to the client). */
  formActions?: string[];
  signedInEmail?: string;
}

/** A complete HTML page for the sign-in, account and consent screens. */
export function renderPage(ctx: Context, title: string, body: SafeHtml, options: LayoutOptions = {}): void {
  const nav = options.signedInEmail
    ? html`<nav><a href="/account">Account</a><a href="/account/api-keys">API keys</a><span class="muted">Signed in as ${options.signedInEmail}</span></nav>`
    : html`<nav><a href="/signin">Sign in</a><a href="/signup">Create an account</a></nav>`;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', pagePolicy(options.formActions));
  ctx.body = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title} · Launch directory</title><style>${new SafeHtml(STYLE)}</style></head>
<body>${nav}<main class="${options.wide ? 'wide' : ''}"><h1>${title}</h1>${body}</main></body></html>`.value;
}

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

/** A moment as 2026-03-02 10:15 UTC (from a Date or an ISO 8601 UTC string). */
export function when(moment: Date | string): string {
  const iso = typeof moment === 'string' ? moment : moment.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
