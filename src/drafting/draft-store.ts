import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { DrafterKind, DraftStatus } from '../db/entities/draft.js';
import type { Evidence, FieldState, FieldValue, ProfileField, SocialKey } from './profile-fields.js';
import type { CrawledPage } from '../crawler/crawled-page.js';

/** A profile field as stored: the current value and state, and the AI's own value for restore. */
/** A field nobody has filled: what a draft's missing fields read as. */
export const EMPTY_FIELD: Readonly<StoredField> = { value: null, state: 'not_found', evidence: [], ai: null };

export interface StoredField {
  value: FieldValue | null;
  state: FieldState;
  evidence: Evidence[];
  ai: { value: FieldValue; evidence: Evidence[] } | null;
}

interface StoredFaq {
  question: string;
  answer: string;
  evidence: Evidence[];
}

interface StoredFounder {
  name: string;
  title: string | null;
  bio: string | null;
  evidence: Evidence[];
  /** The founders row made for it when the draft was submitted. */
  founder_id?: number;
}

interface StoredSocial {
  url: string;
  evidence: Evidence[];
}

export interface StoredMilestone {
  date: string;
  title: string;
  description: string | null;
  url: string | null;
}

export interface DraftRecord {
  id: string;
  accountId: string;
  url: string;
  status: DraftStatus;
  failureReason: string | null;
  drafter: DrafterKind | null;
  fields: Partial<Record<ProfileField, StoredField>>;
  faqs: StoredFaq[];
  founders: StoredFounder[];
  companySocials: Partial<Record<SocialKey, StoredSocial>>;
  founderSocials: Partial<Record<SocialKey, string>>;
  story: Record<string, string>;
  milestones: StoredMilestone[];
  competitorUrl: string | null;
  seo: { title?: string; meta?: string };
  regenerating: ProfileField[];
  listingId: number | null;
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = `id, account_id AS "accountId", url, status, failure_reason AS "failureReason", drafter, fields, faqs, founders,
  company_socials AS "companySocials", founder_socials AS "founderSocials", story, milestones, competitor_url AS "competitorUrl",
  seo, regenerating, listing_id AS "listingId", iso_time(created_at) AS "createdAt", iso_time(updated_at) AS "updatedAt"`;

type Row = DraftRecord & Record<string, unknown>;

/** Who may see and change a draft: its creator and co-founders who accepted an invite. Others get nothing (404). */
const ownedBy = (param: string) =>
  `(d.account_id = ${param} OR EXISTS (SELECT 1 FROM draft_owners o WHERE o.draft_id = d.id AND o.account_id = ${param}))`;

export async function insertDraft(db: Database, accountId: string, url: string, now: Date): Promise<DraftRecord> {
  const row = await db.one<Row>(
    `INSERT INTO drafts (id, account_id, url, status, created_at, updated_at) VALUES ($1, $2, $3, 'crawling', $4, $4) RETURNING ${COLUMNS}`,
    [randomUUID(), accountId, url, now.toISOString()],
  );
  return row!;
}

export async function findOwnDraft(db: Database, accountId: string, id: string): Promise<DraftRecord | undefined> {
  return db.one<Row>(`SELECT ${COLUMNS} FROM drafts d WHERE d.id = $1 AND ${ownedBy('$2')}`, [id, accountId]);
}

export async function findDraft(db: Database, id: string): Promise<DraftRecord | undefined> {
  return db.one<Row>(`SELECT ${COLUMNS} FROM drafts WHERE id = $1`, [id]);
}

/**
 * Reads a draft and locks its row until the transaction `tx` ends: every read-modify-write of a
 * draft (edits, the pipeline, submission, invites) goes through here, so none overwrites another.
 */
async function lockDraft(tx: Pick<Database, 'query'>, id: string): Promise<DraftRecord | undefined> {
  return (await tx.query<Row>(`SELECT ${COLUMNS} FROM drafts WHERE id = $1 FOR UPDATE`, [id]))[0];
}

/** Runs `change` on the locked draft and saves it, in one transaction; undefined when the draft is gone. */
export async function changeDraft<T>(
  db: Database,
  id: string,
  now: () => Date,
  change: (draft: DraftRecord, tx: Pick<Database, 'query'>) => Promise<T> | T,
): Promise<{ draft: DraftRecord; result: T } | undefined> {
  return db.transaction(async (tx) => {
    const draft = await lockDraft(tx, id);
    if (!draft) return undefined;
    const result = await change(draft, tx);
    await saveDraft(tx, draft, now());
    return { draft, result };
  });
}

export async function listOwnDrafts(
  db: Database,
  accountId: string,
  page: number,
  perPage: number,
): Promise<{ items: DraftRecord[]; total: number }> {
  const [items, total] = await Promise.all([
    db.query<Row>(
      `SELECT ${COLUMNS} FROM drafts d WHERE ${ownedBy('$1')}
       ORDER BY d.created_at DESC, d.id DESC LIMIT $2 OFFSET $3`,
      [accountId, perPage, (page - 1) * perPage],
    ),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM drafts d WHERE ${ownedBy('$1')}`, [accountId]),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** Writes the mutable parts of a draft back (one statement). */
async function saveDraft(db: Pick<Database, 'query'>, draft: DraftRecord, now: Date): Promise<void> {
  await db.query(
    `UPDATE drafts SET status = $2, failure_reason = $3, drafter = $4, fields = $5, faqs = $6, founders = $7, company_socials = $8,
       founder_socials = $9, story = $10, milestones = $11, competitor_url = $12, seo = $13, regenerating = $14, listing_id = $15, updated_at = $16
     WHERE id = $1`,
    [
      draft.id,
      draft.status,
      draft.failureReason,
      draft.drafter,
      JSON.stringify(draft.fields),
      JSON.stringify(draft.faqs),
      JSON.stringify(draft.founders),
      JSON.stringify(draft.companySocials),
      JSON.stringify(draft.founderSocials),
      JSON.stringify(draft.story),
      JSON.stringify(draft.milestones),
      draft.competitorUrl,
      JSON.stringify(draft.seo),
      draft.regenerating,
      draft.listingId,
      now.toISOString(),
    ],
  );
  draft.updatedAt = now.toISOString();
}

export async function setDraftStatus(
  db: Database,
  id: string,
  status: DraftStatus,
  now: Date,
  failureReason: string | null = null,
): Promise<void> {
  await db.query('UPDATE drafts SET status = $2, failure_reason = $3, updated_at = $4 WHERE id = $1', [
    id,
    status,
    failureReason,
    now.toISOString(),
  ]);
}

export async function replaceDraftPages(db: Database, draftId: string, pages: readonly CrawledPage[]): Promise<void> {
  await db.query('DELETE FROM draft_pages WHERE draft_id = $1', [draftId]);
  for (const [position, page] of pages.entries()) {
    await db.query(
      'INSERT INTO draft_pages (draft_id, position, url, title, text_content, markup, html) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [draftId, position, page.url, page.title, page.text, JSON.stringify(page.markup), page.html],
    );
  }
}

export async function loadDraftPages(db: Database, draftId: string): Promise<CrawledPage[]> {
  const rows = await db.query<{ url: string; title: string; text: string; markup: string[]; html: string }>(
    'SELECT url, title, text_content AS text, markup, html FROM draft_pages WHERE draft_id = $1 ORDER BY position',
    [draftId],
  );
  return rows.map((row) => ({ ...row, markup: typeof row.markup === 'string' ? JSON.parse(row.markup) : row.markup }));
}
