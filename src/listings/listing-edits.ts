import type { Database, Transaction } from '../db/database.js';
import { emitWebhookEvent } from '../webhooks/events.js';
import { ListingFaq, type Listing } from '../db/entities/listing.js';
import type { JsonValue, Socials } from '../db/entities/json-types.js';
import type { FieldChange } from '../db/entities/owner-listing.js';
import { lockOwnedListing } from './ownership.js';
import { noteChange, recordVersion } from './listing-history.js';
import type { LISTING_LIST_FIELDS, ListingTextField } from './profile-rules.js';

type ListingListField = (typeof LISTING_LIST_FIELDS)[number];

export interface ListingEdit {
  fields?: Partial<Record<ListingTextField, string>> & Partial<Record<ListingListField, string[]>> & { founded_year?: number | null };
  /** Replaces every link. */
  socials?: Socials;
  /** Replaces every FAQ. */
  faqs?: { question: string; answer: string }[];
}

/** The entity property of each editable field; `required` columns hold '' rather than null when cleared. */
const PROPERTY: Record<ListingTextField | ListingListField | 'founded_year', { key: keyof Listing; required?: true }> = {
  tagline: { key: 'tagline', required: true },
  short_description: { key: 'shortDescription', required: true },
  description: { key: 'description', required: true },
  pricing_model: { key: 'pricingModel' },
  pricing_summary: { key: 'pricingSummary' },
  country: { key: 'country' },
  city: { key: 'city' },
  demo_video_url: { key: 'demoVideoUrl' },
  contact_email: { key: 'contactEmail' },
  headline: { key: 'headline' },
  summary: { key: 'summary' },
  seo_title: { key: 'seoTitle' },
  seo_description: { key: 'seoDescription' },
  features: { key: 'features' },
  usps: { key: 'usps' },
  keywords: { key: 'keywords' },
  founded_year: { key: 'foundedYear' },
};

/**
 * update_my_listing: applies the owner's edit to the listing in one transaction and keeps it as a
 * version (who, when, each field before and after). Public pages and get_listing read the listing
 * itself, so an edit of a live listing shows on the next request on every instance; the search vector
 * and its search row follow by trigger, and new words join the typo dictionary here.
 * Returns the names of the fields that changed.
 */
export async function editListing(db: Database, accountId: string, listingId: number, edit: ListingEdit, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const listing = await lockOwnedListing(tx, accountId, listingId);
    const changes: Record<string, FieldChange> = {};
    applyFields(listing, edit.fields ?? {}, changes);
    if (edit.socials !== undefined) {
      const socials = Object.fromEntries(Object.entries(edit.socials).filter(([, link]) => typeof link === 'string' && link !== ''));
      if (noteChange(changes, 'socials', listing.socials as JsonValue, socials)) listing.socials = socials;
    }
    if (edit.faqs !== undefined) await replaceFaqs(tx, listing, edit.faqs, changes);
    if (Object.keys(changes).length === 0) return [];
    listing.updatedAt = now;
    recordVersion(tx.em, { listingId, accountId, operation: 'update_my_listing', changes, at: now });
    await emitWebhookEvent(tx, {
      type: 'listing.updated',
      listingId,
      data: { listing_id: listingId, slug: listing.slug, fields: Object.keys(changes), updated_at: now.toISOString() },
      at: now,
    });
    await tx.em.flush();
    await addDictionaryWords(tx, listingId);
    return Object.keys(changes);
  });
}

function applyFields(listing: Listing, fields: NonNullable<ListingEdit['fields']>, changes: Record<string, FieldChange>): void {
  const record = listing as unknown as Record<string, JsonValue>;
  for (const [field, given] of Object.entries(fields) as [keyof typeof PROPERTY, string | string[] | number | null][]) {
    if (given === undefined) continue;
    const { key, required } = PROPERTY[field];
    const after = given === '' && !required ? null : field === 'country' && typeof given === 'string' ? given.toUpperCase() : given;
    if (!noteChange(changes, field, record[key as string] ?? null, after)) continue;
    record[key as string] = after;
    // A value the owner states is no longer one the website left out.
    if (after !== null && after !== '') listing.notFoundOnWebsite = listing.notFoundOnWebsite.filter((name) => name !== field);
  }
}

async function replaceFaqs(
  tx: Transaction,
  listing: Listing,
  faqs: NonNullable<ListingEdit['faqs']>,
  changes: Record<string, FieldChange>,
): Promise<void> {
  const stored = await tx.em.find(ListingFaq, { listing: listing.id }, { orderBy: { position: 'asc', id: 'asc' } });
  const before = stored.map(({ question, answer }) => ({ question, answer }));
  const after = faqs.map(({ question, answer }) => ({ question, answer }));
  if (!noteChange(changes, 'faqs', before, after)) return;
  for (const faq of stored) tx.em.remove(faq);
  for (const [position, faq] of after.entries()) tx.em.create(ListingFaq, { listing: listing.id, ...faq, position });
}

/**
 * The words of the listing's searchable text that the typo dictionary lacks (new words of an edit),
 * so a misspelling of them is corrected before the daily rebuild counts them properly.
 */
async function addDictionaryWords(tx: Transaction, listingId: number): Promise<void> {
  await tx.query(
    `INSERT INTO search_terms (term, documents)
     SELECT word, 1 FROM ts_stat(format('SELECT listing_dictionary_vector(l) FROM listings l WHERE id = %s AND status IN (''live'', ''scheduled'')', $1::int))
     WHERE length(word) >= 2
     ON CONFLICT (term) DO NOTHING`,
    [listingId],
  );
}

/**
 * What an owner is told before publishing: publishing (free or paid) ends the draft's editing, and what
 * update_my_listing still edits afterwards (its fields, links and FAQs: everything but the name and categories).
 */
export const AFTER_PUBLISHING =
  'Publishing (choose_free_listing, or a paid launch) ends editing through the draft: update_my_listing edits the listing then, all but its name and categories.';
