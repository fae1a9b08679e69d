import type { Context } from 'koa';
import type { AccountRecord } from '../../src/accounts/accounts.js';
import { currentAccount, type PageEnv } from './env.js';

/** /signin, coming back to `returnTo` afterwards; slashes stay readable (/signin?return_to=/account). */
export function signInPath(returnTo?: string): string {
  return returnTo ? `/signin?return_to=${encodeURIComponent(returnTo).replace(/%2F/gi, '/')}` : '/signin';
}

/**
 * The signed-in account; without one, answers 303 to the sign-in page (which comes back to
 * `returnTo`, by default this page) and returns undefined: the handler stops.
 */
export async function requireSignedIn(ctx: Context, env: PageEnv, returnTo: string = ctx.path): Promise<AccountRecord | undefined> {
  const account = await currentAccount(ctx, env);
  if (!account) {
    ctx.status = 303;
    ctx.redirect(signInPath(returnTo));
  }
  return account;
}
