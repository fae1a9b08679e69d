import { LockMode } from '@mikro-orm/core';
import type { Database } from '../db/database.js';
import { Listing } from '../db/entities/listing.js';
import { BadgeCheck } from '../db/entities/owner-listing.js';
import type { CrawlResult } from '../crawler/crawl-options.js';
import { findBadge } from './badge-sighting.js';
import { badgeTarget } from './owner-view.js';
import { recordVersion } from './listing-history.js';

export interface BadgeCheckDeps {
  db: Database;
  now: () => Date;
  publicUrl: string;
  /** Reads the homepage (the crawler: robots.txt, the address guard, size and time bounds). */
  readHomepage: (url: string) => Promise<CrawlResult>;
}

export interface BadgeCheckResult {
  found: boolean;
  foundAs: 'link' | 'image' | null;
  pageUrl: string | null;
  detail: string;
}

/** While a free listing waits for its badge, its homepage is read again this often. */
const BADGE_RECHECK_MS = 24 * 60 * 60 * 1000;

/** Reads the listing's homepage and says whether its badge is there (no state is changed). */
export async function lookForBadge(deps: BadgeCheckDeps, listing: { slug: string; url: string }): Promise<BadgeCheckResult> {
  const target = badgeTarget(deps.publicUrl, listing.slug, listing.url);
  const read = await deps.readHomepage(listing.url);
  if (!read.ok) return { found: false, foundAs: null, pageUrl: null, detail: `The homepage could not be read: ${read.reason}` };
  const home = read.pages[0];
  const foundAs = home ? findBadge(home, { profileUrl: target.link_to, publicUrl: deps.publicUrl, slug: listing.slug }) : undefined;
  if (foundAs) {
    const what = foundAs === 'link' ? `a link to ${target.link_to}` : `a badge image from ${target.or_image_from}`;
    return { found: true, foundAs, pageUrl: read.finalUrl, detail: `Found ${what} on ${read.finalUrl}.` };
  }
  return {
    found: false,
    foundAs: null,
    pageUrl: read.finalUrl,
    detail: `No visible link to ${target.link_to} and no badge image from ${target.or_image_from} on ${read.finalUrl}. Paste embed_html from get_badges into the homepage.`,
  };
}

/**
 * The badge check of one free listing awaiting its badge: reads the homepage (outside any transaction),
 * then records what it saw; found, the listing becomes scheduled for its week. Safe to run twice and on
 * several instances: the state is re-read under a lock before anything changes.
 */
export async function checkListingBadge(deps: BadgeCheckDeps, listingId: number): Promise<BadgeCheckResult | undefined> {
  const listing = await deps.db.one<{ slug: string; url: string; status: string }>('SELECT slug, url, status FROM listings WHERE id = $1', [
    listingId,
  ]);
  if (listing?.status !== 'awaiting_badge') return undefined;
  const result = await lookForBadge(deps, listing);
  await deps.db.transaction(async (tx) => {
    const locked = await tx.em.findOne(Listing, { id: listingId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (locked?.status !== 'awaiting_badge') return;
    const now = deps.now();
    await saveBadgeCheck(tx.em, listingId, result, now);
    if (result.found) {
      locked.status = 'scheduled';
      locked.updatedAt = now;
      recordVersion(tx.em, {
        listingId,
        accountId: null,
        operation: 'badge_found',
        changes: { status: { before: 'awaiting_badge', after: 'scheduled' } },
        at: now,
      });
    }
  });
  return result;
}

/** Records what a check saw (the latest check of each listing is kept). */
export async function saveBadgeCheck(
  em: Parameters<typeof recordVersion>[0],
  listingId: number,
  result: BadgeCheckResult,
  now: Date,
): Promise<void> {
  const values = {
    checkedAt: now,
    found: result.found,
    pageUrl: result.pageUrl,
    foundAs: result.foundAs,
    detail: result.detail,
    nextCheckAt: result.found ? null : new Date(now.getTime() + BADGE_RECHECK_MS),
  };
  const existing = await em.findOne(BadgeCheck, { listing: listingId });
  if (existing) em.assign(existing, values);
  else em.create(BadgeCheck, { listing: listingId, ...values });
}
