import type { Statements } from '../db/database.js';
import { InvalidStateError, type ProblemFieldError } from '../errors.js';
import { findCategories } from '../catalogue/categories.js';
import { registrableDomain } from '../catalogue/registrable-domain.js';
import { refuseListedDomain } from './already-listed.js';
import { COUNTRY_MESSAGE, countryCode, FOUNDED_YEAR_MESSAGE, foundedYear, LISTING_TEXT_FIELDS } from '../listings/profile-rules.js';
import { slugify } from '../text/slugify.js';
import { stripInvisible } from '../text/invisible-characters.js';
import { cleanName } from '../text/names.js';
import { founderNameProblems } from './founder-names.js';
import type { DraftRecord } from './draft-store.js';
import { PROFILE_FIELDS, type FieldValue, type ProfileField } from './profile-fields.js';
import { KEEP_SITE_IMAGES_JOB } from '../images/keep-site-images.js';
import { enqueueAfterCommit } from '../jobs/job-outbox.js';

export type Session = Statements;

/** Fields whose invisible characters are stripped on the way to the listing, whatever put them in the draft. */
const SHOWN_FIELDS: readonly ProfileField[] = ['name', 'tagline'];
const text = (draft: DraftRecord, field: ProfileField): string | null => {
  const stored = draft.fields[field]?.value;
  const value = typeof stored === 'string' && SHOWN_FIELDS.includes(field) ? stripInvisible(stored) : stored;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};
const list = (draft: DraftRecord, field: ProfileField): string[] => {
  const value: FieldValue | null | undefined = draft.fields[field]?.value;
  return Array.isArray(value) ? value : [];
};

/** The listing's bounds that are tighter than a draft's (a draft's text fields hold 500 characters). */
const LISTING_BOUNDS: Partial<Record<ProfileField, number>> = Object.fromEntries(
  (['tagline', 'short_description', 'pricing_model', 'pricing_summary', 'city', 'contact_email'] as const).map((field) => [
    field,
    LISTING_TEXT_FIELDS[field],
  ]),
);
/** The formats a listing takes, as update_draft and update_my_listing check them (listings/profile-rules.ts). */
const FORMATS: Partial<Record<ProfileField, { test: (value: string) => boolean; message: string }>> = {
  country: { test: (value) => countryCode(value) !== undefined, message: COUNTRY_MESSAGE },
  founded_year: { test: (value) => foundedYear(value) !== undefined, message: FOUNDED_YEAR_MESSAGE },
};

/**
 * What the listing could not hold as the draft has it, by path: a name and a category are required, and
 * the listing's bounds are tighter than the draft's. Nothing is cut or dropped on the way: this is refused.
 */
function fieldProblems(draft: DraftRecord): ProblemFieldError[] {
  const problems: ProblemFieldError[] = [];
  if (!text(draft, 'name')) problems.push({ path: '/fields/name', message: 'A listing needs a name' });
  if (list(draft, 'categories').length === 0)
    problems.push({ path: '/fields/categories', message: 'A listing needs a category: a name or slug from list_categories' });
  for (const [field, max] of Object.entries(LISTING_BOUNDS) as [ProfileField, number][]) {
    const value = text(draft, field);
    if (value && value.length > max)
      problems.push({
        path: `/fields/${field}`,
        message: `A listing's ${field} is at most ${max} characters; this one has ${value.length}`,
      });
  }
  for (const [field, format] of Object.entries(FORMATS) as [ProfileField, { test: (value: string) => boolean; message: string }][]) {
    const value = text(draft, field);
    if (value && !format.test(value)) problems.push({ path: `/fields/${field}`, message: format.message });
  }
  return problems;
}

/** fieldProblems, each category the directory does not have (by name or slug), and founders' names that may not be shown, for the draft's answer. */
export async function problemsToSave(db: Session, draft: DraftRecord): Promise<ProblemFieldError[]> {
  const categories = list(draft, 'categories');
  const found = categories.length > 0 ? await findCategories(db, categories) : [];
  const unknown = categories.flatMap((ref, index) =>
    found[index] ? [] : [{ path: `/fields/categories/${index}`, message: `No category "${ref}"; list_categories names them` }],
  );
  return [...fieldProblems(draft), ...unknown, ...(await founderNameProblems(db, draft.founders))];
}

/**
 * Why the draft cannot become (or update) its listing now, or undefined when it can: its status, fieldProblems, and
 * founders' names that may not be shown (founder-names.ts; a drafter's proposal or a draft of before may hold one).
 */
export async function submissionProblem(
  db: Session,
  draft: DraftRecord,
): Promise<{ detail: string; errors?: ProblemFieldError[] } | undefined> {
  if (draft.status !== 'ready' && draft.status !== 'submitted') {
    return {
      detail:
        draft.status === 'failed'
          ? 'The draft failed; fill in its fields with update_draft first (that makes it ready), then submit.'
          : `The draft is still ${draft.status}; poll get_draft until its status is ready, then submit.`,
    };
  }
  const errors = [...fieldProblems(draft), ...(await founderNameProblems(db, draft.founders))];
  if (errors.length > 0)
    return { detail: 'The listing cannot hold the draft as it is; fix each path with update_draft, then submit again.', errors };
  return undefined;
}

/** What submit_draft saved: the listing, and the categories kept for a paid launch (slugs). */
export interface Submission {
  listingId: number;
  extraCategories: string[];
}

/**
 * submit_draft: saves the locked draft as a listing in status `draft` (not published), or updates
 * the one made before, inside the caller's transaction `tx`; the submitter and the draft's co-owners
 * own it. Once the listing is published its edits belong to update_my_listing, not to the draft.
 * The first category is the listing's; the others stay in the draft, kept for a paid launch (which adds
 * up to three). The caller saves the draft afterwards (status submitted, listing_id).
 */
export async function writeSubmission(tx: Session, draft: DraftRecord, now: Date): Promise<Submission> {
  if (draft.listingId !== null) {
    const listing = (await tx.query<{ status: string }>('SELECT status FROM listings WHERE id = $1 FOR UPDATE', [draft.listingId]))[0];
    if (listing && listing.status !== 'draft') {
      throw new InvalidStateError(
        `The listing is already ${listing.status}; edit the published listing with update_my_listing instead of its draft.`,
      );
    }
  }
  const problem = await submissionProblem(tx, draft);
  if (problem) throw new InvalidStateError(problem.detail, problem.errors);
  // Two accounts may each hold an open draft of one product; the first saved makes its listing, the second is refused.
  const domain = registrableDomain(draft.url);
  if (draft.listingId === null && domain) await refuseListedDomain(tx, domain, draft.accountId);
  const categories = await findCategories(tx, list(draft, 'categories'));
  const gone = categories.findIndex((category) => !category);
  if (gone >= 0) {
    throw new InvalidStateError('A category of the draft no longer exists; choose one from list_categories with update_draft.', [
      { path: `/fields/categories/${gone}`, message: `No category "${list(draft, 'categories')[gone]}"` },
    ]);
  }
  const [primary, ...extra] = categories as { id: number; slug: string }[];
  const listingId = await writeListing(tx, draft, text(draft, 'name')!, primary.id, now);
  await writeSubRecords(tx, draft, listingId);
  // The site's icon and Open Graph image become the listing's logo and screenshot, fetched after the commit.
  await enqueueAfterCommit(tx, KEEP_SITE_IMAGES_JOB, { listingId, draftId: draft.id });
  draft.status = 'submitted';
  draft.listingId = listingId;
  return { listingId, extraCategories: [...new Set(extra.map((category) => category.slug))].filter((slug) => slug !== primary.slug) };
}

async function writeListing(db: Session, draft: DraftRecord, name: string, categoryId: number, now: Date): Promise<number> {
  const url = new URL(draft.url);
  const country = text(draft, 'country');
  const year = foundedYear(text(draft, 'founded_year') ?? '');
  const socials = Object.fromEntries(Object.entries(draft.companySocials).map(([key, social]) => [key, social!.url]));
  const notFound = PROFILE_FIELDS.filter((field) => draft.fields[field]?.state === 'not_found');
  const values = [
    name,
    draft.url,
    url.hostname.replace(/^www\./, ''),
    text(draft, 'tagline') ?? '',
    text(draft, 'short_description') ?? '',
    text(draft, 'description') ?? '',
    text(draft, 'logo_url'),
    text(draft, 'stage'),
    text(draft, 'pricing_model'),
    text(draft, 'pricing_summary'),
    (country && countryCode(country)) ?? null,
    text(draft, 'city'),
    year ?? null,
    text(draft, 'contact_email'),
    text(draft, 'demo_video_url'),
    list(draft, 'features'),
    list(draft, 'usps'),
    list(draft, 'keywords'),
    list(draft, 'tags'),
    draft.seo.title ?? null,
    draft.seo.meta ?? null,
    JSON.stringify(socials),
    notFound,
    categoryId,
    now.toISOString(),
  ];
  // A logo the service keeps (listing_images) stays: the drafted address is only where one may be found.
  const columns = `name = $1, url = $2, domain = $3, tagline = $4, short_description = $5, description = $6,
    logo_url = CASE WHEN EXISTS (SELECT 1 FROM listing_images li WHERE li.listing_id = listings.id AND li.kind = 'logo') THEN listings.logo_url ELSE $7 END, stage = $8,
    pricing_model = $9, pricing_summary = $10, country = $11, city = $12, founded_year = $13, contact_email = $14, demo_video_url = $15,
    features = $16, usps = $17, keywords = $18, tags = $19, seo_title = $20, seo_description = $21, socials = $22, not_found_on_website = $23,
    primary_category_id = $24, updated_at = $25`;
  let listingId = draft.listingId;
  if (listingId !== null) {
    const updated = await db.query<{ id: number }>(`UPDATE listings SET ${columns} WHERE id = $26 RETURNING id`, [...values, listingId]);
    if (updated.length === 0) listingId = null;
  }
  for (let attempt = 0; listingId === null && attempt < 5; attempt++) {
    const slug = await freeSlug(db, 'listings', slugify(name));
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO listings (slug, name, url, domain, tagline, short_description, description, logo_url, stage, pricing_model, pricing_summary,
         country, city, founded_year, contact_email, demo_video_url, features, usps, keywords, tags, seo_title, seo_description, socials,
         not_found_on_website, primary_category_id, created_at, updated_at, status)
       VALUES ($26, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $25, 'draft')
       ON CONFLICT (slug) DO NOTHING RETURNING id`,
      [...values, slug],
    );
    listingId = inserted[0]?.id ?? null; // another listing took the slug meanwhile: pick the next one
  }
  if (listingId === null) throw new Error('could not find a free slug for the listing');
  await db.query('UPDATE listing_categories SET is_primary = false WHERE listing_id = $1 AND category_id <> $2', [listingId, categoryId]);
  await db.query(
    `INSERT INTO listing_categories (listing_id, category_id, is_primary) VALUES ($1, $2, true)
     ON CONFLICT (listing_id, category_id) DO UPDATE SET is_primary = true`,
    [listingId, categoryId],
  );
  await db.query(
    `INSERT INTO listing_owners (listing_id, account_id)
     SELECT $1::int, $2::uuid UNION SELECT $1::int, account_id FROM draft_owners WHERE draft_id = $3
     ON CONFLICT DO NOTHING`,
    [listingId, draft.accountId, draft.id],
  );
  return listingId;
}

/** The base slug, or base-2, base-3, … whichever is not taken yet in `table` (inserts still guard against a race). */
async function freeSlug(db: Session, table: 'listings' | 'founders', base: string): Promise<string> {
  const taken = new Set(
    (await db.query<{ slug: string }>(`SELECT slug FROM ${table} WHERE slug = $1 OR slug LIKE $2`, [base, `${base}-%`])).map(
      (row) => row.slug,
    ),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

async function writeSubRecords(db: Session, draft: DraftRecord, listingId: number): Promise<void> {
  await db.query('DELETE FROM listing_faqs WHERE listing_id = $1', [listingId]);
  for (const [position, faq] of draft.faqs.entries()) {
    await db.query('INSERT INTO listing_faqs (listing_id, question, answer, position) VALUES ($1, $2, $3, $4)', [
      listingId,
      faq.question,
      faq.answer,
      position,
    ]);
  }
  await db.query('DELETE FROM milestones WHERE listing_id = $1', [listingId]);
  for (const milestone of draft.milestones) {
    await db.query('INSERT INTO milestones (listing_id, date, title, description, url) VALUES ($1, $2, $3, $4, $5)', [
      listingId,
      milestone.date,
      milestone.title,
      milestone.description,
      milestone.url,
    ]);
  }
  const kept: number[] = [];
  for (const [position, founder] of draft.founders.entries()) {
    const socials = position === 0 ? JSON.stringify(draft.founderSocials) : '{}';
    const name = cleanName(founder.name); // as a name is stored, whatever put it in the draft
    let id = founder.founder_id;
    if (id !== undefined) {
      const updated = await db.query<{ id: number }>(
        'UPDATE founders SET name = $2, title = $3, bio = $4, socials = $5 WHERE id = $1 RETURNING id',
        [id, name, founder.title, founder.bio ?? '', socials],
      );
      if (updated.length === 0) id = undefined;
    }
    for (let attempt = 0; id === undefined && attempt < 5; attempt++) {
      const slug = await freeSlug(db, 'founders', slugify(name, 'founder'));
      const inserted = await db.query<{ id: number }>(
        'INSERT INTO founders (slug, name, title, bio, socials) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (slug) DO NOTHING RETURNING id',
        [slug, name, founder.title, founder.bio ?? '', socials],
      );
      id = inserted[0]?.id;
    }
    if (id === undefined) throw new Error('could not find a free slug for the founder');
    founder.founder_id = id;
    kept.push(id);
    await db.query(
      `INSERT INTO listing_founders (listing_id, founder_id, role, position) VALUES ($1, $2, $3, $4)
       ON CONFLICT (listing_id, founder_id) DO UPDATE SET role = excluded.role, position = excluded.position`,
      [listingId, id, founder.title, position],
    );
  }
  await db.query('DELETE FROM listing_founders WHERE listing_id = $1 AND NOT (founder_id = ANY($2::int[]))', [listingId, kept]);
  const story = draft.story;
  if (Object.keys(story).length > 0) {
    await db.query(
      `INSERT INTO stories (listing_id, founder_id, title, story, why_started, problem, journey, challenges, achievements, lessons, whats_next)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (listing_id) DO UPDATE SET founder_id = excluded.founder_id, title = excluded.title, story = excluded.story,
         why_started = excluded.why_started, problem = excluded.problem, journey = excluded.journey, challenges = excluded.challenges,
         achievements = excluded.achievements, lessons = excluded.lessons, whats_next = excluded.whats_next`,
      [
        listingId,
        kept[0] ?? null,
        story.title ?? null,
        story.story ?? null,
        story.why_started ?? null,
        story.problem ?? null,
        story.journey ?? null,
        story.challenges ?? null,
        story.achievements ?? null,
        story.lessons ?? null,
        story.whats_next ?? null,
      ],
    );
  }
}
