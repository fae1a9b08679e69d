/**
 * The benchmark-scale directory: the demo directory plus generated listings and votes up to
 * `listings` listings and `votes` votes in total (default 100,000 and 1,000,000). The rows are
 * generated server-side with generate_series and a seeded random() (setseed), so the data is the
 * same on every run with the same `now` on the same engine. Only listings, their categories,
 * founders for one listing in five, votes, awards, counters and the search dictionary grow.
 */
import type { Database, Statements } from '../db/database.js';
import { computeAwards } from './awards.js';
import { syncSequences } from './bulk.js';

import { categoryRecords } from './categories.js';
import { FIRST_NAMES, GENERAL_ROOTS, LAST_NAMES, LOCATIONS, NAME_SUFFIXES } from './content.js';
import { refreshListingCounters } from './counters.js';
import { isoDate, isoTime, mondayOf } from './dates.js';
import { countRows, inTransaction, seedDemo, type SeedSummary } from './demo.js';
import { Random } from './random.js';
import { refreshSearchTerms } from './search-terms.js';
import { benchVocabulary } from './vocabulary.js';

export interface BenchScaleOptions {
  now: Date;
  /** Listings in total, demo listings included. */
  listings?: number;
  /** Votes in total, demo votes included. */
  votes?: number;
}

/** Weeks back over which generated launches are spread (about four years). */
const BENCH_WEEKS = 200;
const SENTENCES = 20_000;
const WORDS_PER_SENTENCE = 7;

/**
 * Seeds the demo directory (throws DatabaseNotEmptyError on a non-empty database), then grows it to
 * benchmark scale in one transaction, then runs ANALYZE. Returns the row counts.
 */
export async function seedBenchScale(db: Database, options: BenchScaleOptions): Promise<SeedSummary> {
  const started = Date.now();
  const now = new Date(options.now.getTime());
  const targetListings = options.listings ?? 100_000;
  const targetVotes = options.votes ?? 1_000_000;
  await seedDemo(db, { now });
  await inTransaction(db, (tx) => grow(tx, now, targetListings, targetVotes));
  await db.script('ANALYZE');
  return { now: now.toISOString(), durationMs: Date.now() - started, tables: await countRows(db) };
}

/** What grow adds: how many listings and votes, and the largest listing and founder ids so far. */
interface Growth {
  now: Date;
  count: number;
  voteCount: number;
  base: number;
  maxFounder: number;
}

/**
 * Grows the seeded directory to `targetListings` listings and `targetVotes` votes. The steps run in
 * this order because they all draw from the one seeded random(): work tables of draws first, then
 * the inserts made from them.
 */
async function grow(tx: Statements, now: Date, targetListings: number, targetVotes: number): Promise<void> {
  const g = await measureGrowth(tx, now, targetListings, targetVotes);
  if (!g) return;
  const taken = new Set((await tx.query<{ slug: string }>('SELECT slug FROM listings')).map((r) => r.slug));
  const { names, slugs } = generateNames(g.count, taken);
  const vocabulary = benchVocabulary();

  await tx.script(`SET LOCAL work_mem = '256MB'; SET LOCAL maintenance_work_mem = '256MB'; SELECT setseed(0.314159);`);
  await loadWordLists(tx, vocabulary);
  await drawListings(tx, g, names, slugs);
  await drawVotes(tx, g);
  await drawSentences(tx, vocabulary.length);
  await insertListings(tx, now);
  await insertListingCategories(tx, g.base);
  await insertFounders(tx, g);
  await insertVotes(tx);
  await syncSequences(tx, ['listings', 'founders']);
  await refreshListingCounters(tx);
  await computeAwards(tx, now);
  await refreshSearchTerms(tx);
}

/** How much there is to add, or null when the directory is already as large as asked. */
async function measureGrowth(tx: Statements, now: Date, targetListings: number, targetVotes: number): Promise<Growth | null> {
  const [state] = await tx.query<{ listings: number; max_listing: number; votes: number; max_founder: number }>(
    `SELECT (SELECT count(*) FROM listings)::int AS listings, (SELECT coalesce(max(id), 0) FROM listings)::int AS max_listing,
            (SELECT count(*) FROM votes)::int AS votes, (SELECT coalesce(max(id), 0) FROM founders)::int AS max_founder`,
  );
  const count = Math.max(0, targetListings - state.listings);
  const voteCount = Math.max(0, targetVotes - state.votes);
  if (count === 0 && voteCount === 0) return null;
  return { now, count, voteCount, base: state.max_listing, maxFounder: state.max_founder };
}

/** The subcategories (bench_cats) and the vocabulary (bench_vocab) the generated rows draw from. */
async function loadWordLists(tx: Statements, vocabulary: readonly string[]): Promise<void> {
  // the subcategories generated listings are filed under
  const subcategories = categoryRecords()
    .filter((c) => c.sub)
    .map((c, i) => ({
      idx: i + 1,
      id: c.id,
      slug: c.slug,
      top_slug: c.top.slug,
      job: c.sub!.job,
      thing: c.sub!.thing,
      audiences: c.top.audiences,
      features: c.sub!.features,
      keywords: c.sub!.keywords,
    }));
  await tx.query(
    `CREATE TEMP TABLE bench_cats ON COMMIT DROP AS
     SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS x(idx int, id int, slug text, top_slug text, job text, thing text, audiences text[], features text[], keywords text[])`,
    [JSON.stringify(subcategories)],
  );
  await tx.query(
    `CREATE TEMP TABLE bench_vocab ON COMMIT DROP AS
     SELECT ord::int AS id, word FROM unnest($1::text[]) WITH ORDINALITY AS t(word, ord)`,
    [vocabulary],
  );
}

/** bench_listings: every generated listing's draws and derived columns. */
async function drawListings(tx: Statements, g: Growth, names: string[], slugs: string[]): Promise<void> {
  // every generated listing's draws and derived columns
  await tx.query(
    `CREATE TEMP TABLE bench_listings ON COMMIT DROP AS
     WITH draws AS (
       SELECT g, 1 + floor(random() * (SELECT count(*) FROM bench_cats))::int AS ci,
              random() AS r_status, random() AS r_week, random() AS r_time, random() AS r_plan, random() AS r_misc,
              1 + floor(random() * ${SENTENCES})::int AS s1, 1 + floor(random() * ${SENTENCES})::int AS s2,
              1 + floor(random() * ${SENTENCES})::int AS s3, 1 + floor(random() * ${SENTENCES})::int AS s4,
              1 + floor(random() * array_length($4::text[], 1))::int AS loc
       FROM generate_series(1, $1::int) AS g),
     classified AS (
       SELECT d.*, n.name, n.slug,
              CASE WHEN r_status < 0.96 THEN 'live' WHEN r_status < 0.98 THEN 'scheduled' WHEN r_status < 0.99 THEN 'draft'
                   WHEN r_status < 0.995 THEN 'awaiting_badge' ELSE 'hidden' END AS status
       FROM draws d JOIN unnest($2::text[], $3::text[]) WITH ORDINALITY AS n(name, slug, ord) ON n.ord = d.g),
     weeks AS (
       SELECT c.*,
              CASE status WHEN 'draft' THEN NULL
                          WHEN 'scheduled' THEN $6::date + 7 * (1 + floor(r_week * 8)::int)
                          WHEN 'awaiting_badge' THEN $6::date + 7 * (6 + floor(r_week * 3)::int)
                          ELSE $6::date - 7 * floor(r_week * ${BENCH_WEEKS})::int END AS launch_week
       FROM classified c)
     SELECT w.g, ${g.base} + w.g AS id, w.name, w.slug, w.ci, w.status, w.launch_week, w.r_plan, w.r_misc, w.loc, w.s1, w.s2, w.s3, w.s4,
            CASE WHEN w.status IN ('live', 'hidden')
                 THEN date_trunc('second', w.launch_week::timestamptz + w.r_time * least(interval '7 days', $5::timestamptz - w.launch_week::timestamptz))
            END AS launched_at
     FROM weeks w`,
    [g.count, names, slugs, LOCATIONS.map((l) => l[0]), isoTime(g.now), isoDate(mondayOf(g.now))],
  );
}

/** bench_live and bench_votes: the generated votes. */
async function drawVotes(tx: Statements, g: Growth): Promise<void> {
  // which live listing each generated vote goes to: a few listings get many votes, most get a few
  await tx.query(
    `CREATE TEMP TABLE bench_live ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY random()) AS rn, id, launched_at FROM bench_listings WHERE status = 'live'`,
  );
  await tx.query(
    `CREATE TEMP TABLE bench_votes ON COMMIT DROP AS
     SELECT s.g, b.id AS listing_id, date_trunc('second', b.launched_at + ($2::timestamptz - b.launched_at) * s.u) AS created_at
     FROM (SELECT g, 1 + floor(power(random(), 2.5) * (SELECT count(*) FROM bench_live))::int AS rn, power(random(), 3) AS u
           FROM generate_series(1, $1::int) AS g) s
     JOIN bench_live b ON b.rn = s.rn`,
    [g.voteCount, isoTime(g.now)],
  );
}

/** bench_sentences: sentences of vocabulary words for the generated descriptions. */
async function drawSentences(tx: Statements, vocabularySize: number): Promise<void> {
  // sentences of words drawn from the vocabulary; each description strings four of them together
  await tx.query(
    `CREATE TEMP TABLE bench_sentences ON COMMIT DROP AS
     SELECT w.s AS id, string_agg(v.word, ' ' ORDER BY w.k) AS words
     FROM (SELECT s, k, 1 + floor(random() * $1::int)::int AS wid
           FROM generate_series(1, ${SENTENCES}) AS s CROSS JOIN generate_series(1, ${WORDS_PER_SENTENCE}) AS k) w
     JOIN bench_vocab v ON v.id = w.wid
     GROUP BY w.s`,
    [vocabularySize],
  );
}

/** The generated listings, with their vote counts, from the work tables. */
async function insertListings(tx: Statements, now: Date): Promise<void> {
  const restoreListings = await relaxTable(tx, 'listings');
  await tx.query(
    `INSERT INTO listings (id, slug, name, url, domain, tagline, short_description, description, logo_url, stage, pricing_model,
                           pricing_summary, country, city, founded_year, features, keywords, tags, socials, attributes, status, plan,
                           launch_week, launched_at, unlocked_sections, primary_category_id, votes_count, created_at, updated_at)
     SELECT b.id, b.slug, b.name, 'https://' || b.slug || '.example', b.slug || '.example',
            upper(left(c.job, 1)) || substr(c.job, 2),
            b.name || ' is a ' || c.thing || ' for ' || c.audiences[1 + (b.g % array_length(c.audiences, 1))] || '.',
            b.name || ' is a ' || c.thing || ' for ' || c.audiences[1 + (b.g % array_length(c.audiences, 1))] || '. It lets you ' || c.job || '. '
              || upper(left(t1.words, 1)) || substr(t1.words, 2) || '. ' || upper(left(t2.words, 1)) || substr(t2.words, 2) || '. '
              || upper(left(t3.words, 1)) || substr(t3.words, 2) || '. ' || upper(left(t4.words, 1)) || substr(t4.words, 2) || '.',
            'https://' || b.slug || '.example/logo.png',
            (ARRAY['idea', 'mvp', 'beta', 'launched', 'launched', 'growth'])[1 + floor(b.r_misc * 6)::int],
            (ARRAY['free', 'freemium', 'freemium', 'paid', 'subscription', 'subscription', 'open-source'])[1 + (b.g % 7)],
            (ARRAY['Free forever', 'Free plan; Pro from $12/month', 'Free plan; Pro from $19/month', 'One-time licence from $99',
                   'From $9/month', 'From $29/month', 'Free and open source; cloud from $15/month'])[1 + (b.g % 7)],
            ($2::text[])[b.loc], ($3::text[])[b.loc],
            extract(year FROM coalesce(b.launched_at, $1::timestamptz))::int - (b.g % 5),
            c.features[1:3], c.keywords[1 + (b.g % 3):5], ARRAY[c.slug, c.top_slug],
            jsonb_build_object('website', 'https://' || b.slug || '.example', 'x', 'https://x.com/' || replace(b.slug, '-', '')),
            jsonb_build_object('pricing_model', (ARRAY['free', 'freemium', 'freemium', 'paid', 'subscription', 'subscription', 'open-source'])[1 + (b.g % 7)],
                               'api', b.g % 2 = 0, 'open_source', b.g % 7 = 6),
            b.status, CASE WHEN b.r_plan < 0.3 THEN 'paid' ELSE 'free' END, b.launch_week, b.launched_at,
            CASE WHEN b.r_plan < 0.3 THEN ARRAY['story', 'milestones', 'media'] ELSE '{}'::text[] END,
            c.id, coalesce(v.n, 0),
            coalesce(b.launched_at, $1::timestamptz) - interval '1 day' * (1 + floor(b.r_misc * 30)),
            coalesce(b.launched_at, $1::timestamptz) - interval '1 day' * (1 + floor(b.r_misc * 30))
     FROM bench_listings b
     JOIN bench_sentences t1 ON t1.id = b.s1
     JOIN bench_sentences t2 ON t2.id = b.s2
     JOIN bench_sentences t3 ON t3.id = b.s3
     JOIN bench_sentences t4 ON t4.id = b.s4
     JOIN bench_cats c ON c.idx = b.ci
     LEFT JOIN (SELECT listing_id, count(*)::int AS n FROM bench_votes GROUP BY listing_id) v ON v.listing_id = b.id
     ORDER BY b.id`,
    [isoTime(now), LOCATIONS.map((l) => l[0]), LOCATIONS.map((l) => l[1])],
  );
  await tx.script(restoreListings);
}

async function insertListingCategories(tx: Statements, base: number): Promise<void> {
  // the primary category of each, and up to three more for paid listings
  const restoreCategories = await relaxTable(tx, 'listing_categories');
  await tx.query(
    `INSERT INTO listing_categories (listing_id, category_id, is_primary)
     SELECT id, primary_category_id, true FROM listings WHERE id > $1
     UNION ALL
     SELECT b.id, c.id, false
     FROM bench_listings b
     JOIN generate_series(1, 3) AS k ON k <= b.g % 4
     JOIN bench_cats c ON c.idx = 1 + (b.ci - 1 + k * 7) % (SELECT count(*) FROM bench_cats)
     WHERE b.r_plan < 0.3`,
    [base],
  );
  await tx.script(restoreCategories);
}

async function insertFounders(tx: Statements, g: Growth): Promise<void> {
  // a founder for one generated listing in five
  await tx.query(
    `WITH f AS (
       SELECT g, $2::int + g AS id, ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int] AS first,
              ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] AS last
       FROM generate_series(1, $5::int) AS g),
     ins AS (
       INSERT INTO founders (id, slug, name, title, bio, country, socials, created_at)
       SELECT f.id, lower(f.first || '-' || f.last) || '-' || f.id, f.first || ' ' || f.last, 'Founder',
              f.first || ' founded ' || l.name || '. Before that, ' || f.first || ' worked in software for a decade.',
              l.country, '{}'::jsonb, l.created_at
       FROM f JOIN listings l ON l.id = $1::int + 5 * f.g - 4
       RETURNING id)
     INSERT INTO listing_founders (listing_id, founder_id, role, position)
     SELECT $1::int + 5 * f.g - 4, f.id, 'Founder', 0 FROM f WHERE f.id IN (SELECT id FROM ins)`,
    [g.base, g.maxFounder, FIRST_NAMES, LAST_NAMES, Math.floor(g.count / 5)],
  );
}

async function insertVotes(tx: Statements): Promise<void> {
  const restoreVotes = await relaxTable(tx, 'votes');
  await tx.query(
    `INSERT INTO votes (listing_id, voter_key, created_at) SELECT listing_id, 'v:' || (100000 + g), created_at FROM bench_votes`,
  );
  await tx.script(restoreVotes);
}

/**
 * Prepares `table` for a bulk insert inside the current transaction: drops its secondary indexes,
 * unique constraints and foreign keys (never the primary key, nor triggers or checks), and returns
 * the statements that create them again exactly as they were. Building an index once and checking
 * a foreign key with one join is much faster than doing both row by row; integrity is still
 * verified when the constraints come back.
 */
async function relaxTable(tx: Statements, table: string): Promise<string> {
  const rows = await tx.query<{ kind: 'index' | 'unique' | 'foreign'; name: string; definition: string }>(
    `SELECT CASE c.contype WHEN 'u' THEN 'unique' ELSE 'foreign' END AS kind, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c WHERE c.conrelid = $1::regclass AND c.contype IN ('u', 'f')
     UNION ALL
     SELECT 'index', i.relname, pg_get_indexdef(i.oid)
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = $1::regclass AND NOT x.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conrelid = x.indrelid AND c.conindid = x.indexrelid)
     ORDER BY 1, 2`,
    [table],
  );
  if (rows.length === 0) return 'SELECT 1';
  const drop = rows.map((r) => (r.kind === 'index' ? `DROP INDEX "${r.name}";` : `ALTER TABLE ${table} DROP CONSTRAINT "${r.name}";`));
  await tx.script(drop.join('\n'));
  const order = { index: 0, unique: 1, foreign: 2 };
  return rows
    .sort((a, b) => order[a.kind] - order[b.kind])
    .map((r) => (r.kind === 'index' ? `${r.definition};` : `ALTER TABLE ${table} ADD CONSTRAINT "${r.name}" ${r.definition};`))
    .join('\n');
}

/** `count` product names with slugs unique among themselves and `taken`. */
function generateNames(count: number, taken: Set<string>): { names: string[]; slugs: string[] } {
  const rng = new Random(424_242);
  const words = benchVocabulary();
  const names: string[] = [];
  const slugs: string[] = [];
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  while (names.length < count) {
    const pattern = rng.int(0, 2);
    const name =
      pattern === 0
        ? `${rng.pick(GENERAL_ROOTS)}${rng.pick(NAME_SUFFIXES)}`
        : pattern === 1
          ? cap(rng.pick(words))
          : `${cap(rng.pick(words))} ${cap(rng.pick(words))}`;
    let slug = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    for (let n = 2; taken.has(slug); n++) slug = `${slug.replace(/-\d+$/, '')}-${n}`;
    taken.add(slug);
    names.push(name);
    slugs.push(slug);
  }
  return { names, slugs };
}
