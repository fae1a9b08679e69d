import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { createAccount, issueAccountToken } from '../../src/accounts/accounts.js';
import { deleteExpiredState } from '../../src/accounts/expired-state.js';
import { exactCounter } from '../../src/rate-limit/counter.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const count = async (table: string) => (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;

describe('deleteExpiredState', () => {
  it('removes expired sessions, links, OAuth records, idempotency records and old rate windows, and keeps live ones', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const account = await createAccount(t.db, { email: 'expiry@example.com', password: 'a long password here', verified: true, now });
    await t.db.query(
      `INSERT INTO web_sessions (id_hash, account_id, expires_at) VALUES ('old', $1, '2026-11-01'), ('live', $1, '2026-12-30')`,
      [account!.id],
    );
    await issueAccountToken(t.db, account!.id, 'reset_password', new Date('2026-11-01T00:00:00Z'));
    await issueAccountToken(t.db, account!.id, 'verify_email', now);
    await t.db.query(
      `INSERT INTO oauth_records (model, id, payload, expires_at) VALUES ('AccessToken', 'old', '{}', '2026-11-01'), ('AccessToken', 'live', '{}', '2026-12-30')`,
    );
    await exactCounter(t.db).hit('old-window', { name: 'test', limit: 5, windowSeconds: 60 }, new Date('2026-11-20T00:00:00Z'));
    await exactCounter(t.db).hit('live-window', { name: 'test', limit: 5, windowSeconds: 60 }, now);
    await t.db.query(
      `INSERT INTO idempotency_keys (account_id, operation, key, fingerprint, status, answer, created_at, expires_at)
       VALUES ($1, 'submit_listing', 'old', 'f', 201, '{}', '2026-11-20', '2026-11-21'), ($1, 'submit_listing', 'live', 'f', 201, '{}', $2, '2026-11-23')`,
      [account!.id, now.toISOString()],
    );

    expect(await deleteExpiredState(t.db, now)).toBe(5);
    expect(await count('idempotency_keys')).toBe(1);
    expect(await count('web_sessions')).toBe(1);
    expect(await count('account_tokens')).toBe(1);
    expect(await count('oauth_records')).toBe(1);
    expect(await count('rate_limit_windows')).toBe(1);
  });
});

describe('exactCounter', () => {
  it('counts within a window, refuses past the limit, and starts again in the next window', async () => {
    const start = new Date('2026-11-22T10:00:00Z');
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await exactCounter(t.db).hit('k', { name: 'test', limit: 3, windowSeconds: 60 }, at(i)));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits.map((h) => h.remaining)).toEqual([2, 1, 0, 0]);
    expect(hits[3].resetSeconds).toBe(57);
    const next = await exactCounter(t.db).hit('k', { name: 'test', limit: 3, windowSeconds: 60 }, at(60));
    expect(next).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });
});
