import type { Context, Middleware } from 'koa';
import type { Mailer } from '../../src/mail/mailer.js';
import type { Logger } from '../../src/logging/logger.js';
import type { AccountRecord } from '../../src/accounts/accounts.js';
import { CSRF_FIELD, csrfIsValid, csrfToken, type CsrfEnv } from '../csrf.js';
import { signedInAccount, type SessionEnv } from '../web-session.js';
import { readForm } from '../../src/web/form-body.js';
import { html } from '../../src/text/html.js';
import { renderCardPage } from '../../src/web/layout.js';

/** What every page handler needs; built once by auth/routes.ts. */
export interface PageEnv extends SessionEnv {
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
  /** The site's name (its site_name setting) as this instance keeps it: what the pages and their mail call the site. */
  siteName: () => Promise<string>;
  csrf: CsrfEnv;
}

export function csrfFor(ctx: Context, env: PageEnv): string {
  return csrfToken(ctx, env.csrf);
}

/**
 * Every POST to a page goes through here before its handler (formGuard is mounted on the pages'
 * router, so a new form cannot skip it): the form is read and its CSRF token and Origin checked. A
 * form that cannot be read is 400, a failed check 403, each with a page that says what to do; the
 * handler never runs and nothing is changed.
 */
export function formGuard(env: PageEnv): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'POST') return next();
    const form = await checkedForm(ctx, env);
    if (!form) return;
    ctx.state.form = form;
    return next();
  };
}

/** The submitted form, read and checked by formGuard (so every POST handler has one). */
export function submittedForm(ctx: Context): Record<string, string> {
  const form = ctx.state.form as Record<string, string> | undefined;
  if (!form) throw new Error(`POST ${ctx.path} reached its handler without formGuard: mount the guard on the pages' router`);
  return form;
}

async function checkedForm(ctx: Context, env: PageEnv): Promise<Record<string, string> | undefined> {
  const form = await readForm(ctx);
  if (!form) {
    ctx.status = 400;
    renderCardPage(ctx, 'This form could not be read', html`<p class="error" role="alert">Send the form from the service's own page.</p>`);
    return undefined;
  }
  if (!csrfIsValid(ctx, env.csrf, form[CSRF_FIELD])) {
    ctx.status = 403;
    renderCardPage(
      ctx,
      'This form has expired',
      html`<p class="error" role="alert">The form was not sent from this site's page, or it is too old. Nothing was changed.</p><p><a href="${ctx.path}">Open the page again</a> and send it once more.</p>`,
    );
    return undefined;
  }
  return form;
}

export function currentAccount(ctx: Context, env: PageEnv): Promise<AccountRecord | undefined> {
  return signedInAccount(ctx, env);
}

/**
 * Only same-site paths are followed after sign-in, never another origin. Whitespace and control
 * characters are refused: browsers drop tabs and line breaks from a URL, so "/<tab>/evil.example"
 * in a link would lead to //evil.example.
 */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u0020\u007f]/.test(value))
    return fallback;
  return value;
}
