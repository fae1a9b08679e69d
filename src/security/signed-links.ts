/**
 * Links that act without signing in (a mail's unsubscribe and confirmation links): the link carries what it acts on,
 * signed with the service's `mail_link_key` secret (HMAC-SHA256, shared by every instance). A token is bound to its
 * audience, so an unsubscribe link cannot confirm anything, and may carry an expiry. What it names is a random id,
 * never an address or a counter, so nothing can be enumerated by changing a link.
 */
import { createHmac } from 'node:crypto';
import type { Database } from '../db/database.js';
import { equalSecrets, randomToken } from './random.js';
import { sharedSecret } from './service-secrets.js';

/** What a link may be used for; a token signed for one audience is refused for every other. */
export type LinkAudience = 'unsubscribe' | 'confirm-subscription';

type Claims = { aud: LinkAudience; sub: string; exp?: number };

/** What checking a token found: its subject, or why it is refused. */
export type LinkCheck = { ok: true; subject: string } | { ok: false; reason: 'invalid' | 'expired' };

const keys = new WeakMap<Database, Promise<string>>();

function linkKey(db: Database): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = sharedSecret(db, 'mail_link_key', () => randomToken(32));
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A token for `audience` naming `subject`; with `expiresAt`, refused as expired after it. */
export async function signLink(db: Database, audience: LinkAudience, subject: string, expiresAt?: Date): Promise<string> {
  const claims: Claims = { aud: audience, sub: subject, ...(expiresAt ? { exp: Math.floor(expiresAt.getTime() / 1000) } : {}) };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(await linkKey(db), payload)}`;
}

/**
 * A mail's one-click unsubscribe for `subject`: the page's address (also the link in the mail's text), and the RFC 8058
 * headers that name it. Signed once for both.
 */
export async function unsubscribeLink(
  db: Database,
  publicUrl: string,
  subject: string,
): Promise<{ url: string; headers: Record<string, string> }> {
  const url = `${publicUrl}/unsubscribe/${await signLink(db, 'unsubscribe', subject)}`;
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** The subject of a token signed for `audience`, or why it is refused (a forged, altered or foreign token is invalid). */
export async function checkLink(db: Database, token: string, audience: LinkAudience, now: Date): Promise<LinkCheck> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || token.length > 1000) return { ok: false, reason: 'invalid' };
  if (!equalSecrets(signature, sign(await linkKey(db), payload))) return { ok: false, reason: 'invalid' };
  let claims: Partial<Claims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (claims.aud !== audience || typeof claims.sub !== 'string') return { ok: false, reason: 'invalid' };
  if (typeof claims.exp === 'number' && now.getTime() >= claims.exp * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, subject: claims.sub };
}
