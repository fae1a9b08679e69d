import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/get_account.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { testServices } from '../support/services.js';
import { expectContractUnchanged } from '../support/contract.js';
import { invokeTool } from '../../src/registry/invoke.js';
import { ProblemError } from '../../src/errors.js';
import type { Caller } from '../../src/accounts/caller.js';
import { createAccount } from '../../src/accounts/accounts.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const call = async (caller: Caller | null) =>
  (await invokeTool(tool, {}, { services: testServices(t.db), caller, requestId: 'test' })).result;

async function refusal(caller: Caller | null): Promise<ProblemError> {
  try {
    await call(caller);
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('get_account', () => {
  it('describes the account and an API key credential with the scopes it carries and lacks', async () => {
    const account = await createAccount(t.db, {
      email: 'Ada@Example.com ',
      password: 'a long password here',
      verified: true,
      now: new Date('2026-11-01T10:00:00Z'),
    });
    const result = await call({
      accountId: account!.id,
      scopes: ['account:read', 'orders:write'],
      credential: { kind: 'api_key', keyId: 'k1', name: 'CI', prefix: 'ldk_abcdefgh' },
    });
    expect(result).toEqual({
      account: { id: account!.id, email: 'ada@example.com', email_verified: true, created_at: '2026-11-01T10:00:00.000Z', role: null },
      access: {
        via: 'api_key',
        scopes: [
          { scope: 'account:read', allows: 'Read your account, drafts, listings, claims and orders' },
          { scope: 'orders:write', allows: 'Price orders and start checkouts' },
        ],
        missing_scopes: ['listings:write', 'webhooks:write'],
        client_id: null,
        resource: null,
        expires_at: null,
        api_key: { name: 'CI', prefix: 'ldk_abcdefgh' },
      },
    });
  });

  it('names the staff role, and the admin scope as missing only for staff (nobody else can be given it)', async () => {
    const account = await createAccount(t.db, {
      email: 'editor@example.com',
      password: 'a long password here',
      verified: true,
      now: new Date(),
    });
    const credential = { kind: 'api_key' as const, keyId: 'k2', name: 'CI', prefix: 'ldk_abcdefgh' };
    const before = await call({ accountId: account!.id, scopes: ['account:read'], credential });
    expect(before).toMatchObject({
      account: { role: null },
      access: { missing_scopes: ['listings:write', 'orders:write', 'webhooks:write'] },
    });
    await t.db.query(`UPDATE accounts SET role = 'editor' WHERE id = $1`, [account!.id]);
    const after = await call({ accountId: account!.id, scopes: ['account:read'], credential });
    expect(after).toMatchObject({
      account: { role: 'editor' },
      access: { missing_scopes: ['listings:write', 'orders:write', 'webhooks:write', 'admin'] },
    });
  });

  it('describes a token credential with its client, resource and expiry', async () => {
    const account = await createAccount(t.db, {
      email: 'token@example.com',
      password: 'a long password here',
      verified: false,
      now: new Date(),
    });
    const result = (await call({
      accountId: account!.id,
      scopes: ['account:read'],
      credential: { kind: 'token', clientId: 'client-1', resource: 'http://directory.test/mcp', expiresAt: '2026-11-22T12:00:00.000Z' },
    })) as { account: { email_verified: boolean }; access: Record<string, unknown> };
    expect(result.account.email_verified).toBe(false);
    expect(result.access).toMatchObject({
      via: 'token',
      client_id: 'client-1',
      resource: 'http://directory.test/mcp',
      expires_at: '2026-11-22T12:00:00.000Z',
      api_key: null,
      missing_scopes: ['listings:write', 'orders:write', 'webhooks:write'],
    });
  });

  it('answers 401 without a caller and 403 without account:read', async () => {
    expect((await refusal(null)).status).toBe(401);
    const narrow = await refusal({
      accountId: 'x',
      scopes: ['listings:write'],
      credential: { kind: 'api_key', keyId: 'k', name: 'n', prefix: 'ldk_x' },
    });
    expect(narrow.status).toBe(403);
    expect(narrow.code).toBe('insufficient_scope');
  });

  it('answers 401 when the account behind the credential is gone', async () => {
    const gone = await refusal({
      accountId: '00000000-0000-4000-8000-000000000000',
      scopes: ['account:read'],
      credential: { kind: 'api_key', keyId: 'k', name: 'n', prefix: 'ldk_x' },
    });
    expect(gone.status).toBe(401);
  });

  it('keeps its published contract', async () => {
    await expectContractUnchanged(tool);
  });
});
