import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { readOutbox } from '../../src/mail/mailer.js';
import { decideWeek } from '../../src/community/weekly-awards.js';
import { setFollowing } from '../../src/community/follows.js';
import { payOrder } from '../../src/orders/orders.js';
import { recordCheck } from '../../src/claims/claims.js';
import { deleteOldWebhookEvents } from '../../src/webhooks/events.js';
import { attemptDelivery } from '../../src/webhooks/send-delivery.js';
import { MAX_WEBHOOKS_PER_ACCOUNT } from '../../src/webhooks/subscriptions.js';
import { startTestApp, testLogger, type TestApp } from '../support/app.js';
import { insertVotes } from '../support/fixtures.js';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '../support/webhook-receiver.js';
import { caller, ownedListing, person, startSite, type Call, type Person } from '../listings/support.js';

const RETRY = { firstMs: 60, windowMs: 500 }; // waits 60, 120, 240, 80: five attempts

let t: TestApp;
let call: Call;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await startTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }, jobs: { processEveryMs: 50 }, webhookRetry: RETRY });
  call = caller(t);
  receiver = await startWebhookReceiver();
  await t.db.query(`INSERT INTO products (id, name, description, price_cents, needs_listing, position)
    VALUES ('launch', 'Launch', 'A paid launch', 4900, true, 1) ON CONFLICT (id) DO NOTHING`);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

/** Checks a delivery with the Standard Webhooks library's own verifier, as a receiver would; answers its body. */
function verified(delivery: ReceivedDelivery, secret: string): { type: string; timestamp: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(delivery.body, delivery.headers) as never;
}

async function subscribe(who: Person, url: string, events: string[]): Promise<{ id: string; secret: string }> {
  const created = await call(who, 'POST', '/webhooks', { url, events });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function deliveries(who: Person, webhookId: string): Promise<any[]> {
  const listed = await call(who, 'GET', `/webhooks/${webhookId}/deliveries`);
  expect(listed.status).toBe(200);
  return listed.body.items;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('outbound webhooks', () => {
  it('records no event while no webhook subscribes to its type (runs first: no webhook exists yet)', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner, { status: 'live' });
    expect((await call(owner, 'PATCH', `/me/listings/${listing.id}`, { fields: { tagline: 'Nobody listens' } })).status).toBe(200);
    expect(await t.db.query('SELECT 1 FROM webhook_events')).toEqual([]);
  });

  it('delivers the owner their own events, signed so that the Standard Webhooks verifier accepts them, and logs each attempt', async () => {
    const owner = await person(t.db);
    const stranger = await person(t.db);
    const listing = await ownedListing(t.db, owner, { status: 'live' });
    const hook = await subscribe(owner, receiver.url, ['listing.updated', 'listing.update_posted']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const strangers = await subscribe(stranger, receiver.url, ['listing.updated', 'listing.update_posted']);
    const before = receiver.received.length;

    expect((await call(owner, 'PATCH', `/me/listings/${listing.id}`, { fields: { tagline: 'Now with webhooks' } })).status).toBe(200);
    const posted = await call(owner, 'POST', `/me/listings/${listing.id}/updates`, { title: 'Shipped', body: 'It works.' });
    expect(posted.status).toBe(201);
    const got = (await receiver.waitFor(before + 2)).slice(before);

    const bodies = got.map((delivery) => verified(delivery, hook.secret));
    expect(bodies.map((body) => body.type).sort()).toEqual(['listing.update_posted', 'listing.updated']);
    expect(bodies.find((body) => body.type === 'listing.updated')!.data).toMatchObject({ listing_id: listing.id, fields: ['tagline'] });
    expect(bodies.find((body) => body.type === 'listing.update_posted')!.data).toMatchObject({
      update_id: posted.body.id,
      title: 'Shipped',
    });
    for (const delivery of got) {
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['webhook-id']).toMatch(/^msg_/);
      // Another secret, or a body changed on the way, is refused by the verifier.
      expect(() => verified(delivery, strangers.secret)).toThrow(WebhookVerificationError);
      expect(() => verified({ ...delivery, body: delivery.body.replace('listing', 'lasting') }, hook.secret)).toThrow(
        WebhookVerificationError,
      );
    }

    const log = await until(
      () => deliveries(owner, hook.id),
      (items) => items.length === 2 && items.every((item) => item.status === 'delivered'),
    );
    for (const item of log) {
      expect(item.attempts).toEqual([expect.objectContaining({ number: 1, trigger: 'event', response_status: 204, error: null })]);
      expect(got.map((delivery) => delivery.headers['webhook-id'])).toContain(item.event.id);
      expect(item.next_attempt_at).toBeNull();
    }
    // The stranger's webhook heard nothing of a listing it does not own.
    expect(await deliveries(stranger, strangers.id)).toEqual([]);
  });

  it('sends award.won and listing.published to owners and followers, order.paid to the buyer, and not what was not subscribed', async () => {
    const owner = await person(t.db);
    const follower = await person(t.db);
    const ownerHook = await subscribe(owner, receiver.url, ['award.won', 'listing.published', 'order.paid']);
    const followerHook = await subscribe(follower, receiver.url, ['award.won', 'listing.updated']);

    const week = '2026-11-09';
    const listing = await ownedListing(t.db, owner, { status: 'live', launch_week: week, launched_at: '2026-11-09T10:00:00Z' } as never);
    await setFollowing(t.db, listing.slug, { email: follower.email, emailVerified: true }, true, new Date());
    await insertVotes(t.db, listing.id, 3, new Date('2026-11-10T12:00:00Z'));
    await decideWeek(t.db, t.app.services.jobs, week, 'UTC', new Date('2026-11-16T00:05:00Z'));

    const draftListing = await ownedListing(t.db, owner);
    const checkout = await call(owner, 'POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: draftListing.id }] });
    expect(checkout.status).toBe(201);
    await payOrder(t.db, owner.id, checkout.body.number, new Date());

    const ownerLog = await until(
      () => deliveries(owner, ownerHook.id),
      (items) => items.filter((item) => item.status === 'delivered').length === 3,
    );
    expect(ownerLog.map((item: any) => item.event.type).sort()).toEqual(['award.won', 'listing.published', 'order.paid']);
    expect(ownerLog.find((item: any) => item.event.type === 'award.won').event.data).toMatchObject({
      week,
      rank: 1,
      votes: 3,
      listing_id: listing.id,
    });
    expect(ownerLog.find((item: any) => item.event.type === 'order.paid').event.data).toMatchObject({ order_number: checkout.body.number });
    expect(ownerLog.find((item: any) => item.event.type === 'listing.published').event.data).toMatchObject({ listing_id: draftListing.id });

    const followerLog = await until(
      () => deliveries(follower, followerHook.id),
      (items) => items.length === 1 && items[0].status === 'delivered',
    );
    expect(followerLog[0].event).toMatchObject({ type: 'award.won', data: { listing_id: listing.id } });
  });

  it('tells the claimant, and only the claimant, that a claim was verified', async () => {
    const claimant = await person(t.db);
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner, { status: 'live' });
    const claimantHook = await subscribe(claimant, receiver.url, ['claim.verified']);
    const ownerHook = await subscribe(owner, receiver.url, ['claim.verified']);
    const claim = await t.db.one<{ id: number }>(
      `INSERT INTO claims (listing_id, account_id, method, domain, token, expires_at)
       VALUES ($1, $2, 'dns', 'claimed.example', 'tok', now() + interval '14 days') RETURNING id`,
      [listing.id, claimant.id],
    );
    await recordCheck(t.db, claim!.id, { found: true, finding: 'The TXT record is there.' }, new Date());
    const [delivered] = await until(
      () => deliveries(claimant, claimantHook.id),
      (items) => items[0]?.status === 'delivered',
    );
    expect(delivered.event).toMatchObject({ type: 'claim.verified', data: { claim_id: claim!.id, listing_id: listing.id, method: 'dns' } });
    expect(await deliveries(owner, ownerHook.id)).toEqual([]);
  });

  it('tells the submitter that a draft is ready, or that it failed and why', async () => {
    const founder = await person(t.db);
    const hook = await subscribe(founder, receiver.url, ['draft.ready', 'draft.failed']);
    const site = await startSite(
      '<html><head><title>Acme Rockets</title></head><body><h1>Acme Rockets</h1><p>Acme Rockets sends rockets to the moon every week.</p></body></html>',
    );
    const closed = await startSite();
    closed.robots = 'User-agent: *\nDisallow: /\n';
    try {
      const ready = await call(founder, 'POST', '/drafts', { url: site.url });
      expect(ready.status).toBe(201);
      const failed = await call(founder, 'POST', '/drafts', { url: closed.url });
      expect(failed.status).toBe(201);
      const log = await until(
        () => deliveries(founder, hook.id),
        (items) => items.length === 2 && items.every((item) => item.status === 'delivered'),
        30_000,
      );
      const byDraft = Object.fromEntries(log.map((item: any) => [item.event.data.draft_id, item.event]));
      expect(byDraft[ready.body.id]).toMatchObject({ type: 'draft.ready', data: { status: 'ready', failure_reason: null } });
      expect(byDraft[failed.body.id]).toMatchObject({
        type: 'draft.failed',
        data: { status: 'failed', failure_reason: expect.stringContaining('robots.txt') },
      });
    } finally {
      await site.close();
      await closed.close();
    }
  });

  it('retries a failing receiver on schedule, then disables the webhook and mails the owner; a redelivery enables it again', async () => {
    const owner = await person(t.db);
    const failing = await startWebhookReceiver(500);
    try {
      const listing = await ownedListing(t.db, owner, { status: 'live' });
      const hook = await subscribe(owner, failing.url, ['listing.update_posted']);
      expect((await call(owner, 'POST', `/me/listings/${listing.id}/updates`, { title: 'One', body: 'x' })).status).toBe(201);

      const attempts = await failing.waitFor(5);
      const ids = new Set(attempts.map((delivery) => delivery.headers['webhook-id']));
      expect(ids.size).toBe(1); // the same message id on every attempt
      const gaps = attempts.slice(1).map((delivery, i) => delivery.at - attempts[i]!.at);
      expect(gaps[0]).toBeGreaterThanOrEqual(50);
      expect(gaps[2]).toBeGreaterThanOrEqual(200); // doubling

      const [failed] = await until(
        () => deliveries(owner, hook.id),
        (items) => items[0]?.status === 'failed',
      );
      expect(failed.attempts.map((attempt: any) => [attempt.number, attempt.trigger, attempt.response_status])).toEqual([
        [1, 'event', 500],
        [2, 'retry', 500],
        [3, 'retry', 500],
        [4, 'retry', 500],
        [5, 'retry', 500],
      ]);
      expect(failed.attempts[0].response_excerpt).toBe('failing with 500');
      const [disabled] = (await call(owner, 'GET', '/webhooks')).body.items;
      expect(disabled).toMatchObject({ id: hook.id, status: 'disabled', disabled_reason: expect.stringContaining('failed') });
      const mail = await until(
        () => readOutbox(t.db, { to: owner.email }),
        (mails) => mails.some((one) => one.subject === 'Your webhook was disabled'),
      );
      expect(mail.find((one) => one.subject === 'Your webhook was disabled')!.text).toContain(failing.url);

      // Disabled: a new event is not delivered.
      expect((await call(owner, 'POST', `/me/listings/${listing.id}/updates`, { title: 'Two', body: 'y' })).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(failing.received).toHaveLength(5);

      failing.status = 200;
      const redelivery = await call(owner, 'POST', `/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`);
      expect(redelivery.status).toBe(202);
      expect(redelivery.body).toMatchObject({ id: failed.id, status: 'failed' });
      const [again] = await until(
        () => deliveries(owner, hook.id),
        (items) => items[0]?.status === 'delivered',
      );
      expect(again.attempts.at(-1)).toMatchObject({ number: 6, trigger: 'redelivery', response_status: 200 });
      expect(failing.received[5]!.headers['webhook-id']).toBe(again.event.id);
      expect((await call(owner, 'GET', '/webhooks')).body.items[0]).toMatchObject({ status: 'enabled', disabled_reason: null });
    } finally {
      await failing.close();
    }
  });

  it('refuses at connect time a host that resolves to a private address, and records why', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner, { status: 'live' });
    const hook = await subscribe(owner, 'https://hooks.example.com/in', ['listing.update_posted']);
    expect((await call(owner, 'POST', `/me/listings/${listing.id}/updates`, { title: 'Hi', body: 'x' })).status).toBe(201);
    const [delivery] = await until(
      () => deliveries(owner, hook.id),
      (items) => items.length === 1,
    );
    const before = receiver.received.length;
    const deps = {
      db: t.db,
      mailer: t.app.services.mailer,
      now: () => new Date(),
      log: testLogger(),
      publicUrl: t.app.services.config.publicUrl,
      siteName: () => 'Launch Directory',
      allowHosts: [],
      lookup: async () => ['127.0.0.1'],
      retryDelayMs: () => undefined,
    };
    await attemptDelivery(deps, delivery.id, 'redelivery', 1);
    const [logged] = await until(
      () => deliveries(owner, hook.id),
      (items) => items[0].attempts.some((attempt: any) => attempt.trigger === 'redelivery'),
    );
    const refused = logged.attempts.find((attempt: any) => attempt.trigger === 'redelivery');
    expect(refused).toMatchObject({ response_status: null, error: expect.stringContaining('hooks.example.com') });
    expect(refused.error).toContain('not a public address');
    expect(refused.error).not.toContain('127.0.0.1'); // the address the host resolved to is never shown
    expect(receiver.received.length).toBe(before);
  });

  it('keeps events and their deliveries 30 days (the daily refresh deletes older ones)', async () => {
    const owner = await person(t.db);
    const hook = await subscribe(owner, 'https://hooks.example.com/old', ['order.paid']);
    const now = new Date();
    for (const [id, days] of [
      ['msg_old_one', 31],
      ['msg_recent_one', 29],
    ] as const) {
      const at = new Date(now.getTime() - days * 86_400_000).toISOString();
      await t.db.query(
        `INSERT INTO webhook_events (id, type, account_id, data, occurred_at, dispatched_at) VALUES ($1, 'order.paid', $2, '{}', $3, $3)`,
        [id, owner.id, at],
      );
      await t.db.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, created_at) VALUES ($1, $2, $3, 'delivered', $4)`,
        [
          `whd_${id
            .padEnd(24, '0')
            .slice(0, 24)
            .replace(/[^a-f0-9]/g, 'a')}`,
          hook.id,
          id,
          at,
        ],
      );
    }
    expect(await deleteOldWebhookEvents(t.db, now)).toBeGreaterThanOrEqual(1);
    expect((await deliveries(owner, hook.id)).map((item) => item.event.id)).toEqual(['msg_recent_one']);
  });

  describe('bad requests', () => {
    let owner: Person;
    let other: Person;
    let hookId: string;
    let deliveryId: string;
    beforeAll(async () => {
      owner = await person(t.db);
      other = await person(t.db);
      const listing = await ownedListing(t.db, owner, { status: 'live' });
      hookId = (await subscribe(owner, receiver.url, ['listing.update_posted'])).id;
      await call(owner, 'POST', `/me/listings/${listing.id}/updates`, { title: 'x', body: 'y' });
      deliveryId = (
        await until(
          () => deliveries(owner, hookId),
          (items) => items.length === 1,
        )
      )[0].id;
    });

    it.each([
      [{ url: 'http://hooks.example.com/x', events: ['order.paid'] }, '/url', /https/],
      [{ url: 'https://10.0.0.8/x', events: ['order.paid'] }, '/url', /private or reserved/],
      [{ url: 'https://intranet/x', events: ['order.paid'] }, '/url', /public host/],
      [{ url: 'https://hooks.example.com/x', events: [] }, '/events', /./],
      [{ url: 'https://hooks.example.com/x', events: ['order.shipped'] }, '/events/0', /./],
    ])('answers 400 for %j naming the path', async (body, path, message) => {
      const refused = await call(owner, 'POST', '/webhooks', body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path, message: expect.stringMatching(message) })]);
    });

    it('answers 401 without a credential and 403 without the scope, on every operation', async () => {
      const reader = await createApiKey(t.db, { accountId: owner.id, name: 'reader', scopes: ['account:read'], now: new Date() });
      const readerOnly = { ...owner, key: reader.key };
      const writes: [string, string, unknown?][] = [
        ['POST', '/webhooks', { url: 'https://hooks.example.com/x', events: ['order.paid'] }],
        ['DELETE', `/webhooks/${hookId}`],
        ['POST', `/webhooks/${hookId}/deliveries/${deliveryId}/redeliver`],
      ];
      for (const [method, path, body] of [...writes, ['GET', '/webhooks'], ['GET', `/webhooks/${hookId}/deliveries`]] as typeof writes) {
        expect((await call(null, method, path, body)).status, `${method} ${path}`).toBe(401);
      }
      for (const [method, path, body] of writes) {
        const refused = await call(readerOnly, method, path, body);
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(refused.body.code).toBe('insufficient_scope');
      }
    });

    it("answers 404 for another account's webhook and delivery, as for unknown ones", async () => {
      for (const [who, method, path] of [
        [other, 'DELETE', `/webhooks/${hookId}`],
        [other, 'GET', `/webhooks/${hookId}/deliveries`],
        [other, 'POST', `/webhooks/${hookId}/deliveries/${deliveryId}/redeliver`],
        [owner, 'GET', '/webhooks/wh_unknown/deliveries'],
        [owner, 'POST', `/webhooks/${hookId}/deliveries/whd_${'0'.repeat(24)}/redeliver`],
      ] as const) {
        const refused = await call(who, method, path);
        expect(refused.status, `${method} ${path}`).toBe(404);
        expect(refused.body.code).toBe('not_found');
      }
      expect((await call(owner, 'GET', `/webhooks/${hookId}/deliveries`)).body.items).toHaveLength(1); // untouched
    });

    it(`answers 409 for a webhook beyond the ${MAX_WEBHOOKS_PER_ACCOUNT} an account keeps, and keeps the others`, async () => {
      const many = await person(t.db);
      for (let i = 0; i < MAX_WEBHOOKS_PER_ACCOUNT; i++) await subscribe(many, `https://hooks.example.com/${i}`, ['order.paid']);
      const refused = await call(many, 'POST', '/webhooks', { url: 'https://hooks.example.com/11', events: ['order.paid'] });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toContain('delete_webhook');
      expect((await call(many, 'GET', '/webhooks?per_page=50')).body.total).toBe(MAX_WEBHOOKS_PER_ACCOUNT);
    });

    it('shows the secret only when created, and deletes a webhook with its deliveries', async () => {
      const listed = (await call(owner, 'GET', '/webhooks')).body.items;
      expect(listed.every((hook: Record<string, unknown>) => !('secret' in hook))).toBe(true);
      const doomed = await subscribe(owner, receiver.url, ['order.paid']);
      const deleted = await call(owner, 'DELETE', `/webhooks/${doomed.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.deleted).toMatchObject({ id: doomed.id, url: receiver.url });
      expect((await call(owner, 'DELETE', `/webhooks/${doomed.id}`)).status).toBe(404);
    });
  });
});
