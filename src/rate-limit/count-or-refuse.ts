import { RateLimitedError } from '../errors.js';
import { exactCounter, type RatePolicy } from './counter.js';
import { rateLimitHeaders } from './request-policy.js';
import type { Database } from '../db/database.js';

/** Counts one use of `key` under `policy`; beyond its limit, a 429 with Retry-After and RateLimit headers saying `detail`. */
export async function countOrRefuse(db: Database, key: string, policy: RatePolicy, now: Date, detail: string): Promise<void> {
  const hit = await exactCounter(db).hit(key, policy, now);
  if (!hit.allowed) throw new RateLimitedError(hit.resetSeconds, detail, rateLimitHeaders(policy, hit));
}
