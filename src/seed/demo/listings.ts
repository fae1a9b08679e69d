/** The demo listings: one per slot, each with a category, a unique name, its facts, copy and row. */
import type { CategoryRecord } from '../categories.js';
import { GENERAL_ROOTS, NAME_SUFFIXES } from '../content.js';
import { DAY_MS, between, isoDate, isoTime, mondayOf } from '../dates.js';
import type { Random } from '../random.js';
import { slugify } from '../../text/slugify.js';
import { commerceOf, positioningOf, type Commerce, type Positioning } from './listing-facts.js';
import { attributesOf, copyOf, socialsOf, type Address, type Copy } from './listing-profile.js';
import type { Slot } from './slots.js';
import { joinName, truncate, videoId } from './text.js';
import type { DemoListings, Draft, ListingRow } from './types.js';

/** How often each top-level category is picked; the others weigh 5. */
const TOP_WEIGHTS = new Map<string, number>([
  ['ai', 16],
  ['developer-tools', 14],
  ['productivity', 12],
  ['marketing', 11],
  ['analytics', 9],
  ['design', 8],
  ['finance', 8],
  ['sales', 8],
  ['customer-support', 7],
  ['education', 7],
]);
const NAME_PATTERN_WEIGHTS = [
  ['suffix', 45],
  ['suffix+word', 25],
  ['root+root', 15],
  ['root+word', 15],
] as const;
const HANDLE_ENDINGS = ['', '', 'app', 'hq'];

/** Picks a subcategory: first a top-level category by weight, then one of its subcategories. */
function categoryPicker(categories: CategoryRecord[]): (r: Random) => CategoryRecord {
  const subcategories = categories.filter((c) => c.sub);
  return (r) => {
    const top = r.weighted(categories.filter((c) => !c.sub).map((c) => [c, TOP_WEIGHTS.get(c.slug) ?? 5] as const));
    return r.pick(subcategories.filter((s) => s.parentId === top.id));
  };
}

/** Makes product names for a category, never the same name twice (case-insensitive). */
function namer(r: Random): (category: CategoryRecord) => string {
  const usedNames = new Set<string>();
  const candidate = (category: CategoryRecord): string => {
    const sub = category.sub!;
    const root = r.chance(0.6) ? r.pick(category.top.roots) : r.pick(GENERAL_ROOTS);
    const pattern = r.weighted(NAME_PATTERN_WEIGHTS);
    if (pattern === 'suffix') return joinName(root, r.pick(NAME_SUFFIXES));
    if (pattern === 'suffix+word') return `${joinName(root, r.pick(NAME_SUFFIXES))} ${r.pick(sub.nameWords)}`;
    if (pattern === 'root+root') return root + r.pick(GENERAL_ROOTS).toLowerCase();
    return `${root} ${r.pick(sub.nameWords)}`;
  };
  return (category) => {
    for (let attempt = 0; ; attempt++) {
      let name = candidate(category);
      if (attempt > 20) name = `${name} ${attempt}`;
      if (!usedNames.has(name.toLowerCase())) {
        usedNames.add(name.toLowerCase());
        return name;
      }
    }
  };
}

/** When the listing was created (before its launch, or in the last weeks) and last updated. */
function timesOf(r: Random, slot: Slot, now: Date): { createdAt: Date; updatedAt: Date } {
  const createdAt = slot.launchedAt
    ? new Date(slot.launchedAt.getTime() - r.int(3, 60) * DAY_MS - r.int(0, 86_399) * 1000)
    : new Date(Math.floor((now.getTime() - r.int(1, 40) * DAY_MS - r.int(0, 86_399) * 1000) / 1000) * 1000);
  const updatedAt = slot.launchedAt && r.chance(0.4) ? between(slot.launchedAt, now, r.next()) : (slot.launchedAt ?? createdAt);
  return { createdAt, updatedAt };
}

interface Parts {
  id: number;
  name: string;
  address: Address;
  slot: Slot;
  category: CategoryRecord;
  commerce: Commerce;
  positioning: Positioning;
  copy: Copy;
  attributes: Record<string, unknown>;
  socials: Record<string, string>;
  times: { createdAt: Date; updatedAt: Date };
}

/**
 * Every demo listing gets a monogram logo, drawn when the demo is loaded (demo/logos.ts); the draw that once chose
 * whether a listing had a logo address is kept, so that the rest of the demo stays the same.
 */
function keptDrawLogo(r: Random): null {
  r.chance(0.9);
  return null;
}

function rowOf(r: Random, p: Parts): ListingRow {
  const { id, name, slot, category, commerce, positioning, copy } = p;
  const { slug, domain, url } = p.address;
  const { paid } = commerce;
  const seo = paid || r.chance(0.5);
  const thing = category.sub!.thing;
  return {
    id,
    slug,
    name,
    url,
    domain,
    tagline: copy.tagline,
    short_description: copy.shortDescription,
    description: copy.description,
    logo_url: keptDrawLogo(r),
    stage: commerce.stage,
    pricing_model: commerce.pricingModel,
    pricing_summary: commerce.pricingSummary,
    country: commerce.location?.[0] ?? null,
    city: commerce.location?.[1] ?? null,
    founded_year: commerce.foundedYear,
    contact_email: r.chance(0.7) ? `hello@${domain}` : null,
    demo_video_url: r.chance(0.3) ? `https://www.youtube.com/watch?v=${videoId(r)}` : null,
    features: positioning.features,
    usps: positioning.usps,
    keywords: positioning.keywords,
    tags: positioning.tags,
    headline: paid ? truncate(`${name}: ${copy.tagline}`, 200) : null,
    summary: paid
      ? `${name} is ${/^[aeiou]/i.test(thing) ? 'an' : 'a'} ${thing} built for ${positioning.audience}. ${positioning.usps[0]}.`
      : null,
    seo_title: seo ? truncate(`${name} - ${copy.tagline}`, 70) : null,
    seo_description: seo ? truncate(copy.shortDescription, 160) : null,
    socials: p.socials,
    attributes: p.attributes,
    not_found_on_website: commerce.notFound,
    status: slot.status,
    plan: paid ? 'paid' : 'free',
    launch_week: slot.week ? isoDate(slot.week) : null,
    launched_at: slot.launchedAt ? isoTime(slot.launchedAt) : null,
    unlocked_sections: paid ? ['story', 'milestones', 'media'] : [],
    primary_category_id: category.id,
    created_at: isoTime(p.times.createdAt),
    updated_at: isoTime(p.times.updatedAt),
  };
}

/** The listings, one per slot and with the slot's position as id; `r` draws their facts, `nameRng` their names. */
export function buildListings(r: Random, nameRng: Random, slots: Slot[], categories: CategoryRecord[], now: Date): DemoListings {
  const pickCategory = categoryPicker(categories);
  const makeName = namer(nameRng);
  const thisMonday = mondayOf(now);
  const drafts: Draft[] = slots.map((slot, index) => {
    const category = pickCategory(r);
    const name = makeName(category);
    const slug = slugify(name);
    const domain = `${slug}.example`;
    const address: Address = { slug, domain, url: `https://${domain}`, handle: slug.replace(/-/g, '') + r.pick(HANDLE_ENDINGS) };
    const commerce = commerceOf(r, slot, thisMonday, now);
    const positioning = positioningOf(r, category, commerce);
    const copy = copyOf(r, name, category, commerce, positioning);
    const attributes = attributesOf(r, category, commerce, positioning);
    const socials = socialsOf(r, category.top.slug, positioning.openSource, address);
    const times = timesOf(r, slot, now);
    const parts: Parts = { id: index + 1, name, address, slot, category, commerce, positioning, copy, attributes, socials, times };
    const row = rowOf(r, parts);
    const { audience, eu } = positioning;
    return { row, category, launchedAt: slot.launchedAt, createdAt: times.createdAt, audience, eu, founderIds: [] };
  });
  const launched = drafts.filter((d) => d.launchedAt !== null);
  return { drafts, launched, live: launched.filter((d) => d.row.status === 'live') };
}
