import type { Database, Statements } from '../db/database.js';

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
  const [stored] = await addHitsToEach(db, [key], hits, windowSeconds, now);
  return stored;
}

/** Adds `hits` to each key's window, under one window length, in one statement (each key once): their totals, in order. */
export async function addHitsToEach(
  db: Statements,
  keys: readonly string[],
  hits: number,
  windowSeconds: number,
  now: Date,
): Promise<StoredWindow[]> {
  const rows = await db.query<{ key: string; hits: number; window_start: string }>(
    `INSERT INTO rate_limit_windows AS w (key, window_start, hits)
     SELECT key, $2::timestamptz, $4 FROM unnest($1::text[]) AS k(key)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN w.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $4 ELSE w.hits + $4 END,
       window_start = CASE WHEN w.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $2::timestamptz ELSE w.window_start END
     RETURNING key, hits, iso_time(window_start) AS window_start`,
    [keys, now.toISOString(), windowSeconds, hits],
  );
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.map((key) => {
    const row = byKey.get(key);
    return { hits: row?.hits ?? hits, windowStart: new Date(row?.window_start ?? now.toISOString()) };
  });
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

/** The hits in the key's current window, without adding one: 0 when it has none or its window has ended. */
export async function currentHits(db: Database, key: string, windowSeconds: number, now: Date): Promise<number> {
  const row = await db.one<{ hits: number }>(
    `SELECT hits FROM rate_limit_windows WHERE key = $1 AND window_start > $2::timestamptz - make_interval(secs => $3)`,
    [key, now.toISOString(), windowSeconds],
  );
  return row?.hits ?? 0;
}

/** Takes back `hits` counted in the key's window (never below zero): for an attempt that turned out not to count. */
export async function takeBackHits(db: Database, key: string, hits = 1): Promise<void> {
  await db.query('UPDATE rate_limit_windows SET hits = GREATEST(hits - $2, 0) WHERE key = $1', [key, hits]);
}

/** Forgets the key's window: its count starts again from zero. */
export async function forgetHits(db: Database, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limit_windows WHERE key = $1', [key]);
}
