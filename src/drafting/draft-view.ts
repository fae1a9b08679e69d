import { z } from 'zod';
import { EMPTY_FIELD, type DraftRecord } from './draft-store.js';
import { DRAFT_STATUSES, DRAFTERS } from '../db/entities/draft.js';
import { FIELD_STATES, PROFILE_FIELDS, type ProfileField } from './profile-fields.js';
import { SOCIAL_KEYS } from '../listings/profile-rules.js';

/** How long a client should wait before polling a draft that is still being worked on. */
const POLL_AFTER_SECONDS = 3;

const evidence = z
  .array(z.object({ quote: z.string(), url: z.string() }))
  .optional()
  .describe('Verbatim passages of the site that state the value, with the page they are on (left out of a brief view)');
const fieldView = z.object({
  value: z.union([z.string(), z.array(z.string())]).nullable(),
  state: z
    .enum([...FIELD_STATES, 'pending'])
    .describe(
      'pending: not drafted yet; ai: drafted from the site; not_found: the site does not say; edited/manual: typed by a person; override: locked against redrafts; deleted: removed',
    ),
  evidence,
});

export const draftOutput = z.object({
  id: z.string(),
  url: z.string(),
  status: z.enum(DRAFT_STATUSES),
  failure_reason: z.string().nullable().describe('Why drafting failed, in words a person can act on'),
  poll_after_seconds: z
    .number()
    .int()
    .nullable()
    .describe('Poll get_draft again after this many seconds; null when nothing is in progress'),
  drafter: z.enum(DRAFTERS).nullable(),
  completeness: z.number().int().min(0).max(100).describe('Percentage of the profile parts that have a value'),
  missing: z.array(z.string()).describe('Profile parts without a value'),
  needed_to_save: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .describe(
      'What submit_draft needs changed first, by path (a name, a category, the listing’s tighter bounds); empty: it can save once ready',
    ),
  fields: z
    .object(
      Object.fromEntries(PROFILE_FIELDS.map((field) => [field, fieldView.optional()])) as Record<
        ProfileField,
        z.ZodOptional<typeof fieldView>
      >,
    )
    .describe('Every profile field; a brief view leaves out those without a value (named in missing)'),
  faqs: z.array(z.object({ question: z.string(), answer: z.string(), evidence })),
  founders: z.array(z.object({ name: z.string(), title: z.string().nullable(), bio: z.string().nullable(), evidence })),
  company_socials: z.partialRecord(z.enum(SOCIAL_KEYS), z.object({ url: z.string(), evidence })),
  founder_socials: z.partialRecord(z.enum(SOCIAL_KEYS), z.string()),
  story: z.record(z.string(), z.string()),
  milestones: z.array(z.object({ date: z.string(), title: z.string(), description: z.string().nullable(), url: z.string().nullable() })),
  competitor_url: z.string().nullable(),
  seo: z.object({ title: z.string().nullable(), meta: z.string().nullable() }),
  regenerating: z.array(z.string()).describe('Fields being redrafted in the background'),
  invites: z.number().int().describe('Co-founders invited so far (at most 10)'),
  listing_id: z.number().int().nullable().describe('The listing made by submit_draft; null before'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DraftView = z.input<typeof draftOutput>;

const hasValue = (value: unknown) => (Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '');

/** The parts completeness counts: every profile field, then FAQs, founders and the company's socials. */
export function missingParts(draft: DraftRecord): string[] {
  const missing: string[] = PROFILE_FIELDS.filter((field) => !hasValue(draft.fields[field]?.value));
  if (draft.faqs.length === 0) missing.push('faqs');
  if (draft.founders.length === 0) missing.push('founders');
  if (Object.keys(draft.companySocials).length === 0) missing.push('company_socials');
  return missing;
}

/** The share of the parts missingParts counts that have a value, in percent. */
export function completeness(missing: readonly string[]): number {
  const parts = PROFILE_FIELDS.length + 3;
  return Math.round((100 * (parts - missing.length)) / parts);
}

export function draftView(draft: DraftRecord, invites: number, neededToSave: DraftView['needed_to_save']): DraftView {
  const missing = missingParts(draft);
  // Until the drafter has run, an empty field is not yet known, rather than not stated by the site.
  const drafting = draft.status === 'crawling' || draft.status === 'drafting';
  const working = drafting || draft.regenerating.length > 0;
  return {
    id: draft.id,
    url: draft.url,
    status: draft.status,
    failure_reason: draft.failureReason,
    poll_after_seconds: working ? POLL_AFTER_SECONDS : null,
    drafter: draft.drafter,
    completeness: completeness(missing),
    missing,
    needed_to_save: neededToSave,
    fields: Object.fromEntries(
      PROFILE_FIELDS.map((field) => {
        const { value, state, evidence: quotes } = draft.fields[field] ?? EMPTY_FIELD;
        return [field, { value, state: drafting && state === 'not_found' ? 'pending' : state, evidence: quotes }];
      }),
    ) as DraftView['fields'],
    faqs: draft.faqs.map(({ question, answer, evidence: quotes }) => ({ question, answer, evidence: quotes })),
    founders: draft.founders.map(({ name, title, bio, evidence: quotes }) => ({ name, title, bio, evidence: quotes })),
    company_socials: draft.companySocials as DraftView['company_socials'],
    founder_socials: draft.founderSocials as DraftView['founder_socials'],
    story: draft.story,
    milestones: draft.milestones,
    competitor_url: draft.competitorUrl,
    seo: { title: draft.seo.title ?? null, meta: draft.seo.meta ?? null },
    regenerating: draft.regenerating,
    invites,
    listing_id: draft.listingId,
    created_at: draft.createdAt,
    updated_at: draft.updatedAt,
  };
}

/**
 * The views get_draft answers: `brief` leaves out the website quotes (most of a draft's bytes) and the fields
 * without a value (`missing` names them), e.g. while polling.
 */
export const DRAFT_VIEWS = ['full', 'brief'] as const;

/** The draft without its evidence quotes: values and states, for a reader that does not show them now. */
export function briefDraftView(view: DraftView): DraftView {
  const strip = <T extends { evidence?: unknown }>({ evidence: _evidence, ...rest }: T) => rest;
  return {
    ...view,
    fields: Object.fromEntries(
      Object.entries(view.fields).flatMap(([field, value]) => (value && hasValue(value.value) ? [[field, strip(value)]] : [])),
    ) as DraftView['fields'],
    faqs: view.faqs.map(strip),
    founders: view.founders.map(strip),
    company_socials: Object.fromEntries(Object.entries(view.company_socials).map(([key, social]) => [key, strip(social!)])),
  };
}
