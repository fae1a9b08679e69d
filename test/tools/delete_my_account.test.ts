import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import tool from '../../tools/delete_my_account.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly } from '../support/services.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { caller, person, type Call, type Person } from '../listings/support.js';

/** delete_my_account deletes nothing: it answers the deletion page, handed to the person by a client that can show it. */
let t: TestApp;
let call: Call;
let me: Person;
beforeAll(async () => {
  t = await startTestApp();
  call = caller(t);
  me = await person(t.db);
}, 60_000);
afterAll(() => t?.close());

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
const exists = async (who: Person) => (await t.db.one('SELECT 1 AS ok FROM accounts WHERE id = $1', [who.id])) !== undefined;

describe('delete_my_account', () => {
  it('answers the page over REST and deletes nothing', async () => {
    const { status, body } = await call(me, 'GET', '/me/deletion');
    expect(status).toBe(200);
    expect(body).toEqual({ delete_url: `${t.url}/account/delete`, blocked_by: null });
    expect(await exists(me)).toBe(true);
  });

  it('says what stands in the way: an order waiting for payment', async () => {
    const buyer = await person(t.db);
    await t.db.query(
      `INSERT INTO orders (number, account_id, status, net_cents, vat_cents, gross_cents, vat, expires_at)
       VALUES ('LD-2026-770001', $1::uuid, 'pending', 100, 0, 100, '{}', now() + interval '1 hour')`,
      [buyer.id],
    );
    expect((await call(buyer, 'GET', '/me/deletion')).body.blocked_by).toMatch(/LD-2026-770001/);
  });

  it('hands the page to the person through a 2026-07-28 client that declares URL elicitation', async () => {
    const shown: { mode?: string; url?: string; message?: string }[] = [];
    const client = new Client(
      { name: 'deletion-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: { url: {} } } },
    );
    client.setRequestHandler('elicitation/create', async (request) => {
      shown.push(request.params as never);
      return { action: 'accept' };
    });
    clients.push(client);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${me.key}` } } }),
    );
    const result = await client.callTool({ name: 'delete_my_account', arguments: {} });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(shown).toEqual([
      expect.objectContaining({ mode: 'url', url: `${t.url}/account/delete`, message: expect.stringMatching(/password/) }),
    ]);
    expect(result.structuredContent).toMatchObject({ delete_url: `${t.url}/account/delete` });
    expect(await exists(me)).toBe(true);
  });

  it('needs a credential (401) with account:read (403)', async () => {
    await expectSignedInOnly(tool);
    expect((await call(null, 'GET', '/me/deletion')).status).toBe(401);
  });

  it('keeps its published contract', () => expectContractUnchanged(tool));
});
