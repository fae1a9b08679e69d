import type { Database } from '../db/database.js';
import { canonicalCategoryNames } from '../catalogue/categories.js';
import { changeDraft, DRAFT_PAGES_KEEP_DAYS, EMPTY_FIELD, hasStoredPages, type DraftRecord, type StoredMilestone } from './draft-store.js';
import { writeSubmission } from './draft-submission.js';
import { acceptFounderNames } from './founder-names.js';
import type { FieldValue, ProfileField } from './profile-fields.js';
import type { SocialKey } from '../listings/profile-rules.js';
import { InvalidStateError, NotFoundError, ValidationError } from '../errors.js';

/** update_draft's input after validation: only the parts sent are present. */
export interface DraftEdits {
  fields?: Partial<Record<ProfileField, FieldValue | null>>;
  lock_fields?: ProfileField[];
  regenerate?: ProfileField[];
  restore?: ProfileField[];
  faqs?: { question: string; answer: string }[];
  company_socials?: Partial<Record<SocialKey, string | null>>;
  founder_socials?: Partial<Record<SocialKey, string | null>>;
  founders?: { name: string; title?: string | null; bio?: string | null }[];
  story?: Record<string, string | null | undefined>;
  milestones?: { date: string; title: string; description?: string | null; url?: string | null }[];
  competitor_url?: string;
  seo?: { title?: string | null; meta?: string | null };
}

/**
 * update_draft: applies the edits to the draft under its lock. A draft still being crawled or drafted
 * is 409; a failed one becomes ready (a person fills it by hand); a submitted one carries the edit to
 * its listing in the same transaction (refused whole when the listing cannot take it). Answers the
 * draft and the fields to redraft in the background.
 */
export async function editDraft(
  db: Database,
  id: string,
  edits: DraftEdits,
  now: () => Date,
): Promise<{ draft: DraftRecord; regenerate: ProfileField[] }> {
  const changed = await changeDraft(db, id, now, async (draft, tx) => {
    if (draft.status === 'crawling' || draft.status === 'drafting') {
      throw new InvalidStateError(
        `The draft is still ${draft.status}: call get_draft again after its poll_after_seconds (view brief) until it is ready, then edit it.`,
      );
    }
    if (edits.regenerate?.length && !(await hasStoredPages(tx, id))) {
      throw new InvalidStateError(
        `No pages of the site are kept for this draft (the crawl found none, or they were deleted ${DRAFT_PAGES_KEEP_DAYS} days after the draft last changed), so nothing can be redrafted: type the values in fields, or start again with submit_listing.`,
      );
    }
    const categories = edits.fields?.categories;
    if (edits.fields && Array.isArray(categories)) edits.fields.categories = await canonicalCategoryNames(tx, categories);
    // Founders' names are shown on the listing: the names' rules, or 400 at each that breaks them.
    if (edits.founders) edits.founders = await acceptFounderNames(tx, edits.founders);
    const regenerate = applyEdits(draft, edits);
    if (draft.status === 'failed') {
      draft.status = 'ready';
      draft.failureReason = null;
    }
    draft.regenerating = [...new Set([...draft.regenerating, ...regenerate])];
    if (draft.status === 'submitted') await writeSubmission(tx, draft, now());
    return regenerate;
  });
  if (!changed) throw new NotFoundError('draft', id, 'list_my_drafts lists your drafts');
  return { draft: changed.draft, regenerate: changed.result };
}

/**
 * Applies the edits of update_draft to the draft in memory, in this order: restore, fields,
 * lock_fields; sub-records sent replace the stored ones. Returns the fields to regenerate in the
 * background. A value typed over an AI value is `edited`, over nothing `manual`; null is `deleted`;
 * a locked field stays locked when a person changes it.
 */
function applyEdits(draft: DraftRecord, edits: DraftEdits): ProfileField[] {
  const regenerate = [...new Set(edits.regenerate ?? [])];
  const locked = regenerate.filter((field) => draft.fields[field]?.state === 'override' && !(edits.restore ?? []).includes(field));
  if (locked.length > 0) {
    throw new InvalidStateError(
      `Locked fields are never redrafted: ${locked.join(', ')}. Restore them first (restore puts the AI value back and unlocks).`,
    );
  }
  const clash = regenerate.filter((field) => edits.fields && field in edits.fields);
  if (clash.length > 0) {
    throw new ValidationError(
      clash.map((field) => ({
        path: `/regenerate`,
        message: `${field} is both set in fields and asked to be regenerated; send one of the two`,
      })),
    );
  }

  // A field a person sets, removes, restores or locks now is no longer waiting for a redraft.
  const touched = new Set<string>([...Object.keys(edits.fields ?? {}), ...(edits.restore ?? []), ...(edits.lock_fields ?? [])]);
  draft.regenerating = draft.regenerating.filter((field) => !touched.has(field));

  for (const field of edits.restore ?? []) {
    const { ai } = draft.fields[field] ?? EMPTY_FIELD;
    draft.fields[field] = ai ? { value: ai.value, state: 'ai', evidence: ai.evidence, ai } : { ...EMPTY_FIELD };
  }
  for (const [name, value] of Object.entries(edits.fields ?? {})) {
    const field = name as ProfileField;
    const current = draft.fields[field] ?? EMPTY_FIELD;
    const locked = current.state === 'override';
    if (value === null) {
      draft.fields[field] = { value: null, state: locked ? 'override' : 'deleted', evidence: [], ai: current.ai };
    } else {
      draft.fields[field] = {
        value: value as FieldValue,
        state: locked ? 'override' : current.ai ? 'edited' : 'manual',
        evidence: [],
        ai: current.ai,
      };
    }
  }
  for (const field of edits.lock_fields ?? []) {
    draft.fields[field] = { ...(draft.fields[field] ?? EMPTY_FIELD), state: 'override' };
  }

  if (edits.faqs) draft.faqs = edits.faqs.map(({ question, answer }) => ({ question, answer, evidence: [] }));
  if (edits.founders) {
    const previous = draft.founders;
    // A founder keeps its public founders row only while the name stays the same (never by position).
    const rowOf = (name: string) => previous.find((founder) => founder.name.trim().toLowerCase() === name.trim().toLowerCase())?.founder_id;
    draft.founders = edits.founders.map(({ name, title, bio }) => {
      const founderId = rowOf(name);
      return { name, title: title ?? null, bio: bio ?? null, evidence: [], ...(founderId !== undefined && { founder_id: founderId }) };
    });
  }
  if (edits.company_socials) {
    draft.companySocials = Object.fromEntries(
      Object.entries(edits.company_socials)
        .filter(([, url]) => url)
        .map(([key, url]) => [key, { url: url as string, evidence: [] }]),
    );
  }
  if (edits.founder_socials) {
    draft.founderSocials = withText(edits.founder_socials);
  }
  if (edits.story) {
    draft.story = withText({ ...draft.story, ...edits.story });
  }
  if (edits.milestones) {
    draft.milestones = edits.milestones.map(
      ({ date, title, description, url }): StoredMilestone => ({ date, title, description: description ?? null, url: url ?? null }),
    );
  }
  if (edits.competitor_url !== undefined) draft.competitorUrl = edits.competitor_url === '' ? null : edits.competitor_url;
  if (edits.seo) {
    draft.seo = withText({ ...draft.seo, ...edits.seo });
  }
  return regenerate;
}

/** The entries whose value is a non-empty string (null and "" remove a section or link). */
function withText(entries: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(entries).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}
