import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { OwnerListingWithModeration } from '../listings/owner-view.js';
import { html, type SafeHtml } from '../text/html.js';
import { notFoundPage } from './not-found.js';
import { runAsPerson } from './person-operation.js';
import { type SiteDeps, signedInVisit, type Visit } from './visit.js';

/** A visit of a signed-in person. */
export type OwnerVisit = Visit & { account: AccountRecord };

/** The signed-in person's listing named in the address (get_my_listing), or the 404 page: anyone else's or none. */
async function ownedListing(ctx: Context, site: SiteDeps, seen: OwnerVisit): Promise<OwnerListingWithModeration | undefined> {
  const id = Number(ctx.params.id);
  if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) {
    const outcome = await runAsPerson(ctx, site, seen.account, 'get_my_listing', { listing_id: id });
    if (outcome.ok) return outcome.result as unknown as OwnerListingWithModeration;
  }
  notFoundPage(ctx, seen.env, seen.account, 'You have no listing at this address.');
  return undefined;
}

/**
 * How every owner page opens: the signed-in person (anyone else goes to sign in, coming back to `returnTo`) and their
 * listing named in the address (anyone else's, or none, gets the 404 page); undefined when the answer is given.
 */
export async function ownerVisit(
  ctx: Context,
  site: SiteDeps,
  returnTo: string = ctx.path,
): Promise<{ seen: OwnerVisit; listing: OwnerListingWithModeration } | undefined> {
  const seen = await signedInVisit(ctx, site, returnTo);
  if (!seen) return undefined;
  const listing = await ownedListing(ctx, site, seen);
  return listing && { seen, listing };
}

/** The owner's pages of one listing, linked from each of them. */
export function ownerLinks(listing: OwnerListingWithModeration, here: string): SafeHtml {
  const id = listing.listing_id;
  const pages: [string, string][] = [
    [`/listings/${listing.profile.slug}`, listing.public ? 'Public page' : 'Preview'],
    [`/account/listings/${id}/launch`, 'Launch and badge'],
    [`/account/listings/${id}/edit`, 'Edit'],
    [`/account/listings/${id}/news`, 'Updates, milestones and story'],
    [`/account/listings/${id}/images`, 'Logo and screenshot'],
    [`/account/listings/${id}/stats`, 'Statistics'],
    ['/account', 'Your account'],
  ];
  return html`<nav aria-label="This listing" class="actions">${pages.map(([path, label]) =>
    path === here ? html`<span aria-current="page"><strong>${label}</strong></span>` : html`<a href="${path}">${label}</a>`,
  )}</nav>`;
}
