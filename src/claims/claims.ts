/**
 * Claims of listings: created pending with a per-claim token and instructions, checked (proofs.ts) and then
 * verified, which makes the claimant an owner of the listing, or left pending with what was found. Pending
 * claims expire CLAIM_LIFETIME_DAYS after they were made. Another account's claim is as unknown as a missing one.
 */
import { emitWebhookEvent } from '../webhooks/events.js';
import { LockMode } from '@mikro-orm/core';
import type { Database, Transaction } from '../db/database.js';
import { Account } from '../db/entities/account.js';
import { Claim, type ClaimMethod, type ClaimStatus } from '../db/entities/claim.js';
import { ListingOwner } from '../db/entities/draft.js';
import { Listing } from '../db/entities/listing.js';
import { InvalidStateError, NotFoundError, ValidationError } from '../errors.js';
import { randomToken, sha256 } from '../security/random.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';
import { submissionUrlProblem } from '../security/url-policy.js';
import { claimInstructions, type Publication } from './instructions.js';
import { freeMailProblem } from './free-mail.js';

const CLAIM_LIFETIME_DAYS = 14;
const DAY_MS = 86_400_000;
const CLAIM_HINT = 'list_my_claims lists your claims';

export interface ClaimView {
  id: number;
  listing_slug: string;
  listing_name: string;
  method: ClaimMethod;
  status: ClaimStatus;
  domain: string;
  email: string | null;
  token: string | null;
  publish: Publication;
  instructions: string;
  last_check: { checked_at: string; finding: string } | null;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
}

interface ClaimRow extends Record<string, unknown> {
  id: number;
  listing_id: number;
  slug: string;
  name: string;
  url: string;
  listing_domain: string;
  method: ClaimMethod;
  status: ClaimStatus;
  domain: string;
  token: string;
  email: string | null;
  finding: string | null;
  checked_at: string | null;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
}

const CLAIM_SELECT = `
  SELECT c.id, c.listing_id, l.slug, l.name, l.url, l.domain AS listing_domain, c.method, c.status, c.domain, c.token,
    c.email, c.finding, iso_time(c.checked_at) AS checked_at, iso_time(c.created_at) AS created_at,
    iso_time(c.expires_at) AS expires_at, iso_time(c.verified_at) AS verified_at
  FROM claims c JOIN listings l ON l.id = c.listing_id`;

/** A listing's domain as claims use it: its host without "www.". */
const claimDomain = (listingDomain: string) => listingDomain.toLowerCase().replace(/^www\./, '');

function toView(row: ClaimRow): ClaimView {
  const { publish, instructions } = claimInstructions({
    method: row.method,
    domain: row.domain,
    token: row.token,
    email: row.email,
    homepage: row.url,
  });
  return {
    id: row.id,
    listing_slug: row.slug,
    listing_name: row.name,
    method: row.method,
    status: row.status,
    domain: row.domain,
    email: row.email,
    token: row.method === 'email' ? null : row.token,
    publish,
    instructions,
    last_check: row.checked_at && row.finding ? { checked_at: row.checked_at, finding: row.finding } : null,
    created_at: row.created_at,
    expires_at: row.expires_at,
    verified_at: row.verified_at,
  };
}

export interface ClaimRequest {
  accountId: string;
  slug: string;
  method: ClaimMethod;
  email?: string;
  now: Date;
  /** OUTBOUND_ALLOW_HOSTS: listings on these hosts may be claimed though their address is private (tests). */
  allowHosts: readonly string[];
}

export interface CreatedClaim {
  claim: ClaimView;
  /** For method email: the token of the link to mail (only when a new link was made). */
  emailToken?: string;
}

/**
 * Claims a public listing for the account: a new pending claim, or the account's pending claim of the listing
 * (with the method asked for: its token works for dns, meta and file alike; switching to email mails a new link).
 */
export async function claimListing(db: Database, request: ClaimRequest): Promise<CreatedClaim> {
  const listing = await db.one<{ id: number; url: string; domain: string; owned: boolean }>(
    `SELECT l.id, l.url, l.domain, EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.account_id = $2::uuid) AS owned
     FROM listings l WHERE l.slug = $1 AND l.status = ANY($3::text[])`,
    [request.slug, request.accountId, PUBLIC_STATUSES],
  );
  if (!listing) throw new NotFoundError('listing', request.slug, 'search_listings finds public listings by name');
  if (listing.owned) throw new InvalidStateError(`You already own ${request.slug}; list_my_listings shows it.`);
  const domain = claimDomain(listing.domain);
  const addressProblem = submissionUrlProblem(listing.url, request.allowHosts);
  if (addressProblem)
    throw new ValidationError([{ path: '/slug', message: `This listing's website (${listing.url}) cannot be claimed: ${addressProblem}` }]);
  const email = request.method === 'email' ? emailAtDomain(request.email, domain) : undefined;
  if (request.method !== 'email' && request.email !== undefined)
    throw new ValidationError([{ path: '/email', message: 'email is only used with method "email"' }]);

  const claimId = await db.transaction(async (tx) => {
    // Claims of one listing are made one at a time, so an account never ends up with two pending ones.
    await tx.em.findOne(Listing, { id: listing.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const existing = await tx.em.findOne(Claim, { listing: listing.id, account: request.accountId, status: 'pending' });
    const expired = existing && existing.expiresAt.getTime() <= request.now.getTime();
    if (existing && expired) {
      existing.status = 'expired';
      await tx.em.flush(); // before the new pending claim is inserted (one pending claim per account and listing)
    }
    if (existing && !expired) {
      if (existing.method === request.method && (request.method !== 'email' || existing.email === email)) return { id: existing.id };
      const emailToken = request.method === 'email' ? randomToken() : undefined;
      Object.assign(existing, { method: request.method, email: email ?? null, emailTokenHash: emailToken ? sha256(emailToken) : null });
      return { id: existing.id, emailToken };
    }
    const emailToken = request.method === 'email' ? randomToken() : undefined;
    const claim = tx.em.create(Claim, {
      listing: tx.em.getReference(Listing, listing.id),
      account: tx.em.getReference(Account, request.accountId),
      method: request.method,
      domain,
      token: randomToken(18),
      email: email ?? null,
      emailTokenHash: emailToken ? sha256(emailToken) : null,
      status: 'pending',
      createdAt: request.now,
      expiresAt: new Date(request.now.getTime() + CLAIM_LIFETIME_DAYS * DAY_MS),
    });
    await tx.em.flush();
    return { id: claim.id, emailToken };
  });
  return { claim: await ownClaim(db, request.accountId, claimId.id), emailToken: claimId.emailToken };
}

function emailAtDomain(email: string | undefined, domain: string): string {
  if (email === undefined) throw new ValidationError([{ path: '/email', message: `method "email" needs an address at ${domain}` }]);
  const address = email.trim().toLowerCase();
  const at = address.slice(address.lastIndexOf('@') + 1);
  const freeMail = freeMailProblem(domain);
  if (freeMail) throw new ValidationError([{ path: '/email', message: freeMail }]);
  if (at !== domain)
    throw new ValidationError([
      { path: '/email', message: `The address must be at ${domain}, the listing's domain (not ${at}); or claim by dns, meta or file` },
    ]);
  return address;
}

/** The account's claim, or 404 (another account's claim is as unknown as a missing one). */
export async function ownClaim(db: Database, accountId: string, claimId: number): Promise<ClaimView> {
  return (await ownClaimAndListing(db, accountId, claimId)).claim;
}

/** The account's claim (or 404) and the claimed listing's homepage and domain as they are now, to check it against. */
export async function ownClaimAndListing(
  db: Database,
  accountId: string,
  claimId: number,
): Promise<{ claim: ClaimView; listing: { url: string; domain: string } }> {
  const row = await db.one<ClaimRow>(`${CLAIM_SELECT} WHERE c.id = $1 AND c.account_id = $2::uuid`, [claimId, accountId]);
  if (!row) throw new NotFoundError('claim', claimId, CLAIM_HINT);
  return { claim: toView(row), listing: { url: row.url, domain: claimDomain(row.listing_domain) } };
}

export async function listClaims(
  db: Database,
  accountId: string,
  page: { page: number; per_page: number },
): Promise<{ items: ClaimView[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<ClaimRow>(`${CLAIM_SELECT} WHERE c.account_id = $1::uuid ORDER BY c.created_at DESC, c.id DESC LIMIT $2 OFFSET $3`, [
      accountId,
      page.per_page,
      (page.page - 1) * page.per_page,
    ]),
    db.one<{ n: number }>('SELECT count(*)::int AS n FROM claims WHERE account_id = $1::uuid', [accountId]),
  ]);
  return { items: rows.map(toView), total: count?.n ?? 0 };
}

/** What a verification changed: the claim, and when it was verified now, who is to be told. */
export interface Verification {
  claim: ClaimView;
  /** Set when this call verified the claim: the claimant and the listing's other owners (to be mailed). */
  verified?: { claimantEmail: string; ownerEmails: string[] };
}

/**
 * Records the outcome of a check of a pending claim: verified (the claimant becomes an owner) or still pending
 * with what was found. A claim that stopped being pending meanwhile is left as it is.
 */
export async function recordCheck(
  db: Database,
  claimId: number,
  check: { found: boolean; finding: string },
  now: Date,
): Promise<Verification['verified']> {
  return db.transaction(async (tx) => {
    const claim = await lockedPendingClaim(tx, claimId, now);
    if (!claim) return undefined;
    claim.finding = check.finding;
    claim.checkedAt = now;
    return check.found ? verify(tx, claim, now) : undefined;
  });
}

/** The pending, unexpired claim behind a mailed link's token, verified now; undefined for an unknown or spent link. */
export async function confirmEmailClaim(db: Database, token: string, now: Date): Promise<Verification | undefined> {
  const found = await db.one<{ id: number; account_id: string }>(
    `SELECT id, account_id FROM claims WHERE email_token_hash = $1 AND status = 'pending' AND expires_at > $2::timestamptz`,
    [sha256(token), now.toISOString()],
  );
  if (!found) return undefined;
  const verified = await db.transaction(async (tx) => {
    const claim = await lockedPendingClaim(tx, found.id, now);
    if (claim?.method !== 'email') return undefined;
    claim.finding = `The link mailed to ${claim.email} was opened and confirmed.`;
    claim.checkedAt = now;
    return verify(tx, claim, now);
  });
  if (!verified) return undefined;
  return { claim: await ownClaim(db, found.account_id, found.id), verified };
}

/** The claim behind a mailed link, for the page that asks to confirm it; undefined when the link is no longer good. */
export async function emailClaimOfToken(
  db: Database,
  token: string,
  now: Date,
): Promise<{ email: string; listingName: string; domain: string; claimantEmail: string } | undefined> {
  return db.one(
    `SELECT c.email, l.name AS "listingName", c.domain, a.email AS "claimantEmail"
     FROM claims c JOIN listings l ON l.id = c.listing_id JOIN accounts a ON a.id = c.account_id
     WHERE c.email_token_hash = $1 AND c.status = 'pending' AND c.method = 'email' AND c.expires_at > $2::timestamptz`,
    [sha256(token), now.toISOString()],
  );
}

async function lockedPendingClaim(tx: Transaction, claimId: number, now: Date) {
  const claim = await tx.em.findOne(Claim, { id: claimId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (claim?.status !== 'pending') return undefined;
  if (claim.expiresAt.getTime() <= now.getTime()) {
    claim.status = 'expired';
    return undefined;
  }
  return claim;
}

async function verify(tx: Transaction, claim: Claim, now: Date): Promise<Verification['verified']> {
  const listingId = claim.listing.id;
  const accountId = claim.account.id;
  const owners = await tx.query<{ email: string }>(
    `SELECT a.email FROM listing_owners o JOIN accounts a ON a.id = o.account_id WHERE o.listing_id = $1 AND o.account_id <> $2::uuid`,
    [listingId, accountId],
  );
  if (!(await tx.em.count(ListingOwner, { listing: listingId, account: accountId }))) {
    tx.em.create(ListingOwner, { listing: claim.listing, account: claim.account, createdAt: now });
    // An owner's own review stops counting towards the rating (the listing_owners trigger of migration 0036).
    await tx.em.flush();
  }
  claim.status = 'verified';
  claim.verifiedAt = now;
  await emitWebhookEvent(tx, {
    type: 'claim.verified',
    accountId,
    data: { claim_id: claim.id, listing_id: listingId, method: claim.method, verified_at: now.toISOString() },
    at: now,
  });
  const [claimant] = await tx.query<{ email: string }>('SELECT email FROM accounts WHERE id = $1::uuid', [accountId]);
  return { claimantEmail: claimant?.email ?? '', ownerEmails: owners.map((o) => o.email) };
}

/** A pending claim that has stopped being provable: the listing's domain changed since it was made. */
export async function failClaim(db: Database, claimId: number, finding: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const claim = await lockedPendingClaim(tx, claimId, now);
    if (!claim) return;
    Object.assign(claim, { status: 'failed', finding, checkedAt: now });
  });
}

/** Marks pending claims past their expiry `expired`; answers how many. */
export async function expireClaims(db: Database, now: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `UPDATE claims SET status = 'expired' WHERE status = 'pending' AND expires_at <= $1::timestamptz RETURNING id`,
    [now.toISOString()],
  );
  return rows.length;
}
