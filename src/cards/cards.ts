/**
 * What each social card shows, read from the database, and the card itself: rendered once per distinct content
 * and kept (./card-cache.ts). Listings (live and scheduled ones only), launch weeks, awards and published blog posts
 * have cards; anything else has none (undefined).
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { AwardSigner } from '../catalogue/award-proofs.js';
import { findAward } from '../catalogue/awards.js';
import { findBlogPost } from '../catalogue/blog.js';
import { BY_VOTES } from '../catalogue/launch-feed.js';
import { readLaunchWeek } from '../catalogue/launch-week.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { resolveWeek, weekLabel } from '../catalogue/weeks.js';
import { loadImage } from '../images/image-store.js';
import type { CachedCard, CardCache } from './card-cache.js';
import { type CardData, renderCard } from './render.js';

/** Bumped when the drawing changes, so that every card is drawn again. */
const DRAWING_VERSION = 1;

/** The addresses of the cards (paths under PUBLIC_URL), which the pages put in their og:image. */
export const cardPath = {
  listing: (slug: string) => `/cards/listings/${slug}.png`,
  week: (start: string) => `/cards/weeks/${start}.png`,
  award: (week: string, rank: number) => `/cards/awards/${week}/${rank}.png`,
  blog: (slug: string) => `/cards/blog/${slug}.png`,
};

/** A kept image's address: /images/{sha256}.{webp|png}, as a path or under PUBLIC_URL. Nothing else is ever read. */
const KEPT_IMAGE = /^\/images\/([0-9a-f]{64})\.(webp|png)$/;

interface Logo {
  sha256: string;
  contentType: 'image/webp' | 'image/png';
}

/** What a card shows (without the logo's bytes), the kept logo it shows, and the listings it shows. */
interface CardSource {
  data: CardData;
  logo?: Logo;
  listingIds: number[];
}

function keptLogo(url: string | null, publicUrl: string): Logo | undefined {
  const path = url?.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
  const match = path ? KEPT_IMAGE.exec(path) : null;
  return match ? { sha256: match[1], contentType: match[2] === 'png' ? 'image/png' : 'image/webp' } : undefined;
}

export interface CardDeps {
  db: Database;
  publicUrl: string;
  now: () => Date;
  signAward: AwardSigner;
  cache: CardCache;
}

interface ListingRow {
  [key: string]: unknown;
  id: number;
  slug: string;
  name: string;
  tagline: string;
  logo_url: string | null;
  category: string;
  votes: number;
  launch_week: string | null;
  rank: number | null;
}

/** A public listing's card: its logo, name, tagline, category, votes, and its rank in its launch week once live. */
async function listingSource(deps: CardDeps, slug: string): Promise<CardSource | undefined> {
  const [row, settings] = await Promise.all([
    deps.db.one<ListingRow>(
      `SELECT t.*, CASE WHEN t.status = 'live' THEN (
           SELECT r.rank FROM (SELECT l.id, row_number() OVER (ORDER BY ${BY_VOTES})::int AS rank
                               FROM listings l WHERE l.status = 'live' AND l.launch_week = t.week) r
           WHERE r.id = t.id) END AS rank
       FROM (SELECT l.id, l.slug, l.name, l.tagline, l.logo_url, pc.name AS category, l.votes_count AS votes, l.status,
                    l.launch_week AS week, l.launch_week::text AS launch_week
             FROM listings l JOIN categories pc ON pc.id = l.primary_category_id
             WHERE l.slug = $1 AND l.status = ANY($2::text[])) t`,
      [slug, PUBLIC_STATUSES],
    ),
    loadSiteSettings(deps.db),
  ]);
  if (!row) return undefined;
  return {
    data: {
      kind: 'listing',
      siteName: settings.site_name,
      slug: row.slug,
      name: row.name,
      tagline: row.tagline,
      category: row.category,
      votes: row.votes,
      ...(row.rank != null && row.launch_week && { rank: row.rank, week: row.launch_week }),
    },
    logo: keptLogo(row.logo_url, deps.publicUrl),
    listingIds: [row.id],
  };
}

/** A launch week's card (a week the directory has, given by its Monday): its label and its three leading launches. */
async function weekSource(deps: CardDeps, start: string): Promise<CardSource | undefined> {
  const settings = await loadSiteSettings(deps.db);
  const now = deps.now();
  const week = resolveWeek(start, now, settings.time_zone);
  if (week.start !== start) return undefined;
  const view = await readLaunchWeek(deps.db, week, resolveWeek('this', now, settings.time_zone), deps.publicUrl);
  if (!view) return undefined;
  return {
    data: {
      kind: 'week',
      siteName: settings.site_name,
      label: weekLabel(week),
      start: week.start,
      end: week.end,
      launches: view.launches.slice(0, 3).map((l) => ({ rank: l.rank, name: l.name, votes: l.votes })),
      total: view.launches.length,
    },
    // Any launch of the week may overtake the leaders.
    listingIds: view.launches.map((l) => l.id),
  };
}

async function awardSource(deps: CardDeps, week: string, rank: number): Promise<CardSource | undefined> {
  const [found, settings] = await Promise.all([findAward(deps.db, week, rank, deps.publicUrl, deps.signAward), loadSiteSettings(deps.db)]);
  if (!found) return undefined;
  return {
    data: {
      kind: 'award',
      siteName: settings.site_name,
      title: found.title,
      week: found.week,
      votes: found.votes,
      slug: found.listing.slug,
      name: found.listing.name,
      tagline: found.listing.tagline,
    },
    logo: keptLogo(found.listing.logo_url, deps.publicUrl),
    listingIds: [found.listing.id],
  };
}

async function blogSource(deps: CardDeps, slug: string): Promise<CardSource | undefined> {
  const [post, settings] = await Promise.all([findBlogPost(deps.db, slug, deps.now(), deps.publicUrl), loadSiteSettings(deps.db)]);
  if (!post) return undefined;
  return {
    data: {
      kind: 'blog',
      siteName: settings.site_name,
      title: post.title,
      excerpt: post.excerpt,
      author: post.author,
      date: post.published_at.slice(0, 10),
    },
    listingIds: [],
  };
}

/** The objects that have cards, and how each is named. */
export type CardSubject =
  | { kind: 'listing'; slug: string }
  | { kind: 'week'; start: string }
  | { kind: 'award'; week: string; rank: number }
  | { kind: 'blog'; slug: string };

function sourceOf(deps: CardDeps, subject: CardSubject): Promise<CardSource | undefined> {
  switch (subject.kind) {
    case 'listing':
      return listingSource(deps, subject.slug);
    case 'week':
      return weekSource(deps, subject.start);
    case 'award':
      return awardSource(deps, subject.week, subject.rank);
    case 'blog':
      return blogSource(deps, subject.slug);
  }
}

/** The hash of everything a card shows (and of how it is drawn): the same content, the same key. */
function cardKey(source: CardSource): string {
  const shown = JSON.stringify({ v: DRAWING_VERSION, data: source.data, logo: source.logo?.sha256 ?? null });
  return createHash('sha256').update(shown).digest('base64url');
}

/**
 * The card of an object as it is now (undefined when it has none): its content is read every time, and the PNG
 * drawn only when no card of that content is kept.
 */
export async function socialCard(deps: CardDeps, subject: CardSubject): Promise<CachedCard | undefined> {
  const source = await sourceOf(deps, subject);
  if (!source) return undefined;
  const key = cardKey(source);
  const kept = deps.cache.get(key);
  if (kept) return kept;
  const logo = source.logo && (await loadImage(deps.db, source.logo.sha256, source.logo.contentType));
  const data =
    logo && (source.data.kind === 'listing' || source.data.kind === 'award') ? { ...source.data, logo: logo.bytes } : source.data;
  const card = { png: await renderCard(data), key };
  deps.cache.set(card, source.listingIds);
  return card;
}
