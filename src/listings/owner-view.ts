import { z } from 'zod';
import type { Database } from '../db/database.js';
import { LISTING_STATUSES } from '../db/entities/listing.js';
import { BADGE_FOUND_AS } from '../db/entities/owner-listing.js';
import { listingProfile, loadOwnedListingProfile, PAID_SECTIONS } from '../catalogue/listing-profile.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';
import { isoDate, isoDateTime, offsetOf } from '../schema.js';
import { NotFoundError } from '../errors.js';
import { FIRST_CHECK_SECONDS, recheckWaitSeconds } from './badge-recheck.js';
import { badgeImagePrefix } from '../badges/badge-address.js';

const badgeCheck = z
  .object({
    looking_for: z
      .object({
        page: z.string().describe("The homepage read: the listing's website"),
        link_to: z.string().describe("A link to the listing's page on this site"),
        or_image_from: z.string().describe('Or a badge image served from this address'),
      })
      .describe('What the check accepts as the badge'),
    last_checked_at: isoDateTime.nullable(),
    found: z.boolean().describe('Whether the badge was on the homepage at the last check'),
    found_as: z.enum(BADGE_FOUND_AS).nullable().describe('link or image'),
    page_url: z.string().nullable().describe('The page read at the last check (after redirects)'),
    detail: z.string().nullable().describe('What the last check saw, in words'),
    next_check_at: isoDateTime.nullable().describe('When the service looks again (daily while waiting)'),
    in_progress: z.boolean().describe('The first check is under way: no check has finished yet (last_checked_at is null)'),
    retry_after_seconds: z
      .number()
      .int()
      .nullable()
      .describe('Seconds until choose_free_listing may check the homepage again (once a minute); 0: now; null: not awaiting its badge'),
  })
  .describe('The badge check of a free listing');

/** A listing as its owner sees it (get_my_listing): its state, then everything public and the paid sections. */
export const ownerListing = z.object({
  listing_id: z.number().int(),
  status: z.enum(LISTING_STATUSES).describe('draft (saved), awaiting_badge, scheduled, live or hidden'),
  plan: z.enum(['free', 'paid']),
  launch_week: isoDate.nullable().describe('Monday of the launch week'),
  launched_at: isoDateTime.nullable(),
  public: z.boolean().describe('Whether the public sees the listing now (scheduled or live)'),
  unlocked_sections: z
    .array(z.enum(PAID_SECTIONS))
    .describe('Paid sections the public sees (a launch unlocks story, milestones and media); you always see them below'),
  badge_check: badgeCheck.nullable().describe('Free listings only; null otherwise'),
  private_fields: z
    .object({ contact_email: z.string().nullable(), seo_title: z.string().nullable(), seo_description: z.string().nullable() })
    .describe('Editable fields the public profile does not show'),
  next_step: z.string().describe('What to do next, in words'),
  profile: listingProfile.describe('The profile: what the public sees once published, plus the paid sections'),
});
export type OwnerListing = z.infer<typeof ownerListing>;

/** The owner view with the site team's decisions (get_my_listing). */
export const ownerListingWithModeration = ownerListing.extend({
  moderation: z
    .object({
      hidden: z.boolean().describe('Whether the site team hid the listing (status hidden)'),
      reason: z.string().nullable().describe('Why they hid it; null when not hidden or no reason was recorded'),
      hidden_at: isoDateTime.nullable(),
      featured: z.boolean().describe('Whether the site team features it on the home page'),
    })
    .describe("The site team's decisions about the listing"),
});
export type OwnerListingWithModeration = z.infer<typeof ownerListingWithModeration>;

interface OwnerRow {
  [key: string]: unknown;
  contact_email: string | null;
  seo_title: string | null;
  seo_description: string | null;
  hidden_reason: string | null;
  hidden_at: string | null;
  featured: boolean;
  url: string;
  slug: string;
  checked_at: string | null;
  found: boolean | null;
  found_as: (typeof BADGE_FOUND_AS)[number] | null;
  page_url: string | null;
  detail: string | null;
  next_check_at: string | null;
}

/**
 * The owner view of one of the account's listings; 404 for a listing it does not own. `now` (the service's clock)
 * tells how long until the badge may be checked again on demand.
 */
export async function ownerListingView(
  db: Database,
  accountId: string,
  listingId: number,
  publicUrl: string,
  now: Date = new Date(),
): Promise<OwnerListingWithModeration> {
  const [owned, row] = await Promise.all([
    loadOwnedListingProfile(db, listingId, accountId, publicUrl),
    db.one<OwnerRow>(
      `SELECT l.contact_email, l.seo_title, l.seo_description, l.url, l.slug, l.hidden_reason, iso_time(l.hidden_at) AS hidden_at,
         l.featured_at IS NOT NULL AS featured,
         iso_time(b.checked_at) AS checked_at, b.found, b.found_as, b.page_url, b.detail, iso_time(b.next_check_at) AS next_check_at
       FROM listings l LEFT JOIN badge_checks b ON b.listing_id = l.id WHERE l.id = $1`,
      [listingId],
    ),
  ]);
  if (!owned || !row) throw new NotFoundError('listing', listingId, 'list_my_listings lists the listings you own');
  const { profile } = owned;
  const status = profile.status as OwnerListing['status'];
  const awaiting = profile.plan === 'free' && status === 'awaiting_badge';
  const check = { inProgress: awaiting && row.checked_at === null, waitSeconds: awaiting ? recheckWaitSeconds(row.checked_at, now) : null };
  return {
    listing_id: profile.id,
    status,
    plan: profile.plan,
    launch_week: profile.launch_week,
    launched_at: profile.launched_at,
    public: (PUBLIC_STATUSES as readonly string[]).includes(status),
    unlocked_sections: owned.unlockedSections.filter((s): s is OwnerListing['unlocked_sections'][number] =>
      (PAID_SECTIONS as readonly string[]).includes(s),
    ),
    badge_check:
      profile.plan === 'free' && status !== 'draft'
        ? {
            looking_for: badgeTarget(publicUrl, row.slug, row.url),
            last_checked_at: row.checked_at,
            found: row.found ?? false,
            found_as: row.found_as,
            page_url: row.page_url,
            detail: row.detail,
            next_check_at: row.next_check_at,
            in_progress: check.inProgress,
            retry_after_seconds: check.waitSeconds,
          }
        : null,
    private_fields: { contact_email: row.contact_email, seo_title: row.seo_title, seo_description: row.seo_description },
    next_step: nextStep(status, profile.plan, profile.launch_week, check),
    moderation: {
      hidden: status === 'hidden',
      reason: status === 'hidden' ? row.hidden_reason : null,
      hidden_at: status === 'hidden' ? row.hidden_at : null,
      featured: row.featured,
    },
    profile,
  };
}

/** What the badge check accepts for a listing (its badge images: src/badges/badge-address.ts, which the badge route counts by too). */
export function badgeTarget(publicUrl: string, slug: string, website: string) {
  return { page: website, link_to: `${publicUrl}/listings/${slug}`, or_image_from: badgeImagePrefix(publicUrl, slug) };
}

function nextStep(
  status: OwnerListing['status'],
  plan: string,
  week: string | null,
  check: { inProgress: boolean; waitSeconds: number | null },
): string {
  switch (status) {
    case 'draft':
      return 'Publish it: choose_free_listing (free, a launch week 6 to 8 weeks out once the badge is on your homepage) or buy the launch product.';
    case 'awaiting_badge': {
      const badge = `Put a badge from get_badges on your homepage; once it is found the listing is scheduled for the week of ${week}.`;
      if (check.inProgress)
        return `The first badge check is under way: call get_my_listing in about ${FIRST_CHECK_SECONDS} seconds to see what it found. ${badge}`;
      if (check.waitSeconds)
        return `${badge} The homepage was checked less than a minute ago: call choose_free_listing again in ${check.waitSeconds} seconds to have it checked again.`;
      return `${badge} Call choose_free_listing again to have the homepage checked now.`;
    }
    case 'scheduled':
      return plan === 'free'
        ? `Scheduled for the week of ${week}; keep the badge on your homepage until then, or the launch moves to a later week.`
        : `Scheduled for the week of ${week}.`;
    case 'live':
      return 'Live: edits with update_my_listing publish at once; post_listing_update tells your followers news.';
    default:
      return 'Hidden by the site team (moderation.reason says why): it is not public. Fix what the reason names and write to them to have it shown again.';
  }
}

export const ownedListingItem = z.object({
  listing_id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  url: z.string(),
  status: z.enum(LISTING_STATUSES),
  plan: z.enum(['free', 'paid']),
  launch_week: isoDate.nullable(),
  launched_at: isoDateTime.nullable(),
  updated_at: isoDateTime,
  profile_url: z.string().describe("The listing's public page (answers once the listing is scheduled or live)"),
});
export type OwnedListingItem = z.infer<typeof ownedListingItem>;

/** The account's listings in any status, most recently changed first. */
export async function listOwnedListings(
  db: Database,
  accountId: string,
  paging: { page: number; per_page: number },
  publicUrl: string,
): Promise<{ items: OwnedListingItem[]; total: number }> {
  const [counted, rows] = await Promise.all([
    db.one<{ total: number }>('SELECT count(*)::int AS total FROM listing_owners WHERE account_id = $1::uuid', [accountId]),
    db.query<Omit<OwnedListingItem, 'profile_url'> & Record<string, unknown>>(
      `SELECT l.id AS listing_id, l.slug, l.name, l.url, l.status, l.plan, l.launch_week::text AS launch_week,
         iso_time(l.launched_at) AS launched_at, iso_time(l.updated_at) AS updated_at
       FROM listing_owners o JOIN listings l ON l.id = o.listing_id
       WHERE o.account_id = $1::uuid
       ORDER BY l.updated_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
      [accountId, paging.per_page, offsetOf(paging)],
    ),
  ]);
  return { items: rows.map((row) => ({ ...row, profile_url: `${publicUrl}/listings/${row.slug}` })), total: counted?.total ?? 0 };
}
