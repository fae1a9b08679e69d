/**
 * Builds the demo directory in memory: plain rows for every table, derived only from a seeded
 * generator and `now`, so the same `now` always gives the same data. Each kind of record has its
 * builder in ./demo/, drawing from its own fork of the generator, so that changing one kind never
 * moves the values of another.
 */
import { categoryRecords } from './categories.js';
import { buildActivity } from './demo/activity.js';
import { buildAlternatives } from './demo/alternatives.js';
import { buildListingFaqs } from './demo/faqs.js';
import { buildFounders } from './demo/founders.js';
import { buildListingCategories } from './demo/listing-categories.js';
import { buildListings } from './demo/listings.js';
import { buildMetrics } from './demo/metrics.js';
import { buildPaidSections } from './demo/paid.js';
import { buildSiteContent } from './demo/site.js';
import { buildSlots } from './demo/slots.js';
import type { DemoData } from './demo/types.js';
import { buildListingUpdates } from './demo/updates.js';
import { buildVotes } from './demo/votes.js';
import { Random } from './random.js';

const DEMO_SEED = 20_260_101;

export function buildDemo(now: Date): DemoData {
  const rng = new Random(DEMO_SEED);
  const categories = categoryRecords();
  const slots = buildSlots(rng.fork('slots'), now);
  const { drafts, launched, live } = buildListings(rng.fork('texts'), rng.fork('names'), slots, categories, now);
  const listingCategories = buildListingCategories(rng.fork('listing-categories'), drafts, categories);
  const { founders, listingFounders } = buildFounders(rng.fork('founders'), drafts);
  const listingFaqs = buildListingFaqs(rng.fork('faqs'), drafts);
  const listingUpdates = buildListingUpdates(rng.fork('updates'), launched, now);
  const { milestones, stories, listingMedia } = buildPaidSections(rng.fork('paid'), drafts, founders, now);
  const alternatives = buildAlternatives(rng.fork('alternatives'), live);
  const { votes, votesByListing } = buildVotes(rng.fork('votes'), launched, now);
  const { listingViews, follows, reviews } = buildActivity(rng.fork('views'), launched, votesByListing, now);
  const { domainRatings, verifiedRevenues, billboardContributions } = buildMetrics(rng.fork('metrics'), live, now);
  const site = buildSiteContent(rng.fork('blog'), now);
  return {
    categories,
    listings: drafts.map((d) => d.row),
    listingCategories,
    founders,
    listingFounders,
    listingFaqs,
    listingUpdates,
    milestones,
    stories,
    listingMedia,
    alternatives,
    votes,
    listingViews,
    follows,
    reviews,
    domainRatings,
    verifiedRevenues,
    billboardContributions,
    ...site,
  };
}
