/** The reviews and comments moderators have hidden, most recently hidden first, for the console's restore page. */
import type { Database } from '../db/database.js';
import { offsetOf } from '../schema.js';
import { publicNameSql } from '../community/public-name.js';
import { type ContentKind, EXCERPT_MAX } from './content-moderation.js';

export interface HiddenContentRow {
  [key: string]: unknown;
  kind: ContentKind;
  id: number;
  listing_slug: string;
  listing_name: string;
  excerpt: string;
  /** The author's public name (a seeded review's reviewer name); null when their account is gone. */
  author: string | null;
  hidden_reason: string | null;
  hidden_at: string;
}

const HIDDEN = `SELECT 'review' AS kind, t.id::int AS id, t.listing_id, t.body, t.hidden_reason, t.hidden_at,
    coalesce(t.reviewer_name, CASE WHEN a.id IS NOT NULL THEN ${publicNameSql('a')} END) AS author
    FROM reviews t LEFT JOIN accounts a ON a.id = t.account_id WHERE t.hidden_at IS NOT NULL
  UNION ALL
  SELECT 'comment', t.id::int, t.listing_id, t.body, t.hidden_reason, t.hidden_at,
    CASE WHEN a.id IS NOT NULL THEN ${publicNameSql('a')} END
    FROM comments t LEFT JOIN accounts a ON a.id = t.account_id WHERE t.hidden_at IS NOT NULL`;

/** A page of hidden reviews and comments with their listing, most recently hidden first. */
export async function listHiddenContent(
  db: Database,
  paging: { page: number; per_page: number },
): Promise<{ items: HiddenContentRow[]; total: number }> {
  const [counted, items] = await Promise.all([
    db.one<{ total: number }>(`SELECT count(*)::int AS total FROM (${HIDDEN}) h`),
    db.query<HiddenContentRow>(
      `SELECT h.kind, h.id, l.slug AS listing_slug, l.name AS listing_name, left(h.body, ${EXCERPT_MAX}) AS excerpt, h.author,
         h.hidden_reason, iso_time(h.hidden_at) AS hidden_at
       FROM (${HIDDEN}) h JOIN listings l ON l.id = h.listing_id
       ORDER BY h.hidden_at DESC, h.kind, h.id DESC LIMIT $1 OFFSET $2`,
      [paging.per_page, offsetOf(paging)],
    ),
  ]);
  return { items, total: counted?.total ?? 0 };
}
