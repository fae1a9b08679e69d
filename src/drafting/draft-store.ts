import { randomUUID } from 'node:crypto';
import { emitWebhookEvent } from '../webhooks/events.js';
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Database, Statements, Transaction } from '../db/database.js';
import { Draft, DraftPage } from '../db/entities/draft.js';
import { Listing } from '../db/entities/listing.js';
import type { DrafterKind, DraftStatus } from '../db/entities/draft.js';
import type { Evidence, FieldState, FieldValue, ProfileField } from './profile-fields.js';
import type { SocialKey } from '../listings/profile-rules.js';
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
  return db.transaction(({ em }) => createDraft(em, accountId, url, now));
}

/** A new draft in status crawling, written in the entity manager's transaction. */
export async function createDraft(em: SqlEntityManager, accountId: string, url: string, now: Date): Promise<DraftRecord> {
  const draft = em.create(Draft, { id: randomUUID(), account: accountId, url, status: 'crawling', createdAt: now, updatedAt: now });
  await em.flush();
  return recordOf(draft);
}

/** The statuses of a draft still being drafted or edited: not failed, not yet submitted. */
const OPEN_DRAFT_STATUSES: readonly DraftStatus[] = ['crawling', 'drafting', 'ready'];

/** The account's newest open draft (created or co-owned) whose address `matches`; undefined when none does. */
export async function findOpenDraft(
  db: Statements,
  accountId: string,
  matches: (url: string) => boolean,
): Promise<DraftRecord | undefined> {
  const open = await db.query<{ id: string; url: string }>(
    `SELECT d.id, d.url FROM drafts d WHERE ${ownedBy('$1')} AND d.status = ANY($2::text[]) ORDER BY d.created_at DESC, d.id DESC`,
    [accountId, OPEN_DRAFT_STATUSES],
  );
  const match = open.find((draft) => matches(draft.url));
  if (!match) return undefined;
  const [draft] = await db.query<Row>(`SELECT ${COLUMNS} FROM drafts WHERE id = $1`, [match.id]);
  return draft;
}

export async function findOwnDraft(db: Database, accountId: string, id: string): Promise<DraftRecord | undefined> {
  return db.one<Row>(`SELECT ${COLUMNS} FROM drafts d WHERE d.id = $1 AND ${ownedBy('$2')}`, [id, accountId]);
}

export async function findDraft(db: Database, id: string): Promise<DraftRecord | undefined> {
  return db.one<Row>(`SELECT ${COLUMNS} FROM drafts WHERE id = $1`, [id]);
}

/**
 * Runs `change` on the draft, read with its row locked, and saves what it changed, in one transaction
 * (MikroORM's unit of work writes the changed columns at the commit); undefined when the draft is gone.
 * Every read-modify-write of a draft (edits, the pipeline, submission, invites) goes through here or
 * takes the same lock, so none overwrites another.
 */
export async function changeDraft<T>(
  db: Database,
  id: string,
  now: () => Date,
  change: (draft: DraftRecord, tx: Transaction) => Promise<T> | T,
): Promise<{ draft: DraftRecord; result: T } | undefined> {
  return db.transaction(async (tx) => {
    const entity = await lockedDraft(tx.em, id);
    if (!entity) return undefined;
    const draft = recordOf(entity);
    const result = await change(draft, tx);
    // The transaction flushes what writeBack changed before it commits.
    writeBack(tx.em, entity, draft, now());
    draft.updatedAt = entity.updatedAt.toISOString();
    return { draft, result };
  });
}

/** The draft entity with its row locked until the transaction ends. */
export function lockedDraft(em: SqlEntityManager, id: string): Promise<Draft | null> {
  return em.findOne(Draft, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
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

/** Copies the mutable parts of the draft record onto its entity; the unit of work writes what changed. */
function writeBack(em: SqlEntityManager, entity: Draft, draft: DraftRecord, now: Date): void {
  entity.status = draft.status;
  entity.failureReason = draft.failureReason;
  entity.drafter = draft.drafter;
  entity.fields = draft.fields;
  entity.faqs = draft.faqs;
  entity.founders = draft.founders;
  entity.companySocials = draft.companySocials as Draft['companySocials'];
  entity.founderSocials = draft.founderSocials;
  entity.story = draft.story;
  entity.milestones = draft.milestones;
  entity.competitorUrl = draft.competitorUrl;
  entity.seo = draft.seo;
  entity.regenerating = draft.regenerating;
  entity.listing = draft.listingId === null ? null : em.getReference(Listing, draft.listingId, { wrapped: true });
  entity.updatedAt = now;
}

/** The domain record of a draft entity (its JSON columns hold the stored shapes above). */
function recordOf(entity: Draft): DraftRecord {
  return {
    id: entity.id,
    accountId: entity.account.id,
    url: entity.url,
    status: entity.status,
    failureReason: entity.failureReason ?? null,
    drafter: entity.drafter ?? null,
    fields: entity.fields as DraftRecord['fields'],
    faqs: entity.faqs as StoredFaq[],
    founders: entity.founders as StoredFounder[],
    companySocials: entity.companySocials as DraftRecord['companySocials'],
    founderSocials: entity.founderSocials as DraftRecord['founderSocials'],
    story: entity.story,
    milestones: entity.milestones as StoredMilestone[],
    competitorUrl: entity.competitorUrl ?? null,
    seo: entity.seo as DraftRecord['seo'],
    regenerating: entity.regenerating as ProfileField[],
    listingId: entity.listing?.id ?? null,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

export async function setDraftStatus(
  db: Database,
  id: string,
  status: DraftStatus,
  now: Date,
  failureReason: string | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const draft = await tx.em.findOne(Draft, { id });
    if (!draft) return;
    const failedNow = status === 'failed' && draft.status !== 'failed';
    Object.assign(draft, { status, failureReason, updatedAt: now });
    if (failedNow) await emitDraftEvent(tx, 'draft.failed', { id, accountId: draft.account.id, url: draft.url, failureReason }, now);
  });
}

/** Tells the draft's owners' webhooks that drafting ended (src/webhooks), in the transaction that ended it. */
export function emitDraftEvent(
  tx: Transaction,
  type: 'draft.ready' | 'draft.failed',
  draft: { id: string; accountId: string; url: string; failureReason: string | null },
  now: Date,
): Promise<void> {
  return emitWebhookEvent(tx, {
    type,
    accountId: draft.accountId,
    data: { draft_id: draft.id, url: draft.url, status: type === 'draft.ready' ? 'ready' : 'failed', failure_reason: draft.failureReason },
    at: now,
  });
}

/** The pages read from the draft's site, replacing those of an earlier crawl (in one transaction). */
export async function replaceDraftPages(db: Database, draftId: string, pages: readonly CrawledPage[]): Promise<void> {
  await db.transaction(async ({ em }) => {
    await em.nativeDelete(DraftPage, { draft: draftId });
    for (const [position, page] of pages.entries()) {
      em.create(DraftPage, {
        draft: draftId,
        position,
        url: page.url,
        title: page.title,
        textContent: page.text,
        markup: page.markup,
        html: page.html,
      });
    }
  });
}

/** The pages read for a draft that is failed or submitted are deleted this long after its last change (the daily refresh). */
export const DRAFT_PAGES_KEEP_DAYS = 90;

/** Whether the pages read for a draft are still kept (a redraft needs them). */
export async function hasStoredPages(tx: Transaction, draftId: string): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM draft_pages WHERE draft_id = $1 LIMIT 1', [draftId])).length > 0;
}

/**
 * Deletes the pages kept for failed and submitted drafts that have not changed for DRAFT_PAGES_KEEP_DAYS: the
 * evidence quotes stay in the drafts' fields; only redrafting from the site needs the pages. Answers the
 * number of drafts whose pages went.
 */
export async function deleteOldDraftPages(db: Database, now: Date): Promise<number> {
  const row = await db.one<{ drafts: number }>(
    `WITH gone AS (
       DELETE FROM draft_pages p USING drafts d
       WHERE p.draft_id = d.id AND d.status IN ('failed', 'submitted') AND d.updated_at < $1::timestamptz - $2 * interval '1 day'
       RETURNING p.draft_id)
     SELECT count(DISTINCT draft_id)::int AS drafts FROM gone`,
    [now.toISOString(), DRAFT_PAGES_KEEP_DAYS],
  );
  return row?.drafts ?? 0;
}

export async function loadDraftPages(db: Database, draftId: string): Promise<CrawledPage[]> {
  const rows = await db.query<{ url: string; title: string; text: string; markup: string[]; html: string }>(
    'SELECT url, title, text_content AS text, markup, html FROM draft_pages WHERE draft_id = $1 ORDER BY position',
    [draftId],
  );
  return rows.map((row) => ({ ...row, markup: typeof row.markup === 'string' ? JSON.parse(row.markup) : row.markup }));
}
