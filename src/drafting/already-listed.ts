import { ProblemError } from '../errors.js';
import { listingOnDomain, type ListingOnDomain } from '../catalogue/registrable-domain.js';
import type { Statements } from '../db/database.js';

/** A database, or a transaction: what the check reads with. */
type Session = Statements;

/**
 * 409 already_listed: the product has a listing. Members: `slug`, and for someone else's listing `claim_with`
 * (the tool that takes it over by proving control of the domain); for the caller's own, `listing_id`.
 */
class AlreadyListedError extends ProblemError {
  constructor(domain: string, listing: ListingOnDomain) {
    const claimable = listing.status === 'live' || listing.status === 'scheduled';
    super({
      status: 409,
      code: 'already_listed',
      title: 'Already listed',
      detail: listing.owned
        ? `You already list ${domain} as "${listing.slug}": get_my_listing shows it and update_my_listing changes it.`
        : `${domain} is already listed as "${listing.slug}". If it is your product, take the listing over with claim_listing ` +
          `(slug "${listing.slug}")${claimable ? '' : ' once it is published'}.`,
      members: listing.owned ? { slug: listing.slug, listing_id: listing.id } : { slug: listing.slug, claim_with: 'claim_listing' },
    });
  }
}

/** The first key of the two-key advisory locks on a submitted domain (any constant no other two-key lock uses). */
const SITE_LOCK = 7_240_102;

/**
 * One product, one listing: takes the domain's lock for the rest of the transaction `tx` (submissions and saves
 * of one domain take turns), then refuses with 409 already_listed when the domain (from registrableDomain) has a
 * listing, whatever its status and whoever owns it.
 */
export async function refuseListedDomain(tx: Session, domain: string, accountId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [SITE_LOCK, domain]);
  const listing = await listingOnDomain(tx, domain, accountId);
  if (listing) throw new AlreadyListedError(domain, listing);
}
