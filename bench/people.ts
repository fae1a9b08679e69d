/**
 * The benchmark's people in launch_bench: the reviews and comments listing pages show (made once), a founder who owns
 * listings with two months of daily figures (made once), and for each run fresh signed-in people, holding what a
 * browser holds after its first page: a session cookie, the form-token cookie and the form token.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../src/db/database.js';
import { createApiKey } from '../src/accounts/api-keys.js';
import { randomToken, sha256 } from '../src/security/random.js';

/** Listings with a discussion, and the reviews and comments each has. */
const DISCUSSED = 12_000;
const REVIEWS_EACH = 8;
const COMMENTS_EACH = 8;
const COMMENTERS = 1_000;
/** Listings the founder owns, and the days of figures each has. */
const OWNED = 2_000;
const STATS_DAYS = 60;
const OWNER_EMAIL = 'founder@bench.example';

export interface Browser {
  /** The Cookie header: the session and the form-token cookie. */
  cookie: string;
  /** The form token the pages' forms carry. */
  csrf: string;
  /** The person's own address, a /24 of their own (sent as X-Forwarded-For, as the proxy in front sends it). */
  address: string;
}

export interface Community {
  /** Slugs of listings with reviews and comments. */
  discussed: string[];
  /** The founder's API key (account:read) and the ids of the listings they own. */
  owner: { key: string; listingIds: number[] };
}

/** Reviews and comments on DISCUSSED listings and a founder with OWNED listings, made once; a new API key per run. */
export async function ensureCommunity(db: Database, now: Date): Promise<Community> {
  const made = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM reviews WHERE reviewer_key LIKE 'bench:%'`);
  if (!made?.n) {
    console.log(`adding ${DISCUSSED * REVIEWS_EACH} reviews, ${DISCUSSED * COMMENTS_EACH} comments and a founder of ${OWNED} listings...`);
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at, display_name)
         SELECT gen_random_uuid(), 'commenter' || g || '@bench.example', 'none', $1::timestamptz - interval '300 days',
                $1::timestamptz - interval '300 days', 'Commenter ' || g
           FROM generate_series(1, ${COMMENTERS}) g`,
        [now.toISOString()],
      );
      await tx.query(
        `CREATE TEMP TABLE bench_discussed ON COMMIT DROP AS
         SELECT id, row_number() OVER () AS n FROM (
           SELECT id FROM listings WHERE status = 'live' ORDER BY md5(slug || 'discussed') LIMIT ${DISCUSSED + OWNED}) l`,
      );
      await tx.query(
        `INSERT INTO reviews (listing_id, reviewer_key, reviewer_name, rating, body, genuine, created_at)
         SELECT d.id, 'bench:' || g, 'Reviewer ' || g, 1 + (d.id + g) % 5,
                'Used it for ' || g || ' weeks. The set-up took an afternoon and the support answered within a day.',
                true, $1::timestamptz - g * interval '3 days'
           FROM bench_discussed d CROSS JOIN generate_series(1, ${REVIEWS_EACH}) g WHERE d.n <= ${DISCUSSED}`,
        [now.toISOString()],
      );
      await tx.query(
        `INSERT INTO comments (listing_id, account_id, body, created_at)
         SELECT d.id, c.id, 'Does it work with a team of ' || (g * 3) || ' people? We would like to try it next month.',
                $1::timestamptz - g * interval '2 days'
           FROM bench_discussed d CROSS JOIN generate_series(1, ${COMMENTS_EACH}) g
           JOIN (SELECT id, row_number() OVER (ORDER BY email) AS n FROM accounts WHERE email LIKE 'commenter%@bench.example') c
             ON c.n = 1 + (d.id * ${COMMENTS_EACH} + g) % ${COMMENTERS}
          WHERE d.n <= ${DISCUSSED}`,
        [now.toISOString()],
      );
      const [owner] = await tx.query<{ id: string }>(
        `INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at, display_name)
         VALUES (gen_random_uuid(), '${OWNER_EMAIL}', 'none', $1, $1, 'Bench Founder') RETURNING id`,
        [now.toISOString()],
      );
      await tx.query(`INSERT INTO listing_owners (listing_id, account_id) SELECT id, $1 FROM bench_discussed WHERE n > ${DISCUSSED}`, [
        owner.id,
      ]);
      await tx.query(
        `INSERT INTO listing_views (listing_id, day, views, visitors, clicks)
         SELECT d.id, ($1::date - g), 20 + (d.id + g) % 50, 10 + (d.id + g) % 30, (d.id + g) % 7
           FROM bench_discussed d CROSS JOIN generate_series(0, ${STATS_DAYS - 1}) g WHERE d.n > ${DISCUSSED}
         ON CONFLICT (listing_id, day) DO NOTHING`,
        [now.toISOString().slice(0, 10)],
      );
    });
    await db.script('ANALYZE reviews; ANALYZE comments; ANALYZE listing_views; ANALYZE accounts; ANALYZE listing_owners');
  }
  const discussed = await db.query<{ slug: string }>(
    `SELECT l.slug FROM listings l WHERE EXISTS (SELECT 1 FROM reviews r WHERE r.listing_id = l.id AND r.reviewer_key = 'bench:1')
      ORDER BY md5(l.slug)`,
  );
  const owner = await db.one<{ id: string }>('SELECT id FROM accounts WHERE email = $1', [OWNER_EMAIL]);
  if (!owner) throw new Error('the bench founder is missing');
  const owned = await db.query<{ listing_id: number }>('SELECT listing_id FROM listing_owners WHERE account_id = $1 ORDER BY listing_id', [
    owner.id,
  ]);
  const { key } = await createApiKey(db, { accountId: owner.id, name: `bench ${now.toISOString()}`, scopes: ['account:read'], now });
  return { discussed: discussed.map((r) => r.slug), owner: { key, listingIds: owned.map((r) => r.listing_id) } };
}

/**
 * `count` new people with confirmed addresses, each signed in (a session made as the sign-in page makes one), then
 * holding the form-token cookie and token their first page (/account) gave them. New people each run: their votes
 * are all new, so the weekly board's change is known exactly.
 */
export async function signedInPeople(db: Database, origin: string, count: number, now: Date): Promise<Browser[]> {
  const run = Date.now().toString(36);
  const people = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    email: `voter-${run}-${i}@bench.example`,
    session: randomToken(),
    // One /24 each (the network the vote rules count by), like people at home.
    address: `11.${(i >> 8) & 255}.${i & 255}.${1 + (i % 250)}`,
  }));
  const created = new Date(now.getTime() - 90 * 86_400_000).toISOString();
  const expires = new Date(now.getTime() + 86_400_000).toISOString();
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at, display_name)
     SELECT id, email, 'none', $3::timestamptz, $3::timestamptz, 'Voter ' || n
       FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS p(id, email, n)`,
    [people.map((p) => p.id), people.map((p) => p.email), created],
  );
  await db.query(
    `INSERT INTO web_sessions (id_hash, account_id, created_at, expires_at)
     SELECT h, a, $3::timestamptz, $4::timestamptz FROM unnest($1::text[], $2::uuid[]) AS s(h, a)`,
    [people.map((p) => sha256(p.session)), people.map((p) => p.id), now.toISOString(), expires],
  );
  const browsers: Browser[] = [];
  for (let i = 0; i < people.length; i += 16)
    browsers.push(...(await Promise.all(people.slice(i, i + 16).map((p) => firstPage(origin, p)))));
  return browsers;
}

/** What a signed-in browser holds after its first page with a form: the form-token cookie and the token. */
async function firstPage(origin: string, person: { session: string; address: string }): Promise<Browser> {
  const session = `ld_session=${encodeURIComponent(person.session)}`;
  const response = await fetch(`${origin}/account`, { headers: { cookie: session, 'x-forwarded-for': person.address } });
  const page = await response.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
  const csrfCookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('ld_csrf='))
    ?.split(';')[0];
  if (response.status !== 200 || !csrf || !csrfCookie) throw new Error(`/account gave no form token (status ${response.status})`);
  return { cookie: `${session}; ${csrfCookie}`, csrf, address: person.address };
}
