import type { Database } from '../db/database.js';

export interface WindowCount {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
}

export interface StoredWindow {
  /** Hits in the window, every instance's, this one's included. */
  hits: number;
  windowStart: Date;
}

/** Adds `hits` to the key's window (a new window when the last one has ended) and returns its total. */
export async function addHits(db: Database, key: string, hits: number, windowSeconds: number, now: Date): Promise<StoredWindow> {
  const row = await db.one<{ hits: number; window_start: string }>(
    `INSERT INTO rate_limit_windows AS w (key, window_start, hits) VALUES ($1, $2, $4)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN w.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $4 ELSE w.hits + $4 END,
       window_start = CASE WHEN w.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $2::timestamptz ELSE w.window_start END
     RETURNING hits, iso_time(window_start) AS window_start`,
    [key, now.toISOString(), windowSeconds, hits],
  );
  return { hits: row?.hits ?? hits, windowStart: new Date(row?.window_start ?? now.toISOString()) };
}

export function windowCount(stored: StoredWindow, limit: number, windowSeconds: number, now: Date): WindowCount {
  const windowEnds = stored.windowStart.getTime() + windowSeconds * 1000;
  return {
    allowed: stored.hits <= limit,
    limit,
    remaining: Math.max(0, limit - stored.hits),
    resetSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
  };
}
