/**
 * The facts of one demo listing drawn before its copy is written: plan, what its website does not
 * say, pricing, place, age and stage (its commerce), then audience, features, selling points and tags
 * (its positioning). Each function draws from the listing generator in the same order as ever.
 */
import type { CategoryRecord } from '../categories.js';
import { EU_USP, LOCATIONS, OPEN_SOURCE_USP, USPS } from '../content.js';
import { addDays } from '../dates.js';
import type { Random } from '../random.js';
import type { Slot } from './slots.js';

const NOT_FOUND_FIELDS = ['pricing', 'founders', 'founded_year', 'location'];
const NOT_FOUND_COUNT_WEIGHTS = [
  [1, 4],
  [2, 1],
] as const;
const PRICING_MODEL_WEIGHTS = [
  ['freemium', 35],
  ['subscription', 25],
  ['paid', 12],
  ['free', 10],
  ['open-source', 15],
] as const;
const PRICES = [5, 8, 9, 12, 15, 19, 24, 29, 39, 49, 79, 99];
/** Years between founding and launch. */
const AGE_AT_LAUNCH_WEIGHTS = [
  [0, 3],
  [1, 4],
  [2, 3],
  [3, 2],
  [4, 1],
  [6, 1],
] as const;
const DRAFT_STAGES = ['idea', 'mvp'];
const LAUNCHED_STAGE_WEIGHTS = [
  ['launched', 45],
  ['growth', 20],
  ['beta', 25],
  ['mvp', 10],
] as const;
const UPCOMING_STAGE_WEIGHTS = [
  ['beta', 40],
  ['mvp', 30],
  ['launched', 30],
] as const;
const EXTRA_TAGS = ['saas', 'b2b', 'bootstrapped', 'indie', 'api-first', 'privacy', 'remote-first'];

type PricingModel = (typeof PRICING_MODEL_WEIGHTS)[number][0];
type Location = (typeof LOCATIONS)[number];

export interface Commerce {
  paid: boolean;
  notFound: string[];
  pricingModel: PricingModel | null;
  pricingSummary: string | null;
  location: Location | null;
  foundedYear: number | null;
  stage: string;
}

export interface Positioning {
  audience: string;
  features: string[];
  openSource: boolean;
  eu: boolean;
  usps: string[];
  keywords: string[];
  tags: string[];
}

function pricingSummaryOf(model: PricingModel, price: number): string {
  return {
    free: 'Free forever, no credit card required',
    freemium: `Free plan; Pro from $${price}/month`,
    subscription: `From $${price}/month, billed monthly or yearly`,
    paid: `One-time licence from $${price * 5}`,
    'open-source': `Free and open source; hosted cloud from $${price}/month`,
  }[model];
}

/** Scheduled listings of the next six weeks are all paid; launched and other scheduled ones are paid three times in ten. */
function isPaid(r: Random, slot: Slot, thisMonday: Date): boolean {
  if (slot.status === 'scheduled' && slot.week! < addDays(thisMonday, 7 * 6)) return true;
  return slot.status === 'live' || slot.status === 'hidden' || slot.status === 'scheduled' ? r.chance(0.3) : false;
}

/** The fields the crawler could not find on the listing's website, sorted. */
function notFoundOf(r: Random): string[] {
  const notFound = r.chance(0.25) ? r.sample(NOT_FOUND_FIELDS, r.weighted(NOT_FOUND_COUNT_WEIGHTS)).sort() : [];
  if (notFound.includes('founders') && r.chance(0.5)) notFound.splice(notFound.indexOf('founders'), 1);
  return notFound;
}

function stageOf(r: Random, slot: Slot): string {
  if (slot.status === 'draft') return r.pick(DRAFT_STAGES);
  return slot.status === 'live' || slot.status === 'hidden' ? r.weighted(LAUNCHED_STAGE_WEIGHTS) : r.weighted(UPCOMING_STAGE_WEIGHTS);
}

export function commerceOf(r: Random, slot: Slot, thisMonday: Date, now: Date): Commerce {
  const paid = isPaid(r, slot, thisMonday);
  const notFound = notFoundOf(r);
  const pricingModel = notFound.includes('pricing') ? null : r.weighted(PRICING_MODEL_WEIGHTS);
  const price = r.pick(PRICES);
  const pricingSummary = pricingModel === null ? null : pricingSummaryOf(pricingModel, price);
  const location = notFound.includes('location') ? null : r.pick(LOCATIONS);
  const launchYear = (slot.launchedAt ?? now).getUTCFullYear();
  const foundedYear = notFound.includes('founded_year') ? null : launchYear - r.weighted(AGE_AT_LAUNCH_WEIGHTS);
  const stage = stageOf(r, slot);
  return { paid, notFound, pricingModel, pricingSummary, location, foundedYear, stage };
}

export function positioningOf(r: Random, category: CategoryRecord, commerce: Commerce): Positioning {
  const sub = category.sub!;
  const audience = r.pick(category.top.audiences);
  const features = r.sample(sub.features, r.int(3, 6));
  const openSource = commerce.pricingModel === 'open-source' || r.chance(0.08);
  const eu = commerce.location?.[2] ?? false;
  const usps: string[] = r.sample(USPS, r.int(1, 3));
  if (eu && r.chance(0.6)) usps.unshift(EU_USP);
  if (openSource) usps.unshift(OPEN_SOURCE_USP);
  const keywords = r.sample(sub.keywords, r.int(3, 5));
  const tags = [sub.slug, category.top.slug, ...(openSource ? ['open-source'] : []), ...r.sample(EXTRA_TAGS, r.int(0, 2))];
  return { audience, features, openSource, eu, usps, keywords, tags };
}
