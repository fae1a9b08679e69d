import type { Database } from '../db/database.js';
import { addHits, windowCount, type WindowCount } from './fixed-window.js';

export interface BatchedCounterOptions {
  /** Most hits an instance counts in memory before writing them (default 50). */
  maxBatch?: number;
  /** Hits held in memory are written at least this often (default 1000 ms). */
  flushMs?: number;
  /** Failures of a background write (the hits stay counted in memory and go with the next write). */
  onError?: (error: unknown) => void;
}

interface LocalWindow {
  windowStart: number;
  windowSeconds: number;
  /** The database's total at the last write. */
  stored: number;
  /** Hits allowed here and not yet written. */
  pending: number;
}

/**
 * Fixed-window counts shared by every instance through the database, without a write per hit far
 * from the limit. While a key's known total stays under half its limit, an instance counts hits in
 * memory and writes them in batches of at most a tenth of the limit (so several instances together
 * cannot overshoot unless there are more than five of them, each with a full batch). Near the limit,
 * and whenever the batch would be under two hits, every hit is written and checked at once, so the
 * limit itself is exact.
 */
export class BatchedCounter {
  private readonly local = new Map<string, LocalWindow>();
  private readonly maxBatch: number;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly db: Database, options: BatchedCounterOptions = {}) {
    this.maxBatch = options.maxBatch ?? 50;
    const onError = options.onError ?? (() => {});
    this.timer = setInterval(() => void this.flushAll(new Date()).catch(onError), options.flushMs ?? 1000);
    this.timer.unref();
  }

  async hit(key: string, limit: number, windowSeconds: number, now: Date): Promise<WindowCount> {
    const state = this.local.get(key);
    const batch = Math.min(this.maxBatch, Math.floor(limit / 10));
    const current = state && now.getTime() < state.windowStart + windowSeconds * 1000 ? state : undefined;
    if (current && batch >= 2 && current.stored + current.pending + 1 <= limit / 2) {
      current.pending++;
      if (current.pending >= batch) await this.write(key, current, now);
      return windowCount({ hits: current.stored + current.pending, windowStart: new Date(current.windowStart) }, limit, windowSeconds, now);
    }
    // Hits held for a window that has ended belong to it and are dropped with it.
    const held = current?.pending ?? 0;
    if (current) current.pending = 0;
    const stored = await addHits(this.db, key, held + 1, windowSeconds, now);
    const latest = this.local.get(key);
    if (latest && latest.windowStart === stored.windowStart.getTime()) latest.stored = Math.max(latest.stored, stored.hits);
    else this.local.set(key, { windowStart: stored.windowStart.getTime(), windowSeconds, stored: stored.hits, pending: 0 });
    return windowCount(stored, limit, windowSeconds, now);
  }

  /** Writes every held hit, and forgets windows that have ended. */
  async flushAll(now: Date): Promise<void> {
    const writes: Promise<void>[] = [];
    for (const [key, state] of this.local) {
      if (now.getTime() >= state.windowStart + state.windowSeconds * 1000) this.local.delete(key);
      else if (state.pending > 0) writes.push(this.write(key, state, now));
    }
    await Promise.all(writes);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushAll(new Date());
  }

  private async write(key: string, state: LocalWindow, now: Date): Promise<void> {
    const hits = state.pending;
    state.pending = 0;
    try {
      const stored = await addHits(this.db, key, hits, state.windowSeconds, now);
      state.stored = stored.hits;
      state.windowStart = stored.windowStart.getTime();
    } catch (error) {
      state.pending += hits;
      throw error;
    }
  }
}
