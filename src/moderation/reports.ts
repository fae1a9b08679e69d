/**
 * Reports: what signed-in people tell the moderators about a listing, a review or a comment (spam, abuse,
 * misleading, other), the queue the moderators work through, and its resolution: dismissed, or acted on (a listing
 * report's listing is hidden, with the note as the reason, by the same function as moderate_listing; a review's or
 * comment's is hidden by the same function as moderate_review and moderate_comment). Every report carries the
 * listing it is about (a review's or comment's listing), so the queue shows it.
 */
import { z } from 'zod';
import type { Database, Statements, Transaction } from '../db/database.js';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES, type ReportReason } from '../db/entities/staff.js';
import { LISTING_STATUSES, type ListingStatus } from '../db/entities/listing.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';
import { InvalidStateError, NotFoundError, ProblemError, ValidationError, type ProblemFieldError } from '../errors.js';
import type { JobQueue } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import { countOrRefuse } from '../rate-limit/count-or-refuse.js';
import type { RatePolicy } from '../rate-limit/counter.js';
import { isoDateTime, offsetOf } from '../schema.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';
import { publicNameSql } from '../community/public-name.js';
import { stripInvisible } from '../text/invisible-characters.js';
import { applyModeration } from './listing-moderation.js';
import { applyContentModeration, type ContentKind, EXCERPT_MAX } from './content-moderation.js';

/** The longest details a report takes. */
export const REPORT_DETAILS_MAX = 2000;

/** Reports per person: plenty for a person, a wall for a script. */
const REPORT_LIMIT: RatePolicy = { name: 'site_reports', limit: 20, windowSeconds: 3600 };

/** A report as list_reports and resolve_report answer it (the published schema and the type in one). */
export const reportView = z.object({
  id: z.number().int(),
  target: z.object({
    type: z.enum(REPORT_TARGET_TYPES),
    id: z.string().describe("The reported listing's, review's or comment's numeric id"),
    listing: z
      .object({ slug: z.string(), name: z.string(), status: z.enum(LISTING_STATUSES) })
      .nullable()
      .describe('The listing reported, or the one the review or comment is on (moderate_listing takes its slug)'),
    excerpt: z.string().nullable().describe(`A review's or comment's text (at most ${EXCERPT_MAX} characters); null for listings`),
    author: z.string().nullable().describe("A review's or comment's author (their public name); null for listings"),
    hidden: z.boolean().describe('Whether the target is hidden now'),
  }),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  reporter: z.string().nullable().describe("The reporter's e-mail address (null once their account is deleted)"),
  created_at: isoDateTime,
  resolution: z.object({
    status: z.enum(REPORT_STATUSES),
    note: z.string().nullable().describe("The moderator's note"),
    by: z.string().nullable().describe("The moderator's e-mail address"),
    at: isoDateTime.nullable(),
  }),
});
export type ReportView = z.infer<typeof reportView>;

export const REPORT_FILTERS = [...REPORT_STATUSES, 'all'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

interface ReportRow {
  [key: string]: unknown;
  id: number;
  target_type: ReportView['target']['type'];
  target_id: string;
  slug: string | null;
  name: string | null;
  listing_status: ListingStatus;
  excerpt: string | null;
  author: string | null;
  hidden: boolean;
  reason: ReportView['reason'];
  details: string;
  reporter: string | null;
  created_at: string;
  status: ReportView['resolution']['status'];
  note: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
}

/** A report with its listing and, for a review or comment, the text, its author and whether it is hidden. */
const REPORT_SELECT = `SELECT r.id::int AS id, r.target_type, r.target_id, l.slug, l.name, l.status AS listing_status,
    CASE r.target_type WHEN 'review' THEN left(rv.body, ${EXCERPT_MAX}) WHEN 'comment' THEN left(c.body, ${EXCERPT_MAX}) END AS excerpt,
    CASE r.target_type WHEN 'review' THEN coalesce(rv.reviewer_name, CASE WHEN ra.id IS NOT NULL THEN ${publicNameSql('ra')} END)
      WHEN 'comment' THEN CASE WHEN ca.id IS NOT NULL THEN ${publicNameSql('ca')} END END AS author,
    coalesce(CASE r.target_type WHEN 'review' THEN rv.hidden_at IS NOT NULL WHEN 'comment' THEN c.hidden_at IS NOT NULL
      ELSE l.status = 'hidden' END, false) AS hidden,
    r.reason, r.details, a.email AS reporter, iso_time(r.created_at) AS created_at, r.status, r.resolution_note AS note,
    b.email AS resolved_by, iso_time(r.resolved_at) AS resolved_at
  FROM reports r LEFT JOIN listings l ON l.id = r.listing_id LEFT JOIN accounts a ON a.id = r.reporter_id
    LEFT JOIN accounts b ON b.id = r.resolved_by_id
    LEFT JOIN reviews rv ON rv.id = CASE WHEN r.target_type = 'review' THEN r.target_id::bigint END
    LEFT JOIN accounts ra ON ra.id = rv.account_id
    LEFT JOIN comments c ON c.id = CASE WHEN r.target_type = 'comment' THEN r.target_id::bigint END
    LEFT JOIN accounts ca ON ca.id = c.account_id`;

function toView(row: ReportRow): ReportView {
  return {
    id: row.id,
    target: {
      type: row.target_type,
      id: row.target_id,
      listing: row.slug && row.name ? { slug: row.slug, name: row.name, status: row.listing_status } : null,
      excerpt: row.excerpt,
      author: row.author,
      hidden: row.hidden,
    },
    reason: row.reason,
    details: row.details,
    reporter: row.reporter,
    created_at: row.created_at,
    resolution: { status: row.status, note: row.note, by: row.resolved_by, at: row.resolved_at },
  };
}

/**
 * The queue: open reports oldest first (then, with status all, the resolved ones, most recently resolved first).
 */
export async function listReports(
  db: Database,
  filter: { status: ReportFilter },
  paging: { page: number; per_page: number },
): Promise<{ items: ReportView[]; total: number }> {
  const status = filter.status === 'all' ? null : filter.status;
  const where = '($1::text IS NULL OR r.status = $1)';
  const [counted, rows] = await Promise.all([
    db.one<{ total: number }>(`SELECT count(*)::int AS total FROM reports r WHERE ${where}`, [status]),
    db.query<ReportRow>(
      `${REPORT_SELECT} WHERE ${where}
       ORDER BY r.status = 'open' DESC, CASE WHEN r.status = 'open' THEN r.created_at END ASC, r.resolved_at DESC, r.id
       LIMIT $2 OFFSET $3`,
      [status, paging.per_page, offsetOf(paging)],
    ),
  ]);
  return { items: rows.map(toView), total: counted?.total ?? 0 };
}

async function reportById(db: Statements, id: number): Promise<ReportView> {
  const [row] = await db.query<ReportRow>(`${REPORT_SELECT} WHERE r.id = $1`, [id]);
  if (!row) throw new NotFoundError('report', id);
  return toView(row);
}

export interface ReportInput {
  reason: string | undefined;
  details: string | undefined;
}

/** The reason and details of a report as typed in the form; 400 naming each bad field. */
function checkReport(input: ReportInput): { reason: ReportReason; details: string } {
  const errors: ProblemFieldError[] = [];
  const reason = input.reason ?? '';
  if (!(REPORT_REASONS as readonly string[]).includes(reason)) {
    errors.push({ path: '/reason', message: `Must be one of ${REPORT_REASONS.join(', ')}` });
  }
  const details = stripInvisible(input.details ?? '').trim();
  if (details.length > REPORT_DETAILS_MAX) errors.push({ path: '/details', message: `At most ${REPORT_DETAILS_MAX} characters` });
  // PostgreSQL text cannot hold a NUL character.
  else if (details.includes('\u0000')) errors.push({ path: '/details', message: 'Must not contain NUL characters' });
  if (errors.length > 0) throw new ValidationError(errors);
  return { reason: reason as ReportReason, details };
}

/**
 * Files a signed-in person's report about a public listing (404 for any other slug). A second open report by the
 * same person about the same listing adds nothing (the unique index): `filed` is then false.
 */
export async function fileListingReport(
  db: Database,
  report: { slug: string; reporterId: string; now: Date } & ReportInput,
): Promise<{ filed: boolean }> {
  const checked = checkReport(report);
  const listing = await db.one<{ id: number }>('SELECT id FROM listings WHERE slug = $1 AND status = ANY($2::text[])', [
    report.slug,
    PUBLIC_STATUSES,
  ]);
  if (!listing) throw new NotFoundError('listing', report.slug);
  return insertReport(db, { ...report, ...checked, targetType: 'listing', targetId: listing.id, listingId: listing.id });
}

/** What a person can see of a review or comment, to report it: on the public listing `$1`, not hidden (nor deleted). */
const VISIBLE_CONTENT: Record<ContentKind, string> = {
  review: `SELECT t.id::int AS id, l.id AS listing_id FROM reviews t JOIN listings l ON l.id = t.listing_id
    WHERE t.id = $2 AND l.slug = $1 AND l.status = ANY($3::text[]) AND t.hidden_at IS NULL`,
  comment: `SELECT t.id::int AS id, l.id AS listing_id FROM comments t JOIN listings l ON l.id = t.listing_id
    WHERE t.id = $2 AND l.slug = $1 AND l.status = ANY($3::text[]) AND t.hidden_at IS NULL AND t.deleted_at IS NULL`,
};

/**
 * Files a signed-in person's report about a review or comment shown on the public listing `slug`: 404 unless the
 * review or comment `targetId` (the id as given, e.g. from an address) is on that listing and shown there. One open
 * report per person and target, as for listings.
 */
export async function fileContentReport(
  db: Database,
  report: { slug: string; targetType: ContentKind; targetId: string; reporterId: string; now: Date } & ReportInput,
): Promise<{ filed: boolean }> {
  const checked = checkReport(report);
  const id = /^[1-9]\d{0,9}$/.test(report.targetId) ? Number(report.targetId) : 0;
  const target =
    id > 0 && id <= 2_147_483_647
      ? await db.one<{ id: number; listing_id: number }>(VISIBLE_CONTENT[report.targetType], [report.slug, id, PUBLIC_STATUSES])
      : undefined;
  if (!target) throw new NotFoundError(report.targetType, report.targetId);
  return insertReport(db, { ...report, ...checked, targetId: target.id, listingId: target.listing_id });
}

/** Reports come from people with a confirmed address (issue 52): a sign-up that never confirmed cannot flood the queue. */
class ReportRefusedError extends ProblemError {
  constructor() {
    super({
      status: 403,
      code: 'report_refused',
      title: 'This report is not allowed',
      detail: 'Confirm your e-mail address first: reports come from people with a confirmed address.',
    });
  }
}

/**
 * Counts the report against the person's limit (429 past it) and files it, unless they have one open about the target;
 * refused (403) to an account whose address is not confirmed.
 */
async function insertReport(
  db: Database,
  report: { targetType: ReportView['target']['type']; targetId: number; listingId: number; reporterId: string; now: Date } & {
    reason: ReportReason;
    details: string;
  },
): Promise<{ filed: boolean }> {
  const reporter = await db.one<{ verified: boolean }>(
    'SELECT email_verified_at IS NOT NULL AS verified FROM accounts WHERE id = $1::uuid',
    [report.reporterId],
  );
  if (!reporter?.verified) throw new ReportRefusedError();
  await countOrRefuse(db, `report:${report.reporterId}`, REPORT_LIMIT, report.now, `At most ${REPORT_LIMIT.limit} reports an hour.`);
  const inserted = await db.query(
    `INSERT INTO reports (target_type, target_id, listing_id, reporter_id, reason, details, created_at)
     VALUES ($1, $2, $3, $4::uuid, $5, $6, $7)
     ON CONFLICT (reporter_id, target_type, target_id) WHERE status = 'open' DO NOTHING RETURNING id`,
    [
      report.targetType,
      String(report.targetId),
      report.listingId,
      report.reporterId,
      report.reason,
      report.details,
      report.now.toISOString(),
    ],
  );
  return { filed: inserted.length > 0 };
}

/** What a person has reported on one listing and the site team has not decided yet: the listing, its reviews, its comments. */
export interface OpenReports {
  listing: boolean;
  review: ReadonlySet<number>;
  comment: ReadonlySet<number>;
}

/** The person's open reports about listing `listingId` and what is shown on its page (a reported thing shows as reported). */
export async function openReportsBy(db: Statements, reporterId: string, listingId: number): Promise<OpenReports> {
  const rows = await db.query<{ target_type: ReportView['target']['type']; target_id: string }>(
    `SELECT target_type, target_id FROM reports WHERE reporter_id = $1::uuid AND listing_id = $2 AND status = 'open'`,
    [reporterId, listingId],
  );
  const ids = (type: string) => new Set(rows.filter((row) => row.target_type === type).map((row) => Number(row.target_id)));
  return { listing: rows.some((row) => row.target_type === 'listing'), review: ids('review'), comment: ids('comment') };
}

export const REPORT_DECISIONS = ['dismiss', 'act'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

interface OpenReport {
  [key: string]: unknown;
  status: string;
  target_type: ReportView['target']['type'];
  target_id: string;
  slug: string | null;
  listing_status: string | null;
}

/**
 * Resolves an open report: dismissed, or acted on. Acting hides what was reported with the note as the reason,
 * unless it is hidden already (or gone): a listing as moderate_listing does (audited as listing.hide, its owners
 * mailed), a review or comment as moderate_review and moderate_comment do. 404 for an unknown id, 409 for a report
 * resolved before. Audited as report.dismiss or report.act.
 */
export function resolveReport(
  db: Database,
  jobs: JobQueue,
  resolution: { actor: Actor; reportId: number; decision: ReportDecision; note: string; now: Date; publicUrl: string },
): Promise<ReportView> {
  const { actor, reportId, decision, note, now } = resolution;
  return withJobOutbox(db, jobs, (txDb, outbox) =>
    txDb.transaction(async (tx) => {
      const [report] = await tx.query<OpenReport>(
        `SELECT r.status, r.target_type, r.target_id, l.slug, l.status AS listing_status
         FROM reports r LEFT JOIN listings l ON l.id = r.listing_id WHERE r.id = $1 FOR UPDATE OF r`,
        [reportId],
      );
      if (!report) throw new NotFoundError('report', reportId, 'list_reports lists the reports');
      if (report.status !== 'open') throw new InvalidStateError(`Report ${reportId} is already ${report.status}.`);
      const hid = decision === 'act' ? await hideReported(tx, outbox, report, resolution) : false;
      const status = decision === 'act' ? 'actioned' : 'dismissed';
      await tx.query('UPDATE reports SET status = $2, resolved_at = $3, resolved_by_id = $4, resolution_note = $5 WHERE id = $1', [
        reportId,
        status,
        now.toISOString(),
        actor.accountId,
        note,
      ]);
      await recordAudit(tx, {
        actor,
        action: `report.${decision}`,
        target: { type: 'report', id: reportId },
        before: { status: 'open' },
        after: { status, ...(decision === 'act' && { [`${report.target_type}_hidden`]: hid }) },
        reason: note,
        at: now,
      });
      return reportById(tx, reportId);
    }),
  );
}

/** Hides the reported listing, review or comment with the note as the reason; answers false when it was hidden already or is gone. */
async function hideReported(
  tx: Transaction,
  outbox: JobQueue,
  report: OpenReport,
  resolution: { actor: Actor; note: string; now: Date; publicUrl: string },
): Promise<boolean> {
  const { actor, note: reason, now } = resolution;
  if (report.target_type === 'listing') {
    if (!report.slug || report.listing_status === 'hidden') return false;
    await applyModeration(tx, outbox, { actor, slug: report.slug, action: 'hide', reason, now, publicUrl: resolution.publicUrl });
    return true;
  }
  const table = report.target_type === 'review' ? 'reviews' : 'comments';
  const id = Number(report.target_id);
  const [shown] = await tx.query(`SELECT 1 FROM ${table} WHERE id = $1 AND hidden_at IS NULL FOR UPDATE`, [id]);
  if (!shown) return false;
  await applyContentModeration(tx, report.target_type, { actor, id, action: 'hide', reason, now });
  return true;
}
