import { createHmac } from 'node:crypto';
import type { Context } from 'koa';
import { equalSecrets, randomToken } from '../src/security/random.js';
import { readCookie, setCookie } from './cookies.js';

const CSRF_COOKIE = 'ld_csrf';
export const CSRF_FIELD = 'csrf';

/**
 * Every form carries a token derived (HMAC with a server key) from a random per-browser cookie.
 * Another site can make a browser send the cookie (and SameSite=Lax already stops cross-site
 * POSTs) but can neither read it nor compute the token. Requests whose Origin is not ours fail too.
 */
export interface CsrfEnv {
  key: string;
  secure: boolean;
  origin: string;
}

export function csrfToken(ctx: Context, env: CsrfEnv): string {
  let browserSecret = readCookie(ctx, CSRF_COOKIE, env.secure) ?? ctx.state.csrfBrowserSecret;
  if (!browserSecret) {
    browserSecret = randomToken(24);
    ctx.state.csrfBrowserSecret = browserSecret;
    setCookie(ctx, CSRF_COOKIE, browserSecret, { secure: env.secure });
  }
  return tokenFor(browserSecret, env.key);
}

export function csrfIsValid(ctx: Context, env: CsrfEnv, submitted: unknown): boolean {
  const origin = ctx.get('origin');
  if (origin && origin !== env.origin) return false;
  const browserSecret = readCookie(ctx, CSRF_COOKIE, env.secure);
  if (!browserSecret || typeof submitted !== 'string') return false;
  return equalSecrets(submitted, tokenFor(browserSecret, env.key));
}

function tokenFor(browserSecret: string, key: string): string {
  return createHmac('sha256', key).update(`csrf:${browserSecret}`).digest('base64url');
}
