/**
 * The steps of deleting an account (account-deletion.ts runs them in one transaction, in this order). Each is one or
 * two statements on the caller's transaction and answers how many rows it touched. Counters on listings move in the
 * same statements, so the listings' UPDATE triggers (migration 0011) announce the change at commit: boards, kept
 * get_listing answers and community ratings move at once on every instance.
 */
import type { Statements } from '../db/database.js';
import { accountKey } from '../community/account-key.js';
import { canonicalEmail } from '../text/email.js';

/** What a step reads of the account. */
export type DeletedAccount = {
  id: string;
  email: string;
};

async function count(db: Statements, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(sql, params);
  return Number(row?.n ?? 0);
}

/** Its votes go; each counted one leaves its listing's count (a vote the vote check held out was never in it). */
export function removeVotes(db: Statements, account: DeletedAccount): Promise<number> {
  return count(
    db,
    `WITH gone AS (DELETE FROM votes WHERE voter_key = $2 OR account_id = $1::uuid RETURNING listing_id, counted),
          per_listing AS (SELECT listing_id, count(*) FILTER (WHERE counted)::int AS n FROM gone GROUP BY listing_id),
          moved AS (UPDATE listings l SET votes_count = greatest(0, l.votes_count - p.n)
                    FROM per_listing p WHERE l.id = p.listing_id AND p.n > 0 RETURNING l.id)
     SELECT count(*)::int AS n FROM gone`,
    [account.id, accountKey(account.id)],
  );
}

/** Its follows (kept by e-mail address) go, and each listing's follower count with them. */
export function removeFollows(db: Statements, account: DeletedAccount): Promise<number> {
  return count(
    db,
    `WITH gone AS (DELETE FROM follows WHERE follower_email = $1 RETURNING listing_id),
          moved AS (UPDATE listings l SET follows_count = greatest(0, l.follows_count - g.n)
                    FROM (SELECT listing_id, count(*)::int AS n FROM gone GROUP BY listing_id) g WHERE l.id = g.listing_id RETURNING l.id)
     SELECT count(*)::int AS n FROM gone`,
    [account.email],
  );
}

/** The mail its address asked for (the digest) stops: its subscriptions go, by account and by address. */
export function removeMailSubscriptions(db: Statements, account: DeletedAccount): Promise<number> {
  return count(
    db,
    `WITH gone AS (DELETE FROM mail_subscriptions WHERE account_id = $1::uuid OR email = $2 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [account.id, account.email],
  );
}

/** Its reviews go; the reviews trigger rebuilds each listing's profile, and with it the community rating. */
export function removeReviews(db: Statements, account: DeletedAccount): Promise<number> {
  return count(
    db,
    'WITH gone AS (DELETE FROM reviews WHERE account_id = $1::uuid OR reviewer_key = $2 RETURNING id) SELECT count(*)::int AS n FROM gone',
    [account.id, accountKey(account.id)],
  );
}

/**
 * Its comments become "deleted", as when the author deletes one: the body emptied, no author. Replies by others stay
 * where they are, under a comment that shows as deleted.
 */
export function markCommentsDeleted(db: Statements, account: DeletedAccount, now: Date): Promise<number> {
  return count(
    db,
    `WITH changed AS (UPDATE comments SET deleted_at = coalesce(deleted_at, $2), body = '', account_id = NULL
                      WHERE account_id = $1::uuid RETURNING id)
     SELECT count(*)::int AS n FROM changed`,
    [account.id, now.toISOString()],
  );
}

/** What the hidden listings' owners (none left) and the site team read as the reason. */
const OWNER_DELETED_REASON = 'owner_deleted: its only owner deleted their account';

/**
 * Listings the account alone owns are hidden like a moderated listing (status hidden, the status before kept, so the
 * site team can show one again), which takes them out of search, boards, feeds and the sitemap; one already hidden
 * keeps its reason. Co-owned listings stay with the other owners (the account's owner row goes with the account).
 * Each hide is recorded in the listing's versions.
 */
export async function hideSoleOwnedListings(db: Statements, account: DeletedAccount, now: Date): Promise<number> {
  const hidden = await db.query<{ id: number; before: string }>(
    `WITH sole AS (
       SELECT o.listing_id FROM listing_owners o
       WHERE o.account_id = $1::uuid
         AND NOT EXISTS (SELECT 1 FROM listing_owners x WHERE x.listing_id = o.listing_id AND x.account_id <> $1::uuid)),
     before AS (SELECT l.id, l.status FROM listings l JOIN sole s ON s.listing_id = l.id WHERE l.status <> 'hidden' FOR UPDATE OF l)
     UPDATE listings l SET status = 'hidden', status_before_hidden = b.status, hidden_reason = $2, hidden_at = $3,
                           featured_at = NULL, updated_at = $3
     FROM before b WHERE l.id = b.id
     RETURNING l.id, b.status AS before`,
    [account.id, OWNER_DELETED_REASON, now.toISOString()],
  );
  for (const row of hidden) {
    await db.query(
      `INSERT INTO listing_versions (listing_id, account_id, operation, changes, created_at) VALUES ($1, NULL, 'owner_deleted', $2::jsonb, $3)`,
      [row.id, JSON.stringify({ status: { before: row.before, after: 'hidden' } }), now.toISOString()],
    );
  }
  return hidden.length;
}

/**
 * Drafts the account made but shares with co-founders pass to the co-founder who joined first (who then owns it as its
 * maker); drafts it alone owns go with the account.
 */
export function handOverSharedDrafts(db: Statements, account: DeletedAccount): Promise<number> {
  return count(
    db,
    `WITH heirs AS (
       SELECT DISTINCT ON (o.draft_id) o.draft_id, o.account_id FROM draft_owners o JOIN drafts d ON d.id = o.draft_id
       WHERE d.account_id = $1::uuid AND o.account_id <> $1::uuid ORDER BY o.draft_id, o.created_at, o.account_id),
     moved AS (UPDATE drafts d SET account_id = h.account_id FROM heirs h WHERE d.id = h.draft_id RETURNING d.id),
     joined AS (DELETE FROM draft_owners o USING heirs h WHERE o.draft_id = h.draft_id AND o.account_id = h.account_id RETURNING 1)
     SELECT count(*)::int AS n FROM moved`,
    [account.id],
  );
}

/**
 * Orders: one never paid is no invoice and goes; a paid (or refunded) one is an invoice the seller must keep, so it
 * stays without the account (and so without the buyer's e-mail address), keeping what the invoice needs: the number,
 * lines, amounts and the VAT treatment with the billing country and VAT number. buyer_removed_at says when.
 */
export async function reduceOrders(db: Statements, account: DeletedAccount, now: Date): Promise<{ kept: number; removed: number }> {
  const removed = await count(
    db,
    'WITH gone AS (DELETE FROM orders WHERE account_id = $1::uuid AND paid_at IS NULL RETURNING id) SELECT count(*)::int AS n FROM gone',
    [account.id],
  );
  const kept = await count(
    db,
    `WITH kept AS (UPDATE orders SET account_id = NULL, buyer_removed_at = $2 WHERE account_id = $1::uuid RETURNING id)
     SELECT count(*)::int AS n FROM kept`,
    [account.id, now.toISOString()],
  );
  return { kept, removed };
}

/**
 * Everything the authorization server keeps for the account (grants, its sessions, codes, access and refresh tokens,
 * all carrying the accountId, and any record bound to one of its grants), the webhook events of its objects, and the
 * mail kept for its address (the outbox).
 */
export async function removeCredentialsAndTraces(db: Statements, account: DeletedAccount): Promise<number> {
  const oauth = await count(
    db,
    `WITH grants AS (SELECT id FROM oauth_records WHERE model = 'Grant' AND payload->>'accountId' = $1),
          gone AS (DELETE FROM oauth_records WHERE payload->>'accountId' = $1 OR grant_id IN (SELECT id FROM grants) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [account.id],
  );
  await db.query('DELETE FROM webhook_events WHERE account_id = $1::uuid', [account.id]);
  await db.query('DELETE FROM mail_outbox WHERE to_address = $1', [account.email]);
  // Their address, where others' records kept it: a listing's contact address on a listing they owned, invites to them.
  await db.query(
    `UPDATE listings l SET contact_email = NULL
     WHERE lower(l.contact_email) = lower($2) AND EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.account_id = $1::uuid)`,
    [account.id, account.email],
  );
  // Invites to any address of their mailbox (canonicalEmail: r.i.n.g@gmail.com was an invite to ring@gmail.com too).
  // Invites are few (a draft has at most LIMITS.invites), and deleting an account is rare: read them all, compare here.
  const mailbox = canonicalEmail(account.email);
  const invites = await db.query<{ id: string; email: string }>('SELECT id, email FROM draft_invites');
  const theirs = invites.filter((invite) => canonicalEmail(invite.email) === mailbox).map((invite) => invite.id);
  if (theirs.length > 0) await db.query('DELETE FROM draft_invites WHERE id = ANY($1::uuid[])', [theirs]);
  return oauth;
}
