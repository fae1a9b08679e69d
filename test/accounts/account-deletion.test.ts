import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { caller, person, type Call, type Person } from '../listings/support.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { discover, obtainTokens, registerClient } from '../support/oauth.js';
import { TestBrowser } from '../support/browser.js';
import { signIn } from '../auth/pages/page-flows.js';
import { castVote } from '../../src/community/votes.js';
import { setFollowing } from '../../src/community/follows.js';
import { setOwnDigest } from '../../src/subscriptions/subscriptions.js';
import { writeReview } from '../../src/community/reviews.js';
import { postComment } from '../../src/community/comments.js';
import { createAccount } from '../../src/accounts/accounts.js';
import { deleteAccount } from '../../src/accounts/account-deletion.js';
import { ProblemError } from '../../src/errors.js';
import { adminOrder } from '../../src/orders/admin-orders.js';
import { loadSiteSettings } from '../../src/catalogue/site-settings.js';

/** Each rule of deleting an account (issue 36), on the service with its caches and change notifications. */
const PASSWORD = 'correct horse battery staple';
let t: TestApp;
let call: Call;
let category: number;
let networks = 0;

beforeAll(async () => {
  t = await startTestApp();
  call = caller(t);
  category = await insertCategory(t.db);
}, 60_000);
afterAll(() => t?.close());

const live = async (name?: string) => {
  const id = await insertListing(t.db, { category_id: category, status: 'live', name, launch_week: null });
  return (await t.db.one<{ id: number; slug: string }>('SELECT id, slug FROM listings WHERE id = $1', [id]))!;
};
const own = (listingId: number, who: Person) =>
  t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [listingId, who.id]);
const vote = async (slug: string, who: Person) =>
  castVote(t.db, slug, { id: who.id, emailVerified: true }, new Date(), `10.9.${++networks}.1`, await loadSiteSettings(t.db));
const review = (slug: string, who: Person, rating: number) =>
  writeReview(
    t.db,
    slug,
    { id: who.id, email: who.email, emailVerified: true },
    { rating, body: `Rated ${rating} stars after a month of use.` },
    new Date(),
  );
const comment = (slug: string, who: Person, body: string, parentId?: number) =>
  postComment(t.db, t.app.services.jobs, who.id, { slug, body, parentId }, new Date());
const order = (who: Person, number: string, status: string, paid: boolean) =>
  t.db.query(
    `INSERT INTO orders (number, account_id, status, net_cents, vat_cents, gross_cents, vat, created_at, expires_at, paid_at)
     VALUES ($1, $2::uuid, $3, 10000, 1900, 11900, $4::jsonb, now() - interval '2 days', $5, $6)`,
    [
      number,
      who.id,
      status,
      JSON.stringify({ country: 'DE', rate_basis_points: 1900, reason: 'eu_consumer', vat_number: { value: 'DE123456789', valid: true } }),
      status === 'pending' ? new Date(Date.now() + 3600_000).toISOString() : new Date(Date.now() - 3600_000).toISOString(),
      paid ? new Date().toISOString() : null,
    ],
  );
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof ProblemError ? { status: error.status, detail: error.detail } : error),
  );
const boardVotes = async (slug: string) =>
  (await call(null, 'GET', '/leaderboards/community-weekly')).body.items.find((e: any) => e.listing.slug === slug)?.metric.value;

describe('deleting an account', () => {
  let owner: Person;
  let coOwner: Person;
  let gone: Person;
  let other: Person;
  let target: { id: number; slug: string };
  let sole: { id: number; slug: string };
  let shared: { id: number; slug: string };
  let goneComment: number;
  let reply: number;
  let oauthToken: string;
  const browser = new TestBrowser();

  beforeAll(async () => {
    [owner, coOwner, gone, other] = await Promise.all([person(t.db), person(t.db), person(t.db), person(t.db)]);
    target = await live();
    await own(target.id, owner);
    sole = await live('Zyxquop Notes');
    await own(sole.id, gone);
    shared = await live();
    await own(shared.id, gone);
    await own(shared.id, coOwner);
    await vote(target.slug, gone);
    await vote(target.slug, other);
    await setFollowing(t.db, target.slug, { email: gone.email, emailVerified: true }, true, new Date());
    await setOwnDigest(t.db, { accountId: gone.id, email: gone.email, emailVerified: true }, 'weekly', new Date());
    await setOwnDigest(t.db, { accountId: other.id, email: other.email, emailVerified: true }, 'daily', new Date());
    await review(target.slug, gone, 1);
    await review(target.slug, other, 5);
    goneComment = (await comment(target.slug, gone, 'Does it sync with calendars?')).id;
    reply = (await comment(target.slug, other, 'Yes, it does for me.', goneComment)).id;
    await order(gone, 'LD-2026-990001', 'paid', true);
    await order(gone, 'LD-2026-990002', 'expired', false);
    expect((await signIn(t, browser, gone.email, PASSWORD)).status).toBe(303);
    const as = await discover(t.url);
    const client = await registerClient(as, 'http://127.0.0.1:9/callback', { client_name: 'Deletion test' });
    oauthToken = (await obtainTokens(as, client, { email: gone.email, password: PASSWORD }, `${t.url}/api/v1`, new TestBrowser()))
      .access_token;
    // Every cached answer is read once before, so the checks below see the notifications move them.
    const before = (await call(null, 'GET', `/listings/${target.slug}`)).body;
    expect(before).toMatchObject({ votes: 2, follows: 1, community_rating: { average: 3, count: 2 } });
    expect(await boardVotes(target.slug)).toBe(2);
    expect((await call(null, 'GET', `/listings/${sole.slug}`)).status).toBe(200);
    expect((await call(null, 'GET', '/listings?q=Zyxquop')).body.items.map((i: any) => i.slug)).toContain(sole.slug);
    expect((await call(gone, 'GET', '/me')).status).toBe(200);

    // Their address as the contact of a listing they co-own, and of one they do not own (someone else's record).
    await t.db.query('UPDATE listings SET contact_email = $2 WHERE id = ANY($1::int[])', [
      [shared.id, target.id],
      gone.email.toUpperCase(),
    ]);
    const summary = await deleteAccount(t.db, gone.id, new Date());
    expect(summary).toMatchObject({ votes: 1, follows: 1, reviews: 1, comments: 1, hiddenListings: 1, keptOrders: 1, removedOrders: 1 });
  }, 60_000);

  it('takes its votes away: the listing count and the weekly board move at once', async () => {
    await expect.poll(async () => (await call(null, 'GET', `/listings/${target.slug}`)).body.votes, { timeout: 5000 }).toBe(1);
    expect(await boardVotes(target.slug)).toBe(1);
    expect(await t.db.query('SELECT 1 FROM votes WHERE voter_key = $1', [`account:${gone.id}`])).toEqual([]);
  });

  it('takes its follows away, and the follower count with them', async () => {
    await expect.poll(async () => (await call(null, 'GET', `/listings/${target.slug}`)).body.follows, { timeout: 5000 }).toBe(0);
    expect(await t.db.query('SELECT 1 FROM follows WHERE follower_email = $1', [gone.email])).toEqual([]);
  });

  it('stops the mail its address asked for: its digest subscription goes, another person’s stays', async () => {
    const digest = (email: string) => t.db.query("SELECT cadence FROM mail_subscriptions WHERE email = $1 AND topic = 'digest'", [email]);
    expect(await digest(gone.email)).toEqual([]);
    expect(await digest(other.email)).toEqual([{ cadence: 'daily' }]);
  });

  it('takes its reviews away, and the community rating moves', async () => {
    await expect
      .poll(async () => (await call(null, 'GET', `/listings/${target.slug}`)).body.community_rating, { timeout: 5000 })
      .toEqual({ average: 5, count: 1 });
  });

  it('shows its comments as deleted, keeping the replies others wrote', async () => {
    const thread = (await call(null, 'GET', `/listings/${target.slug}/comments`)).body.items.find((c: any) => c.id === goneComment);
    expect(thread).toMatchObject({ state: 'deleted', body: null, author: null });
    expect(thread.replies.map((r: any) => [r.id, r.state, r.body])).toEqual([[reply, 'visible', 'Yes, it does for me.']]);
    expect(await t.db.one('SELECT account_id, body FROM comments WHERE id = $1', [goneComment])).toEqual({ account_id: null, body: '' });
  });

  it('hides a listing it alone owned: 404 to get_listing, out of search', async () => {
    await expect.poll(async () => (await call(null, 'GET', `/listings/${sole.slug}`)).status, { timeout: 5000 }).toBe(404);
    await expect
      .poll(async () => (await call(null, 'GET', '/listings?q=Zyxquop')).body.items.map((i: any) => i.slug), { timeout: 5000 })
      .not.toContain(sole.slug);
    expect(await t.db.one('SELECT status, status_before_hidden, hidden_reason FROM listings WHERE id = $1', [sole.id])).toEqual({
      status: 'hidden',
      status_before_hidden: 'live',
      hidden_reason: expect.stringMatching(/^owner_deleted/),
    });
  });

  it('leaves a co-owned listing public and with the other owner', async () => {
    expect((await call(null, 'GET', `/listings/${shared.slug}`)).status).toBe(200);
    const mine = (await call(coOwner, 'GET', '/me/listings')).body.items.map((i: any) => i.slug);
    expect(mine).toContain(shared.slug);
    expect(await t.db.query('SELECT account_id FROM listing_owners WHERE listing_id = $1', [shared.id])).toEqual([
      { account_id: coOwner.id },
    ]);
  });

  it('clears its address as the contact of a listing it owned, and only there', async () => {
    expect(await t.db.one('SELECT contact_email FROM listings WHERE id = $1', [shared.id])).toEqual({ contact_email: null });
    expect(await t.db.one('SELECT contact_email FROM listings WHERE id = $1', [target.id])).toEqual({
      contact_email: gone.email.toUpperCase(),
    });
  });

  it('keeps a paid order without the buyer, with what the invoice needs; an unpaid one goes', async () => {
    const kept = await t.db.one<any>(
      `SELECT account_id, buyer_removed_at, gross_cents::int AS gross, vat FROM orders WHERE number = 'LD-2026-990001'`,
    );
    expect(kept).toMatchObject({ account_id: null, gross: 11900, vat: { country: 'DE', vat_number: { value: 'DE123456789' } } });
    expect(kept.buyer_removed_at).not.toBeNull();
    expect(JSON.stringify(kept)).not.toContain(gone.email);
    expect(await t.db.query(`SELECT 1 FROM orders WHERE number = 'LD-2026-990002'`)).toEqual([]);
    // The site team still finds it (for the books, or a refund), with no buyer address.
    expect(await adminOrder(t.db, 'LD-2026-990001', new Date())).toMatchObject({ status: 'paid', buyer_email: '' });
  });

  it('ends its browser session, API keys and OAuth tokens (401)', async () => {
    expect((await call(gone, 'GET', '/me')).status).toBe(401);
    const viaToken = await fetch(`${t.url}/api/v1/me`, { headers: { authorization: `Bearer ${oauthToken}` } });
    expect(viaToken.status).toBe(401);
    const page = await browser.get(`${t.url}/account`, { follow: false });
    expect(page.status).toBe(303);
    expect(await t.db.query(`SELECT 1 FROM oauth_records WHERE payload->>'accountId' = $1`, [gone.id])).toEqual([]);
  });

  it('lets the address sign up again, as a new and empty account', async () => {
    const again = await createAccount(t.db, { email: gone.email, password: PASSWORD, verified: false, now: new Date() });
    expect(again?.id).toBeDefined();
    expect(again?.id).not.toBe(gone.id);
  });
});

describe('deleting an account is refused', () => {
  it('while an order waits for payment, deleting nothing', async () => {
    const buyer = await person(t.db);
    await order(buyer, 'LD-2026-990010', 'pending', false);
    expect(await refusal(deleteAccount(t.db, buyer.id, new Date()))).toMatchObject({
      status: 409,
      detail: expect.stringContaining('LD-2026-990010'),
    });
    expect(await t.db.one('SELECT 1 AS ok FROM accounts WHERE id = $1', [buyer.id])).toEqual({ ok: 1 });
  });

  it("for the site's last admin", async () => {
    const admin = await person(t.db);
    await t.db.query(`UPDATE accounts SET role = NULL WHERE role = 'admin'`);
    await t.db.query(`UPDATE accounts SET role = 'admin' WHERE id = $1`, [admin.id]);
    expect(await refusal(deleteAccount(t.db, admin.id, new Date()))).toMatchObject({
      status: 409,
      detail: expect.stringMatching(/last admin/),
    });
    const second = await person(t.db);
    await t.db.query(`UPDATE accounts SET role = 'admin' WHERE id = $1`, [second.id]);
    await deleteAccount(t.db, admin.id, new Date());
    expect(await t.db.query('SELECT 1 FROM accounts WHERE id = $1', [admin.id])).toEqual([]);
  });

  it('hands a draft shared with a co-founder over to them', async () => {
    const maker = await person(t.db);
    const cofounder = await person(t.db);
    const [draft] = await t.db.query<{ id: string }>(
      `INSERT INTO drafts (id, account_id, url, status) VALUES (gen_random_uuid(), $1::uuid, 'https://shared.example', 'ready') RETURNING id`,
      [maker.id],
    );
    await t.db.query('INSERT INTO draft_owners (draft_id, account_id) VALUES ($1, $2::uuid)', [draft.id, cofounder.id]);
    expect(await deleteAccount(t.db, maker.id, new Date())).toMatchObject({ handedOverDrafts: 1 });
    expect(await t.db.one('SELECT account_id FROM drafts WHERE id = $1', [draft.id])).toEqual({ account_id: cofounder.id });
    expect(await t.db.query('SELECT 1 FROM draft_owners WHERE draft_id = $1', [draft.id])).toEqual([]);
  });
});
