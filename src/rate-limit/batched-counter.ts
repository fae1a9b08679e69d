import type { Database } from '../db/database.js';
import type { RateCounter, RatePolicy } from './counter.js';
import { addHits, windowCount, type WindowCount } from './fixed-window.js';

export interface BatchedCounterOptions {
  /** Most hits an instance reserves at once (default 50). */
  maxBatch?: number;
}

interface LocalWindow {
  windowStart: number;
  windowSeconds: number;
  /** The database's total after this instance's last write (every instance's hits and reservations). */
  stored: number;
  /** Hits this instance has added to the database ahead of use and may still allow. */
  reserved: number;
}

/**
 * Fixed-window counts shared by every instance through the database, without a write per hit far
 * from the limit. While a key's known total is under half its limit, an instance reserves a batch
 * of hits (a tenth of the limit, at most maxBatch) with one write and allows them from memory; near
 * the limit, or when a batch would be under two, every hit is written and checked. A hit is allowed
 * only if the database total, reservations included, stays within the limit, so no number of
 * instances can exceed it; reservations left unused when a window ends only make it stricter.
 */
export class BatchedCounter implements RateCounter {
  private readonly local = new Map<string, LocalWindow>();
  private readonly maxBatch: number;

  constructor(
    private readonly db: Database,
    options: BatchedCounterOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 50;
  }

  /** Counts `hits` hits (a batch of MCP calls counts each call) and says whether they are allowed. */
  hit(key: string, policy: RatePolicy, now: Date, hits = 1): WindowCount | Promise<WindowCount> {
    this.forgetEndedWindows(now);
    const state = this.local.get(key);
    const current = state && now.getTime() < state.windowStart + state.windowSeconds * 1000 ? state : undefined;
    if (current && current.reserved >= hits) {
      current.reserved -= hits;
      return this.count(current, policy.limit, now);
    }
    return this.write(key, policy, now, hits, current);
  }

  /** No reserved hits left: reserve a batch with these hits, or write them alone near the limit. */
  private async write(
    key: string,
    { limit, windowSeconds }: RatePolicy,
    now: Date,
    hits: number,
    current: LocalWindow | undefined,
  ): Promise<WindowCount> {
    const batch = Math.min(this.maxBatch, Math.floor(limit / 10));
    if (current && batch >= 2 && hits < batch && current.stored + batch <= limit / 2) {
      const stored = await addHits(this.db, key, batch, windowSeconds, now);
      const reservation = this.remember(key, stored.windowStart.getTime(), windowSeconds, stored.hits);
      if (stored.hits > limit) return windowCount(stored, limit, windowSeconds, now);
      reservation.reserved += batch - hits;
      return this.count(reservation, limit, now);
    }
    const stored = await addHits(this.db, key, hits, windowSeconds, now);
    this.remember(key, stored.windowStart.getTime(), windowSeconds, stored.hits);
    return windowCount(stored, limit, windowSeconds, now);
  }

  private remember(key: string, windowStart: number, windowSeconds: number, stored: number): LocalWindow {
    const known = this.local.get(key);
    if (known && known.windowStart === windowStart) {
      known.stored = Math.max(known.stored, stored);
      return known;
    }
    const fresh = { windowStart, windowSeconds, stored, reserved: 0 };
    this.local.set(key, fresh);
    return fresh;
  }

  /** What a client is told: its reserved hits are its own, so they count as remaining. */
  private count(state: LocalWindow, limit: number, now: Date): WindowCount {
    return windowCount({ hits: state.stored - state.reserved, windowStart: new Date(state.windowStart) }, limit, state.windowSeconds, now);
  }

  private lastSweep = 0;
  private forgetEndedWindows(now: Date): void {
    if (now.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = now.getTime();
    for (const [key, state] of this.local) if (now.getTime() >= state.windowStart + state.windowSeconds * 1000) this.local.delete(key);
  }
}
