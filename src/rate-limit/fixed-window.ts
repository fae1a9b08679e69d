import type { Database } from '../db/database.js';

export interface WindowCount {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
}

/**
 * Counts one hit against `key` in a fixed window of `windowSeconds`, in the database so that every
 * instance of the service shares the count. One statement: no read-then-write race.
 */
export async function countHit(db: Database, key: string, limit: number, windowSeconds: number, now: Date): Promise<WindowCount> {
  const row = await db.one<{ hits: number; window_start: string }>(
    `INSERT INTO rate_limit_windows AS w (key, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN w.window_start <= $2::timestamptz - make_interval(secs => $3) THEN 1 ELSE w.hits + 1 END,
       window_start = CASE WHEN w.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $2::timestamptz ELSE w.window_start END
     RETURNING hits, iso_time(window_start) AS window_start`,
    [key, now.toISOString(), windowSeconds],
  );
  const hits = row?.hits ?? 1;
  const windowEnds = new Date(row?.window_start ?? now.toISOString()).getTime() + windowSeconds * 1000;
  return {
    allowed: hits <= limit,
    limit,
    remaining: Math.max(0, limit - hits),
    resetSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
  };
}
