import type { CrawledPage } from '../crawler/crawled-page.js';
import type { DrafterKind } from '../db/entities/draft.js';
import { FAQ_LIMITS, LIST_LIMITS, type SocialKey } from '../listings/profile-rules.js';
/**
 * The draft profile as the spec defines it (part 4): editable fields, their limits and sub-records.
 * The rules a draft shares with a listing (lists, FAQs, socials keys, country, year) are defined once
 * in listings/profile-rules.ts; every other drafting module reads its limits from here or there.
 */

export const TEXT_FIELDS = {
  name: 500,
  tagline: 500,
  short_description: 500,
  description: 20_000,
  stage: 500,
  pricing_model: 500,
  pricing_summary: 500,
  country: 500,
  city: 500,
  founded_year: 500,
  contact_email: 500,
  demo_video_url: 500,
  logo_url: 500,
} as const;
export type TextField = keyof typeof TEXT_FIELDS;

export const LIST_FIELDS = ['categories', 'tags', 'features', 'usps', 'keywords'] as const;
export type ListField = (typeof LIST_FIELDS)[number];
export const LIST_MAX_ITEMS = LIST_LIMITS.items;
export const LIST_ITEM_MAX = LIST_LIMITS.itemMax;

export type ProfileField = TextField | ListField;
export const PROFILE_FIELDS = [...(Object.keys(TEXT_FIELDS) as TextField[]), ...LIST_FIELDS] as readonly ProfileField[];

export const isListField = (field: ProfileField): field is ListField => (LIST_FIELDS as readonly string[]).includes(field);

/** Field states: ai (drafted, with evidence), not_found (the site does not say), edited (a person changed an AI value), manual (a person filled an empty field), override (locked against redrafts), deleted (removed by a person). */
export const FIELD_STATES = ['ai', 'not_found', 'edited', 'manual', 'override', 'deleted'] as const;
export type FieldState = (typeof FIELD_STATES)[number];

export const LIMITS = {
  faqs: FAQ_LIMITS.faqs,
  faqQuestion: FAQ_LIMITS.question,
  faqAnswer: FAQ_LIMITS.answer,
  founders: 6,
  founderName: 160,
  founderTitle: 160,
  founderBio: 3000,
  milestones: 50,
  milestoneTitle: 200,
  milestoneDescription: 2000,
  milestoneUrl: 500,
  storySection: 8000,
  storyTitle: 200,
  seoTitle: 70,
  seoMeta: 170,
  lockFields: 20,
  restoreFields: 20,
  regenerateFields: 5,
  invites: 10,
  competitorUrl: 2048,
  url: 2048,
} as const;

export const STORY_SECTIONS = [
  'title',
  'story',
  'why_started',
  'problem',
  'journey',
  'challenges',
  'achievements',
  'lessons',
  'whats_next',
] as const;

/** A verbatim passage of a crawled page that supports a value. */
export interface Evidence {
  quote: string;
  url: string;
}

export interface Evidenced<T> {
  value: T;
  evidence: Evidence[];
}

export type FieldValue = string | string[];

export interface ProposedFaq {
  question: string;
  answer: string;
}

export interface ProposedFounder {
  name: string;
  title?: string;
  bio?: string;
  socials?: Partial<Record<SocialKey, string>>;
}

/** What a drafter proposes from the crawled pages; every value must carry evidence, checked afterwards. */
export interface DraftProposal {
  fields: Partial<Record<ProfileField, Evidenced<FieldValue>>>;
  faqs: Evidenced<ProposedFaq>[];
  founders: Evidenced<ProposedFounder>[];
  socials: Partial<Record<SocialKey, Evidenced<string>>>;
}

/** A proposal with nothing in it, to fill. */
export const emptyProposal = (): DraftProposal => ({ fields: {}, faqs: [], founders: [], socials: {} });

export interface Drafter {
  readonly kind: DrafterKind;
  /** Proposes values from the pages; `only` limits it to some fields (regenerate). Page content is untrusted data. */
  draft(pages: readonly CrawledPage[], options?: { only?: readonly ProfileField[] }): Promise<DraftProposal>;
}
