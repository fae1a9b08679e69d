/**
 * What a rate-limit key keeps of a client address or an e-mail address (issue 52, part 6): a keyed hash, never the
 * value. HMAC-SHA256 with the service's `rate_limit_key` secret (service_secrets, made on first use and shared by every
 * instance), cut to 22 base64url characters (132 bits): equal for equal values, and meaningless without the secret.
 */
import { createHmac } from 'node:crypto';
import type { Database } from '../db/database.js';
import { randomToken } from './random.js';
import { sharedSecret } from './service-secrets.js';

/** How many base64url characters of the HMAC are kept. */
const HASH_LENGTH = 22;

/** Turns an address or e-mail address into what a key may hold. */
export type KeyedHash = (value: string) => string;

/** The keyed hash of `value` under `secret`. */
function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url').slice(0, HASH_LENGTH);
}

/** The service's secret, read once per database. */
const secrets = new WeakMap<Database, Promise<string>>();

/** keyedHash with the service's own `rate_limit_key` secret: the one helper every rate-limit key builder uses. */
export async function rateLimitKeyHash(db: Database): Promise<KeyedHash> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = sharedSecret(db, 'rate_limit_key', () => randomToken(32));
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db)); // a failed read is tried again next time
  }
  const key = await secret;
  return (value) => keyedHash(key, value);
}

/** One value's keyed hash with the service's secret (a key builder that hashes one value). */
export async function hashedKeyPart(db: Database, value: string): Promise<string> {
  return (await rateLimitKeyHash(db))(value);
}
