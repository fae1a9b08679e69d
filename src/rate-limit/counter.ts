import type { Database } from '../db/database.js';
import { addHits, windowCount, type WindowCount } from './fixed-window.js';

/** A named limit: at most `limit` hits per fixed window of `windowSeconds`. */
export interface RatePolicy {
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The one counter under every limit of the service: the request quota of REST and MCP, an
 * operation's own limit (submit_listing) and the sign-in, sign-up and mail limits of the pages. Counts
 * live in the database (rate_limit_windows), so every instance shares them. Two strategies:
 * exactCounter writes each hit; BatchedCounter reserves hits ahead far from the limit.
 */
export interface RateCounter {
  /**
   * Counts `hits` hits (default 1) against `key` under `policy` and says whether they are allowed: at once
   * when the counter can tell from memory (BatchedCounter's reserved hits), else once the database answers.
   */
  hit(key: string, policy: RatePolicy, now: Date, hits?: number): WindowCount | Promise<WindowCount>;
}

/** Every hit written and checked in one statement: for limits met rarely and counted in few places. */
export function exactCounter(db: Database): RateCounter {
  return {
    async hit(key, policy, now, hits = 1) {
      return windowCount(await addHits(db, key, hits, policy.windowSeconds, now), policy.limit, policy.windowSeconds, now);
    },
  };
}
