import { RateLimitedError } from '../errors.js';
import type { RatePolicy } from './counter.js';
import { addHitsToEach, windowCount } from './fixed-window.js';
import { rateLimitHeaders } from './request-policy.js';
import type { Database, Statements } from '../db/database.js';

/** Counts one use of `key` under `policy`; beyond its limit, a 429 with Retry-After and RateLimit headers saying `detail`. */
export function countOrRefuse(db: Database, key: string, policy: RatePolicy, now: Date, detail: string): Promise<void> {
  return countAllOrRefuse(db, [{ key, policy, detail }], now);
}

/** A key counted under a policy, and what its 429 says. */
export interface CountedUse {
  key: string;
  policy: RatePolicy;
  detail: string;
}

/**
 * countOrRefuse for several limits of one window length, in one statement: every limit counts the use, and the
 * first one met refuses it. Given an open transaction, the count is part of it (undone with it).
 */
export async function countAllOrRefuse(db: Statements, uses: readonly CountedUse[], now: Date): Promise<void> {
  const windowSeconds = uses[0]?.policy.windowSeconds ?? 0;
  if (uses.some((use) => use.policy.windowSeconds !== windowSeconds)) throw new Error('countAllOrRefuse: limits of one window length only');
  const stored = await addHitsToEach(
    db,
    uses.map((use) => use.key),
    1,
    windowSeconds,
    now,
  );
  for (const [i, use] of uses.entries()) {
    const hit = windowCount(stored[i], use.policy.limit, windowSeconds, now);
    if (!hit.allowed) throw new RateLimitedError(hit.resetSeconds, use.detail, rateLimitHeaders(use.policy, hit));
  }
}
