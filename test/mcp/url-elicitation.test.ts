import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { ownedListing, person, type Person } from '../listings/support.js';

/**
 * create_checkout hands the payment page to the person through the client (URL-mode elicitation) when the
 * client can show one, and otherwise answers the link as it always did; the order is made once either way.
 */
let t: TestApp;
let owner: Person;
beforeAll(async () => {
  t = await startTestApp();
  owner = await person(t.db);
  await t.db.query(`INSERT INTO products (id, name, description, price_cents, needs_listing, position)
    VALUES ('launch', 'Launch', 'A paid launch', 4900, true, 1) ON CONFLICT (id) DO NOTHING`);
});
afterAll(() => t?.close());

const MODERN: ClientOptions['versionNegotiation'] = { mode: { pin: '2026-07-28' } };
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function connect(options: ClientOptions, shown: { mode?: string; url?: string; message?: string }[]): Promise<Client> {
  const client = new Client({ name: 'elicitation-test', version: '1.0.0' }, options);
  if (options.capabilities?.elicitation) {
    client.setRequestHandler('elicitation/create', async (request) => {
      shown.push(request.params as never);
      return { action: 'accept' };
    });
  }
  clients.push(client);
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${owner.key}` } } }),
  );
  return client;
}

const orders = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE account_id = $1', [owner.id]))!.n;

async function checkout(client: Client) {
  const listing = await ownedListing(t.db, owner);
  const result = await client.callTool({ name: 'create_checkout', arguments: { items: [{ product: 'launch', listing_id: listing.id }] } });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as { number: string; checkout_url: string };
}

describe('URL-mode elicitation of the checkout page', () => {
  it('shows the page to the person through a 2026-07-28 client that declares it, and answers the order made once', async () => {
    const shown: { mode?: string; url?: string; message?: string }[] = [];
    const client = await connect({ versionNegotiation: MODERN, capabilities: { elicitation: { url: {} } } }, shown);
    const before = await orders();
    const order = await checkout(client);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ mode: 'url', url: order.checkout_url, message: expect.stringContaining(order.number) });
    expect(order.checkout_url).toBe(`${t.url}/checkout/${order.number}`);
    expect(await orders()).toBe(before + 1); // the second round did not run the operation again
  });

  it('answers the plain link to a client without it, and to a 2025-era client whatever it declares', async () => {
    for (const options of [
      { versionNegotiation: MODERN },
      { capabilities: { elicitation: { url: {} } } }, // 2025-11-25: served statelessly, capabilities unknown
    ] satisfies ClientOptions[]) {
      const shown: unknown[] = [];
      const order = await checkout(await connect(options, shown as never));
      expect(order.checkout_url).toContain(order.number);
      expect(shown).toEqual([]);
    }
  });

  it('refuses a second round whose state was forged or belongs to another account', async () => {
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': { elicitation: { url: {} } },
    };
    const call = async (who: Person, params: Record<string, unknown>) => {
      const response = await fetch(`${t.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${who.key}`,
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'create_checkout',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'create_checkout', ...params, _meta: envelope },
        }),
      });
      const text = await response.text();
      return JSON.parse(
        response.headers.get('content-type')?.startsWith('text/event-stream')
          ? text
              .split('\n')
              .find((l) => l.startsWith('data: '))!
              .slice(6)
          : text,
      );
    };
    const listing = await ownedListing(t.db, owner);
    const first = await call(owner, { arguments: { items: [{ product: 'launch', listing_id: listing.id }] } });
    expect(first.result).toMatchObject({ resultType: 'input_required', inputRequests: { open_link: { method: 'elicitation/create' } } });
    const state: string = first.result.requestState;
    const inputResponses = { open_link: { action: 'accept' } };
    const again = await call(owner, { arguments: {}, inputResponses, requestState: state });
    expect(again.result.structuredContent.number).toMatch(/^LD-/);

    const stranger = await person(t.db);
    const [payload, signature] = state.split('.');
    const tampered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), account: stranger.id }),
    ).toString('base64url');
    for (const [who, forged] of [
      [stranger, state],
      [stranger, `${tampered}.${signature}`],
      [owner, 'not.a-state'],
    ] as const) {
      const refused = await call(who, { arguments: {}, inputResponses, requestState: forged });
      // Refused as a tool error (the SDK answers a tool's protocol error so), and no order is answered.
      expect(refused.result, JSON.stringify(refused)).toMatchObject({
        isError: true,
        content: [{ text: expect.stringContaining('Invalid or expired requestState') }],
      });
      expect(refused.result.structuredContent).toBeUndefined();
    }
  });
});
