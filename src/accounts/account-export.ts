/**
 * export_my_data (issue 36): everything the service holds about an account, as one JSON document
 * (account-export-schema.ts). Each section is one query over the account's rows; secrets are never selected.
 */
import type { Database } from '../db/database.js';
import { NotFoundError } from '../errors.js';
import type { AccountExport } from './account-export-schema.js';
import { accountKeySql } from '../community/account-key.js';

type Sections = Omit<AccountExport, 'exported_at' | 'account' | 'founder_profile'>;

/** The columns naming a listing `l` in a section. */
const LISTING = 'l.id AS listing_id, l.slug AS listing_slug, l.name AS listing_name';

/** One query per section; $1 is the account id (follows and mail subscriptions are kept by e-mail address). */
const SECTION_SQL: { [K in keyof Sections]: string } = {
  drafts: `SELECT d.id, d.url, d.status, CASE WHEN d.account_id = $1::uuid THEN 'maker' ELSE 'co_founder' END AS role, d.listing_id,
      iso_time(d.created_at) AS created_at, iso_time(d.updated_at) AS updated_at,
      jsonb_build_object('fields', d.fields, 'faqs', d.faqs, 'founders', d.founders, 'company_socials', d.company_socials,
        'founder_socials', d.founder_socials, 'story', d.story, 'milestones', d.milestones, 'competitor_url', d.competitor_url,
        'seo', d.seo) AS content
    FROM drafts d
    WHERE d.account_id = $1::uuid OR EXISTS (SELECT 1 FROM draft_owners o WHERE o.draft_id = d.id AND o.account_id = $1::uuid)
    ORDER BY d.created_at, d.id`,
  listings: `SELECT ${LISTING}, l.url, l.status, l.plan, iso_time(o.created_at) AS owner_since,
      (SELECT count(*)::int FROM listing_owners x WHERE x.listing_id = l.id AND x.account_id <> $1::uuid) AS other_owners
    FROM listing_owners o JOIN listings l ON l.id = o.listing_id WHERE o.account_id = $1::uuid ORDER BY o.created_at, l.id`,
  votes: `SELECT ${LISTING}, iso_time(v.created_at) AS created_at, v.counted
    FROM votes v JOIN listings l ON l.id = v.listing_id
    WHERE v.account_id = $1::uuid OR v.voter_key = ${accountKeySql('$1')} ORDER BY v.created_at, v.id`,
  follows: `SELECT ${LISTING}, iso_time(f.created_at) AS created_at
    FROM follows f JOIN accounts a ON a.email = f.follower_email JOIN listings l ON l.id = f.listing_id
    WHERE a.id = $1::uuid ORDER BY f.created_at, l.id`,
  mail_subscriptions: `SELECT m.topic, m.subject_id::int AS subject_id, m.cadence, m.confirmed_at IS NOT NULL AS confirmed, iso_time(m.created_at) AS created_at,
      iso_time(m.confirmed_at) AS confirmed_at
    FROM mail_subscriptions m JOIN accounts a ON a.id = $1::uuid
    WHERE m.account_id = a.id OR m.email = a.email ORDER BY m.created_at, m.id`,
  reviews: `SELECT ${LISTING}, r.rating::int AS rating, r.body, iso_time(r.created_at) AS created_at, iso_time(r.updated_at) AS updated_at,
      r.hidden_at IS NOT NULL AS hidden
    FROM reviews r JOIN listings l ON l.id = r.listing_id
    WHERE r.account_id = $1::uuid OR r.reviewer_key = ${accountKeySql('$1')} ORDER BY r.created_at, r.id`,
  comments: `SELECT c.id::int AS id, ${LISTING}, c.parent_id::int AS parent_id, c.body, iso_time(c.created_at) AS created_at,
      c.deleted_at IS NOT NULL AS deleted, c.hidden_at IS NOT NULL AS hidden
    FROM comments c JOIN listings l ON l.id = c.listing_id WHERE c.account_id = $1::uuid ORDER BY c.created_at, c.id`,
  orders: `SELECT o.number, o.status, o.net_cents::float8 AS net_cents, o.vat_cents::float8 AS vat_cents,
      o.gross_cents::float8 AS gross_cents, o.refunded_cents::float8 AS refunded_cents, o.vat,
      iso_time(o.created_at) AS created_at, iso_time(o.paid_at) AS paid_at,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('product', ol.product, 'name', ol.name, 'listing_id', ol.listing_id,
         'week', ol.week::text, 'net_cents', ol.net_cents, 'vat_cents', ol.vat_cents, 'gross_cents', ol.gross_cents) ORDER BY ol.position),
         '[]'::jsonb) FROM order_lines ol WHERE ol.order_id = o.id) AS lines
    FROM orders o WHERE o.account_id = $1::uuid ORDER BY o.created_at, o.id`,
  claims: `SELECT c.id, ${LISTING}, c.method, c.domain, c.email, c.status, iso_time(c.created_at) AS created_at,
      iso_time(c.verified_at) AS verified_at
    FROM claims c JOIN listings l ON l.id = c.listing_id WHERE c.account_id = $1::uuid ORDER BY c.created_at, c.id`,
  webhooks: `SELECT w.id, w.url, w.events, w.status, w.disabled_reason, iso_time(w.created_at) AS created_at
    FROM webhooks w WHERE w.account_id = $1::uuid ORDER BY w.created_at, w.id`,
  api_keys: `SELECT k.id, k.name, k.prefix, k.scopes, iso_time(k.created_at) AS created_at, iso_time(k.last_used_at) AS last_used_at,
      iso_time(k.revoked_at) AS revoked_at
    FROM api_keys k WHERE k.account_id = $1::uuid ORDER BY k.created_at, k.id`,
  connected_apps: `SELECT g.payload->>'clientId' AS client_id, nullif(trim(c.payload->>'client_name'), '') AS client_name,
      iso_time(to_timestamp((g.payload->>'iat')::float8)) AS granted_at
    FROM oauth_records g LEFT JOIN oauth_records c ON c.model = 'Client' AND c.id = g.payload->>'clientId'
    WHERE g.model = 'Grant' AND g.payload->>'accountId' = $1 AND (g.expires_at IS NULL OR g.expires_at > now())
    ORDER BY g.id`,
  reports: `SELECT r.id::int AS id, r.target_type, r.target_id, r.reason, r.details, r.status, iso_time(r.created_at) AS created_at
    FROM reports r WHERE r.reporter_id = $1::uuid ORDER BY r.created_at, r.id`,
};

async function founderProfile(db: Database, accountId: string): Promise<AccountExport['founder_profile']> {
  const founder = await db.one<{ id: number; slug: string; name: string }>(
    'SELECT id, slug, name FROM founders WHERE account_id = $1::uuid',
    [accountId],
  );
  if (!founder) return null;
  const answers = await db.query<{ question: string; answer: string; answered_at: string }>(
    `SELECT q.text AS question, a.answer, iso_time(a.answered_at) AS answered_at
     FROM interview_answers a JOIN interview_questions q ON q.id = a.question_id WHERE a.founder_id = $1 ORDER BY q.position, q.id`,
    [founder.id],
  );
  return { slug: founder.slug, name: founder.name, interview_answers: answers };
}

/** The account's document; 404 when the account no longer exists. */
export async function exportAccount(db: Database, accountId: string, now: Date): Promise<AccountExport> {
  const account = await db.one<AccountExport['account']>(
    `SELECT id, email, email_verified_at IS NOT NULL AS email_verified, iso_time(created_at) AS created_at, role, display_name
     FROM accounts WHERE id = $1::uuid`,
    [accountId],
  );
  if (!account) throw new NotFoundError('account', accountId);
  const names = Object.keys(SECTION_SQL) as (keyof Sections)[];
  const rows = await Promise.all(names.map((name) => db.query(SECTION_SQL[name], [accountId])));
  const sections = Object.fromEntries(names.map((name, i) => [name, rows[i]])) as unknown as Sections;
  return { exported_at: now.toISOString(), account, ...sections, founder_profile: await founderProfile(db, accountId) };
}
