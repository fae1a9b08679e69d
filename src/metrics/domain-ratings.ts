import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database.js';
import { ProviderError, type DomainRatingProvider } from './domain-rating-provider.js';

export interface MeasureDeps {
  db: Database;
  provider: DomainRatingProvider;
  /** Waits between requests and before retries (tests shorten it). */
  wait?: (ms: number) => Promise<unknown>;
  /** The first retry of a failed batch waits this long, each next one twice as long (default 2 s). */
  retryDelayMs?: number;
}

export interface Measurement {
  /** Live listings given a rating for the day. */
  measured: number;
  /** Live listings whose domain the provider does not know: nothing is recorded for them. */
  unknown: number;
  /** Live listings whose batch still failed after its retries (measured by a later run). */
  failed: number;
  requests: number;
}

/** Attempts per batch, the first included. */
const ATTEMPTS = 4;

/**
 * Records the day's Domain Rating of every live listing not measured that day, in batches of the provider's
 * size, no faster than its rate limit, retrying a failed batch with exponential backoff (or after the
 * Retry-After the provider gave). Safe to run again: only listings without the day's measurement are asked
 * for. A key the provider refuses stops the run at once (ProviderError, not retryable).
 */
export async function measureDomainRatings(deps: MeasureDeps, day: string): Promise<Measurement> {
  const wait = deps.wait ?? sleep;
  const retryDelay = deps.retryDelayMs ?? 2000;
  const { provider, db } = deps;
  const rows = await db.query<{ id: number; domain: string }>(
    `SELECT l.id, lower(l.domain) AS domain FROM listings l
     WHERE l.status = 'live' AND l.domain <> ''
       AND NOT EXISTS (SELECT 1 FROM domain_ratings d WHERE d.listing_id = l.id AND d.measured_on = $1::date)
     ORDER BY l.id`,
    [day],
  );
  const listingsOf = new Map<string, number[]>();
  for (const row of rows) listingsOf.set(row.domain, [...(listingsOf.get(row.domain) ?? []), row.id]);
  const domains = [...listingsOf.keys()];
  // 5% under the provider's limit: its clock counts arrivals, which jitter.
  const spacing = (60_000 / provider.requestsPerMinute) * 1.05;
  const result: Measurement = { measured: 0, unknown: 0, failed: 0, requests: 0 };
  let nextRequestAt = 0;
  const paced = async () => {
    const ahead = nextRequestAt - Date.now();
    if (ahead > 0) await wait(ahead);
    nextRequestAt = Date.now() + spacing;
    result.requests += 1;
  };
  const failures: string[] = [];
  for (let start = 0; start < domains.length; start += provider.batchSize) {
    const batch = domains.slice(start, start + provider.batchSize);
    const listings = batch.flatMap((domain) => listingsOf.get(domain)!);
    const ratings = await measureBatch(provider, batch, paced, wait, retryDelay).catch((error: unknown) => {
      if (error instanceof ProviderError && !error.retryable) throw error;
      failures.push(error instanceof Error ? error.message : String(error));
      return undefined;
    });
    if (!ratings) {
      result.failed += listings.length;
      continue;
    }
    const known = batch.filter((domain) => ratings.has(domain));
    const ids = known.flatMap((domain) => listingsOf.get(domain)!);
    const values = known.flatMap((domain) => listingsOf.get(domain)!.map(() => ratings.get(domain)!));
    await db.query(
      `INSERT INTO domain_ratings (listing_id, measured_on, rating)
       SELECT id, $3::date, rating FROM unnest($1::int[], $2::int[]) AS m(id, rating)
       ON CONFLICT (listing_id, measured_on) DO UPDATE SET rating = EXCLUDED.rating`,
      [ids, values, day],
    );
    result.measured += ids.length;
    result.unknown += listings.length - ids.length;
  }
  if (failures.length > 0) {
    throw new Error(
      `Domain Rating of ${day}: ${result.measured} measured, ${result.failed} not measured after ${ATTEMPTS} attempts per batch ` +
        `(${failures[0]}); the next run measures them`,
    );
  }
  return result;
}

async function measureBatch(
  provider: DomainRatingProvider,
  batch: readonly string[],
  paced: () => Promise<void>,
  wait: (ms: number) => Promise<unknown>,
  retryDelay: number,
): Promise<Map<string, number>> {
  for (let attempt = 1; ; attempt++) {
    await paced();
    try {
      return await provider.measure(batch);
    } catch (error) {
      const retryable = !(error instanceof ProviderError) || error.retryable;
      if (!retryable || attempt >= ATTEMPTS) throw error;
      const after = error instanceof ProviderError ? error.retryAfterMs : undefined;
      await wait(after ?? retryDelay * 2 ** (attempt - 1));
    }
  }
}
