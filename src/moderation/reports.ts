/**
 * Reports: what signed-in people tell the moderators about a listing (spam, abuse, misleading, other), the queue
 * the moderators work through, and its resolution: dismissed, or acted on (a listing report's listing is hidden,
 * with the note as the reason, by the same function as moderate_listing). A target is generic (type and id), so
 * that reviews and comments can join listings as things one reports.
 */
import { z } from 'zod';
import type { Database, Statements } from '../db/database.js';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES, type ReportReason } from '../db/entities/staff.js';
import { LISTING_STATUSES, type ListingStatus } from '../db/entities/listing.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';
import { InvalidStateError, NotFoundError, ValidationError, type ProblemFieldError } from '../errors.js';
import type { JobQueue } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import { countOrRefuse } from '../rate-limit/count-or-refuse.js';
import type { RatePolicy } from '../rate-limit/counter.js';
import { isoDateTime, offsetOf } from '../schema.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';
import { applyModeration } from './listing-moderation.js';

/** The longest details a report takes. */
export const REPORT_DETAILS_MAX = 2000;

/** Reports per person: plenty for a person, a wall for a script. */
const REPORT_LIMIT: RatePolicy = { name: 'site_reports', limit: 20, windowSeconds: 3600 };

/** A report as list_reports and resolve_report answer it (the published schema and the type in one). */
export const reportView = z.object({
  id: z.number().int(),
  target: z.object({
    type: z.enum(REPORT_TARGET_TYPES),
    id: z.string().describe("The reported thing's id (a listing's numeric id)"),
    listing: z
      .object({ slug: z.string(), name: z.string(), status: z.enum(LISTING_STATUSES) })
      .nullable()
      .describe('The listing reported (moderate_listing takes its slug)'),
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
  reason: ReportView['reason'];
  details: string;
  reporter: string | null;
  created_at: string;
  status: ReportView['resolution']['status'];
  note: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
}

const REPORT_SELECT = `SELECT r.id::int AS id, r.target_type, r.target_id, l.slug, l.name, l.status AS listing_status, r.reason, r.details,
    a.email AS reporter, iso_time(r.created_at) AS created_at, r.status, r.resolution_note AS note, b.email AS resolved_by,
    iso_time(r.resolved_at) AS resolved_at
  FROM reports r LEFT JOIN listings l ON l.id = r.listing_id LEFT JOIN accounts a ON a.id = r.reporter_id
    LEFT JOIN accounts b ON b.id = r.resolved_by_id`;

function toView(row: ReportRow): ReportView {
  return {
    id: row.id,
    target: {
      type: row.target_type,
      id: row.target_id,
      listing: row.slug && row.name ? { slug: row.slug, name: row.name, status: row.listing_status } : null,
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
  const details = (input.details ?? '').trim();
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
  const { reason, details } = checkReport(report);
  const listing = await db.one<{ id: number }>('SELECT id FROM listings WHERE slug = $1 AND status = ANY($2::text[])', [
    report.slug,
    PUBLIC_STATUSES,
  ]);
  if (!listing) throw new NotFoundError('listing', report.slug);
  await countOrRefuse(db, `report:${report.reporterId}`, REPORT_LIMIT, report.now, `At most ${REPORT_LIMIT.limit} reports an hour.`);
  const inserted = await db.query(
    `INSERT INTO reports (target_type, target_id, listing_id, reporter_id, reason, details, created_at)
     VALUES ('listing', $1, $2, $3::uuid, $4, $5, $6)
     ON CONFLICT (reporter_id, target_type, target_id) WHERE status = 'open' DO NOTHING RETURNING id`,
    [String(listing.id), listing.id, report.reporterId, reason, details, report.now.toISOString()],
  );
  return { filed: inserted.length > 0 };
}

export const REPORT_DECISIONS = ['dismiss', 'act'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/**
 * Resolves an open report: dismissed, or acted on. Acting on a listing report hides the listing with the note as
 * the reason (audited as listing.hide, its owners mailed), unless it is hidden already. 404 for an unknown id,
 * 409 for a report resolved before. Audited as report.dismiss or report.act.
 */
export function resolveReport(
  db: Database,
  jobs: JobQueue,
  resolution: { actor: Actor; reportId: number; decision: ReportDecision; note: string; now: Date; publicUrl: string },
): Promise<ReportView> {
  const { actor, reportId, decision, note, now } = resolution;
  return withJobOutbox(db, jobs, (txDb, outbox) =>
    txDb.transaction(async (tx) => {
      const [report] = await tx.query<{ status: string; target_type: string; slug: string | null; listing_status: string | null }>(
        `SELECT r.status, r.target_type, l.slug, l.status AS listing_status
         FROM reports r LEFT JOIN listings l ON l.id = r.listing_id WHERE r.id = $1 FOR UPDATE OF r`,
        [reportId],
      );
      if (!report) throw new NotFoundError('report', reportId, 'list_reports lists the reports');
      if (report.status !== 'open') throw new InvalidStateError(`Report ${reportId} is already ${report.status}.`);
      let hid = false;
      if (decision === 'act' && report.slug && report.listing_status !== 'hidden') {
        await applyModeration(tx, outbox, { actor, slug: report.slug, action: 'hide', reason: note, now, publicUrl: resolution.publicUrl });
        hid = true;
      }
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
        after: { status, ...(decision === 'act' && { listing_hidden: hid }) },
        reason: note,
        at: now,
      });
      return reportById(tx, reportId);
    }),
  );
}
