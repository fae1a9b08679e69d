import type { Context } from 'koa';
import type { Database } from '../src/db/database.js';
import { findAccountBySession, type AccountRecord } from '../src/accounts/accounts.js';
import { randomToken, sha256 } from '../src/security/random.js';
import { readCookie, setCookie } from './cookies.js';

const SESSION_COOKIE = 'ld_session';
const SESSION_LIFETIME_SECONDS = 30 * 24 * 3600;

export interface SessionEnv {
  db: Database;
  now: () => Date;
  /** Whether cookies are Secure (PUBLIC_URL is https). */
  secure: boolean;
}

/** Signs the browser in: a new random session id in the cookie, its hash in web_sessions. */
export async function startWebSession(ctx: Context, env: SessionEnv, accountId: string): Promise<void> {
  const previous = readCookie(ctx, SESSION_COOKIE, env.secure);
  if (previous) await env.db.query('DELETE FROM web_sessions WHERE id_hash = $1', [sha256(previous)]);
  const id = randomToken();
  const now = env.now();
  await env.db.query('INSERT INTO web_sessions (id_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    sha256(id),
    accountId,
    now.toISOString(),
    new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000).toISOString(),
  ]);
  setCookie(ctx, SESSION_COOKIE, id, { secure: env.secure, maxAgeSeconds: SESSION_LIFETIME_SECONDS });
  ctx.state.signedInAccount = undefined;
}

/** The account this browser is signed in as, if its session is known and unexpired. */
export async function signedInAccount(ctx: Context, env: SessionEnv): Promise<AccountRecord | undefined> {
  if (ctx.state.signedInAccount !== undefined) return ctx.state.signedInAccount ?? undefined;
  const id = readCookie(ctx, SESSION_COOKIE, env.secure);
  const account = id ? await findAccountBySession(env.db, sha256(id), env.now()) : undefined;
  ctx.state.signedInAccount = account ?? null;
  return account;
}

export async function endWebSession(ctx: Context, env: SessionEnv): Promise<void> {
  const id = readCookie(ctx, SESSION_COOKIE, env.secure);
  if (id) await env.db.query('DELETE FROM web_sessions WHERE id_hash = $1', [sha256(id)]);
  setCookie(ctx, SESSION_COOKIE, '', { secure: env.secure, maxAgeSeconds: 0 });
  forgetAuthorizationSession(ctx);
  ctx.state.signedInAccount = null;
}

/**
 * The authorization server keeps its own session cookie; signing out of the site forgets it, so
 * the next app authorization asks the site who is signed in. (Signing in keeps it: an authorization
 * in progress is bound to it, and the consent step switches its account when the person changed.)
 */
function forgetAuthorizationSession(ctx: Context): void {
  for (const name of ['_session', '_session.sig', '_session.legacy', '_session.legacy.sig']) {
    ctx.append('Set-Cookie', `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax`);
  }
}
