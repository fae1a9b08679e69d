import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from '../support/database.js';
import { insertCategory, insertFounder, insertListing } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { castVote } from '../../src/community/votes.js';
import { setFollowing } from '../../src/community/follows.js';
import { setOwnDigest } from '../../src/subscriptions/subscriptions.js';
import { writeReview } from '../../src/community/reviews.js';
import { exportAccount } from '../../src/accounts/account-export.js';
import { accountExport } from '../../src/accounts/account-export-schema.js';
import { sha256 } from '../../src/security/random.js';
import { loadSiteSettings } from '../../src/catalogue/site-settings.js';

/** export_my_data's document: every section, filled from the account's own rows, and no secret anywhere in it. */
let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
}, 60_000);
afterAll(() => drop?.());

const WEBHOOK_SECRET = 'whsec_c2VjcmV0LW5ldmVyLWV4cG9ydGVk';
const CLIENT_SECRET = 'client-secret-never-exported';
const SESSION_ID = 'session-id-never-exported';
const EMAIL_TOKEN = 'claim-mail-token-never-exported';

/** An account with something in every section; answers it and the secrets the service keeps for it. */
let made = 0;
async function busyAccount() {
  const n = ++made;
  const me = await makeAccount(db);
  const now = new Date();
  const category = await insertCategory(db);
  const listing = await insertListing(db, { category_id: category, status: 'live' });
  const other = await insertListing(db, { category_id: category, status: 'live' });
  const slug = (await db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [other]))!.slug;
  await db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [listing, me.id]);
  await db.query(`INSERT INTO drafts (id, account_id, url, status) VALUES (gen_random_uuid(), $1::uuid, 'https://mine.example', 'ready')`, [
    me.id,
  ]);
  await castVote(db, slug, { id: me.id, emailVerified: true }, now, '10.20.30.40', await loadSiteSettings(db));
  await setFollowing(db, slug, { email: me.email, emailVerified: true }, true, now);
  await setOwnDigest(db, { accountId: me.id, email: me.email, emailVerified: true }, 'daily', now);
  await writeReview(
    db,
    slug,
    { id: me.id, email: me.email, emailVerified: true },
    { rating: 4, body: 'Solid product, quick support team.' },
    now,
  );
  await db.query(`INSERT INTO comments (listing_id, account_id, body, created_at) VALUES ($1, $2::uuid, 'Nice launch!', now())`, [
    other,
    me.id,
  ]);
  await db.query(
    `INSERT INTO orders (number, account_id, status, net_cents, vat_cents, gross_cents, vat, expires_at, paid_at)
     VALUES ('LD-2026-88000${n}', $1::uuid, 'paid', 5000, 0, 5000, '{"country":"US","reason":"outside_eu","vat_number":null}', now(), now())`,
    [me.id],
  );
  await db.query(
    `INSERT INTO order_lines (order_id, position, product, name, listing_id, net_cents, vat_cents, gross_cents)
     SELECT id, 0, 'launch', 'Paid launch', $1, 5000, 0, 5000 FROM orders WHERE number = 'LD-2026-88000${n}'`,
    [listing],
  );
  await db.query(
    `INSERT INTO claims (listing_id, account_id, method, domain, token, email, email_token_hash, expires_at)
     VALUES ($1, $2::uuid, 'email', 'other.example', 'ld-claim-public', 'me@other.example', $3, now() + interval '1 day')`,
    [other, me.id, sha256(`${EMAIL_TOKEN}-${n}`)],
  );
  await db.query(
    `INSERT INTO webhooks (id, account_id, url, events, secret, created_at) VALUES ('wh_export${n}', $1::uuid, 'https://hooks.example/in', '{listing.updated}', $2, now())`,
    [me.id, WEBHOOK_SECRET],
  );
  const { key } = await createApiKey(db, { accountId: me.id, name: 'CI', scopes: ['account:read'], now });
  await db.query(`INSERT INTO oauth_records (model, id, payload) VALUES ('Client', 'client-${n}', $1::jsonb)`, [
    JSON.stringify({ client_id: `client-${n}`, client_name: 'Calendar helper', client_secret: CLIENT_SECRET }),
  ]);
  await db.query(`INSERT INTO oauth_records (model, id, payload) VALUES ('Grant', 'grant-${n}', $1::jsonb)`, [
    JSON.stringify({ accountId: me.id, clientId: `client-${n}`, iat: Math.floor(now.getTime() / 1000) }),
  ]);
  await db.query(`INSERT INTO web_sessions (id_hash, account_id, expires_at) VALUES ($1, $2::uuid, now() + interval '1 day')`, [
    sha256(`${SESSION_ID}-${n}`),
    me.id,
  ]);
  await db.query(
    `INSERT INTO reports (target_type, target_id, listing_id, reporter_id, reason, created_at) VALUES ('listing', $1, $2, $3::uuid, 'spam', now())`,
    [slug, other, me.id],
  );
  const founder = await insertFounder(db, { name: 'Ada Maker' });
  await db.query('UPDATE founders SET account_id = $1::uuid WHERE id = $2', [me.id, founder]);
  const [question] = await db.query<{ id: number }>(`INSERT INTO interview_questions (text) VALUES ('Why did you start?') RETURNING id`);
  await db.query(`INSERT INTO interview_answers (founder_id, question_id, answer) VALUES ($1, $2, 'To fix my own calendar.')`, [
    founder,
    question.id,
  ]);
  const stored = await db.one<{ password_hash: string; key_hash: string }>(
    'SELECT a.password_hash, k.key_hash FROM accounts a JOIN api_keys k ON k.account_id = a.id WHERE a.id = $1',
    [me.id],
  );
  return {
    me,
    secrets: [
      WEBHOOK_SECRET,
      CLIENT_SECRET,
      key,
      stored!.password_hash,
      stored!.key_hash,
      sha256(`${EMAIL_TOKEN}-${n}`),
      sha256(`${SESSION_ID}-${n}`),
    ],
  };
}

describe('exportAccount', () => {
  it('answers every section, each with the account’s own rows, in the published shape', async () => {
    const { me } = await busyAccount();
    const document = await exportAccount(db, me.id, new Date('2026-11-27T10:00:00Z'));
    expect(accountExport.parse(document)).toEqual(document);
    expect(document.exported_at).toBe('2026-11-27T10:00:00.000Z');
    expect(document.account).toMatchObject({ id: me.id, email: me.email, email_verified: true });
    const lists = [
      'drafts',
      'listings',
      'votes',
      'follows',
      'mail_subscriptions',
      'reviews',
      'comments',
      'orders',
      'claims',
      'webhooks',
      'api_keys',
      'connected_apps',
      'reports',
    ] as const;
    for (const section of lists) expect(document[section], section).toHaveLength(1);
    expect(document.mail_subscriptions[0]).toMatchObject({ topic: 'digest', cadence: 'daily', confirmed: true });
    expect(document.webhooks[0]).toEqual(expect.objectContaining({ id: 'wh_export1', url: 'https://hooks.example/in' }));
    expect(document.api_keys[0]).toMatchObject({ name: 'CI', scopes: ['account:read'] });
    expect(document.connected_apps[0]).toMatchObject({ client_id: 'client-1', client_name: 'Calendar helper' });
    expect(document.orders[0]).toMatchObject({ number: 'LD-2026-880001', gross_cents: 5000, lines: [{ product: 'launch' }] });
    expect(document.claims[0]).toMatchObject({ method: 'email', email: 'me@other.example', status: 'pending' });
    expect(document.founder_profile).toMatchObject({
      name: 'Ada Maker',
      interview_answers: [{ question: 'Why did you start?', answer: 'To fix my own calendar.' }],
    });
  });

  it('holds no secret: no password hash, API key or its hash, webhook or client secret, session or e-mail link', async () => {
    const { me, secrets } = await busyAccount();
    const text = JSON.stringify(await exportAccount(db, me.id, new Date()));
    for (const secret of secrets) expect(text).not.toContain(secret);
    for (const field of ['password', 'secret', 'key_hash', 'token']) expect(text).not.toMatch(new RegExp(`"${field}"`));
  });

  it("holds nothing of another account's", async () => {
    const { me } = await busyAccount();
    const stranger = await makeAccount(db);
    const document = await exportAccount(db, stranger.id, new Date());
    expect(JSON.stringify(document)).not.toContain(me.id);
    expect(document.listings).toEqual([]);
    expect(document.founder_profile).toBeNull();
  });
});
