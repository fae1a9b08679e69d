import type { Context, Middleware } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { SafeHtml } from '../text/html.js';

/**
 * What the public site's pages borrow from the sign-in pages (built by auth/, handed over by the composition
 * root): who is signed in on this browser, the CSRF token of its forms, and the guard every POST form passes.
 */
export interface PageKit {
  account(ctx: Context): Promise<AccountRecord | undefined>;
  /** The hidden CSRF field of this browser's forms. */
  csrfField(ctx: Context): SafeHtml;
  /** Mount on a router before its POST routes: reads the form, checks CSRF and Origin (400/403 pages otherwise). */
  formGuard: Middleware;
  /** The form formGuard read. */
  form(ctx: Context): Record<string, string>;
  /** The sign-in page, coming back to `returnTo`. */
  signInPath(returnTo: string): string;
}
