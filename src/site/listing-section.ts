import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { ListingProfile } from '../catalogue/listing-profile.js';
import type { SafeHtml } from '../text/html.js';
import type { SiteDeps } from './visit.js';

/** What a section of the listing page (reviews, discussion) is given to render itself. */
export interface ListingSectionView {
  ctx: Context;
  site: SiteDeps;
  listing: ListingProfile;
  /** The signed-in person, if any. */
  account: AccountRecord | undefined;
  /** The CSRF field for the person's forms (undefined when nobody is signed in). */
  csrf: SafeHtml | undefined;
}
