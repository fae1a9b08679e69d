import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/export_my_data.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly } from '../support/services.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { caller, ownedListing, person, type Call, type Person } from '../listings/support.js';
import { createApiKey } from '../../src/accounts/api-keys.js';

let t: TestApp;
let call: Call;
let me: Person;
beforeAll(async () => {
  t = await startTestApp();
  call = caller(t);
  me = await person(t.db);
}, 60_000);
afterAll(() => t?.close());

describe('export_my_data', () => {
  it("answers the caller's document over REST, its listings in it and no key hash", async () => {
    const listing = await ownedListing(t.db, me, { status: 'live' });
    const { status, body } = await call(me, 'GET', '/me/export');
    expect(status).toBe(200);
    expect(body.account).toMatchObject({ id: me.id, email: me.email });
    expect(body.listings.map((l: { listing_slug: string }) => l.listing_slug)).toEqual([listing.slug]);
    expect(body.api_keys).toHaveLength(1);
    const [{ key_hash }] = await t.db.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE account_id = $1', [me.id]);
    expect(JSON.stringify(body)).not.toContain(key_hash);
    expect(JSON.stringify(body)).not.toContain(me.key);
  });

  it('needs a credential (401) with account:read (403)', async () => {
    await expectSignedInOnly(tool);
    expect((await call(null, 'GET', '/me/export')).status).toBe(401);
    const { key } = await createApiKey(t.db, { accountId: me.id, name: 'writer', scopes: ['listings:write'], now: new Date() });
    expect((await call({ ...me, key }, 'GET', '/me/export')).status).toBe(403);
  });

  it('keeps its published contract', () => expectContractUnchanged(tool));
});
