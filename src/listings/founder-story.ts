import type { Database } from '../db/database.js';
import { ListingFounder, Story } from '../db/entities/listing.js';
import type { JsonValue } from '../db/entities/json-types.js';
import type { FieldChange } from '../db/entities/owner-listing.js';
import { lockOwnedListing } from './ownership.js';
import { noteChange, recordVersion } from './listing-history.js';

/** The story's sections (spec: Story sections), as stored. */
export const STORY_FIELDS = {
  title: 'title',
  story: 'story',
  why_started: 'whyStarted',
  problem: 'problem',
  journey: 'journey',
  challenges: 'challenges',
  achievements: 'achievements',
  lessons: 'lessons',
  whats_next: 'whatsNext',
} as const;
export type StorySection = keyof typeof STORY_FIELDS;
export type StoryInput = Partial<Record<StorySection, string | null>>;
export type StoryView = Record<StorySection, string | null> & { published_at: string | null };

/**
 * set_founder_story (PUT): the founder's own words replace the listing's story as a whole (a section
 * not sent is removed); no drafter writes here. The story is published with the listing: the public
 * sees it while the listing is public and its story section is unlocked; its owners always do.
 * It is credited to the listing's first founder.
 */
export function setFounderStory(db: Database, accountId: string, listingId: number, input: StoryInput, now: Date): Promise<StoryView> {
  return db.transaction(async (tx) => {
    await lockOwnedListing(tx, accountId, listingId);
    const primary = await tx.em.findOne(ListingFounder, { listing: listingId }, { orderBy: { position: 'asc' } });
    let story = await tx.em.findOne(Story, { listing: listingId });
    const changes: Record<string, FieldChange> = {};
    story ??= tx.em.create(Story, { listing: listingId });
    const record = story as unknown as Record<string, JsonValue>;
    for (const [section, property] of Object.entries(STORY_FIELDS)) {
      const after = blankToNull(input[section as StorySection]);
      if (noteChange(changes, `story.${section}`, record[property] ?? null, after)) record[property] = after;
    }
    story.founder = primary ? primary.founder : null;
    story.publishedAt = now;
    recordVersion(tx.em, { listingId, accountId, operation: 'set_founder_story', changes, at: now });
    await tx.em.flush();
    const view = Object.fromEntries(
      Object.entries(STORY_FIELDS).map(([section, property]) => [section, (record[property] as string | null) ?? null]),
    ) as Record<StorySection, string | null>;
    return { ...view, published_at: now.toISOString() };
  });
}

const blankToNull = (text: string | null | undefined) => (text === undefined || text === null || text.trim() === '' ? null : text);
