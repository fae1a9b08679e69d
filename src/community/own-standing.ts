import type { Database } from '../db/database.js';
import { accountKey } from './account-key.js';

/** What a signed-in person's listing page shows of their own: which of the listings shown they voted for, and whether they follow the listing. */
export interface OwnStanding {
  voted: Set<number>;
  following: boolean;
}

/** The person's standing on the page of `listingId` showing `shown` (the listing and its alternatives), in one statement. */
export async function ownStanding(
  db: Database,
  person: { id: string; email: string },
  listingId: number,
  shown: readonly number[],
): Promise<OwnStanding> {
  const row = await db.one<{ voted: number[]; following: boolean }>(
    `SELECT ARRAY(SELECT listing_id::int FROM votes WHERE voter_key = $1 AND listing_id = ANY($2::int[])) AS voted,
            EXISTS (SELECT 1 FROM follows WHERE listing_id = $3 AND follower_email = $4) AS following`,
    [accountKey(person.id), [...new Set([listingId, ...shown])], listingId, person.email],
    { prepare: 'own_standing' },
  );
  return { voted: new Set(row?.voted ?? []), following: row?.following ?? false };
}
