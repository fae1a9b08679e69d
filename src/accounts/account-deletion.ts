/**
 * Deleting an account (issue 36), in one transaction: all of it happens or none.
 *
 * - The account goes, and with it its browser sessions, e-mail links, API keys, webhooks, claims, drafts it alone
 *   owns, idempotency records and everything the authorization server keeps for it (grants, tokens): every
 *   credential stops working at once.
 * - Its votes, follows, reviews and mail subscriptions (the digest) go; listing counts, the weekly board and community ratings move at once.
 * - Its comments become "deleted" (no body, no author); replies to them stay.
 * - Listings it alone owns are hidden (reason owner_deleted); co-owned ones stay with the other owners. Drafts it shares
 *   with co-founders pass to one of them.
 * - Orders never paid go; paid ones are kept as invoices, without the account and its e-mail address
 *   (account-deletion-steps.ts, reduceOrders).
 * - Stays, without a link to the account: reports it made (reporter unknown), the versions of listings it edited
 *   (author unknown), a founder profile it answered interviews for. The audit log is append-only (a trigger refuses
 *   any change), so entries about a staff member's actions keep the address they had then.
 *
 * Refused (409) while the account has an order waiting for payment (the payment page may still take money; the order
 * expires at its expires_at) or while it is the site's last admin. The address can sign up again afterwards, as a
 * new, empty account.
 */
import type { Database, Transaction, Statements } from '../db/database.js';
import { InvalidStateError, NotFoundError } from '../errors.js';
import {
  type DeletedAccount,
  handOverSharedDrafts,
  hideSoleOwnedListings,
  markCommentsDeleted,
  reduceOrders,
  removeCredentialsAndTraces,
  removeFollows,
  removeMailSubscriptions,
  removeReviews,
  removeVotes,
} from './account-deletion-steps.js';

/** What a deletion did, for the confirmation page and the tests. */
export interface DeletionSummary {
  votes: number;
  follows: number;
  reviews: number;
  comments: number;
  hiddenListings: number;
  handedOverDrafts: number;
  keptOrders: number;
  removedOrders: number;
}

/** Why the account cannot be deleted now, or undefined when it can (the page says so before asking the password). */
export async function deletionBlocker(db: Statements, accountId: string, now: Date): Promise<string | undefined> {
  const [row] = await db.query<{ role: string | null; admins: number; pending: string | null; expires: string | null }>(
    `SELECT a.role, (SELECT count(*)::int FROM accounts WHERE role = 'admin') AS admins, o.number AS pending, iso_time(o.expires_at) AS expires
     FROM accounts a
     LEFT JOIN LATERAL (SELECT number, expires_at FROM orders WHERE account_id = a.id AND status = 'pending' AND expires_at > $2
                        ORDER BY expires_at DESC LIMIT 1) o ON true
     WHERE a.id = $1::uuid`,
    [accountId, now.toISOString()],
  );
  if (!row) return undefined;
  if (row.role === 'admin' && row.admins <= 1) return 'You are the last admin of the site: make another account admin first.';
  if (row.pending)
    return `Order ${row.pending} is waiting for payment until ${row.expires}: pay it or let it expire, then delete your account.`;
  return undefined;
}

async function lockedAccount(tx: Transaction, accountId: string): Promise<DeletedAccount> {
  const [account] = await tx.query<DeletedAccount & { role: string | null }>(
    'SELECT id, email, role FROM accounts WHERE id = $1::uuid FOR UPDATE',
    [accountId],
  );
  if (!account) throw new NotFoundError('account', accountId);
  // Every admin row, so that two last admins deleting themselves at once cannot both succeed.
  if (account.role === 'admin') await tx.query("SELECT id FROM accounts WHERE role = 'admin' FOR UPDATE");
  return account;
}

/** Deletes the account by the rules above, in one transaction; 404 for an unknown account, 409 when refused. */
export function deleteAccount(db: Database, accountId: string, now: Date): Promise<DeletionSummary> {
  return db.transaction(async (tx) => {
    const account = await lockedAccount(tx, accountId);
    const blocker = await deletionBlocker(tx, accountId, now);
    if (blocker) throw new InvalidStateError(blocker);
    const votes = await removeVotes(tx, account);
    const follows = await removeFollows(tx, account);
    await removeMailSubscriptions(tx, account);
    const reviews = await removeReviews(tx, account);
    const comments = await markCommentsDeleted(tx, account, now);
    const hiddenListings = await hideSoleOwnedListings(tx, account, now);
    const handedOverDrafts = await handOverSharedDrafts(tx, account);
    const orders = await reduceOrders(tx, account, now);
    await removeCredentialsAndTraces(tx, account);
    // The rest goes with the row (ON DELETE CASCADE) or loses its link to it (ON DELETE SET NULL).
    await tx.query('DELETE FROM accounts WHERE id = $1::uuid', [account.id]);
    return {
      votes,
      follows,
      reviews,
      comments,
      hiddenListings,
      handedOverDrafts,
      keptOrders: orders.kept,
      removedOrders: orders.removed,
    };
  });
}
