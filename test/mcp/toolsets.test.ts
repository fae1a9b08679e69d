import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { TOOLSET_NAMES } from '../../src/registry/toolsets.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { person, type Person } from '../listings/support.js';

/** What an assistant carries in its context: the tools/list of each address, as the SDK client reads it. */
const ERAS: { name: string; options: ClientOptions }[] = [
  { name: '2026-07-28', options: { versionNegotiation: { mode: { pin: '2026-07-28' } } } },
  { name: '2025-11-25', options: {} },
];

/**
 * The goals of issue 20: every tool under 60 KB, the public directory under 20 KB. The webhooks toolset came
 * later (issue 19) with a budget of its own: the other tools stay under 60 KB, and all of them under 67 KB.
 */
const ALL_TOOLS_BUDGET = 67_000;
const ALL_BUT_WEBHOOKS_BUDGET = 60_000;
const WEBHOOKS_BUDGET = 7_000;
const DIRECTORY_BUDGET = 20_000;

let t: TestApp;
let owner: Person;
beforeAll(async () => {
  t = await startTestApp();
  owner = await person(t.db);
});
afterAll(() => t?.close());

describe.each(ERAS)('toolsets in the MCP address ($name)', ({ options }) => {
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  async function connect(query: string, headers: Record<string, string> = {}): Promise<Client> {
    const client = new Client({ name: 'toolsets-test', version: '1.0.0' }, options);
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp${query}`), { requestInit: { headers } }));
    return client;
  }
  const listed = async (query: string) => (await (await connect(query)).listTools()).tools;

  it('lists every tool without a query, within the budget, and each toolset on its own', async () => {
    const all = await listed('');
    expect(all).toHaveLength(t.registry.tools.length);
    expect(JSON.stringify(all).length).toBeLessThan(ALL_TOOLS_BUDGET);
    const seen = new Set<string>();
    for (const toolset of TOOLSET_NAMES) {
      const names = (await listed(`?toolsets=${toolset}`)).map((tool) => tool.name).sort();
      expect(names).toEqual(
        t.registry.tools
          .filter((tool) => tool.toolset === toolset)
          .map((tool) => tool.name)
          .sort(),
      );
      for (const name of names) seen.add(name);
    }
    expect(seen.size).toBe(all.length); // every tool is in one toolset
    const directory = await listed('?toolsets=directory');
    expect(directory.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['search_listings', 'get_listing', 'get_leaderboard', 'list_awards']),
    );
    expect(JSON.stringify(directory).length).toBeLessThan(DIRECTORY_BUDGET);
    const webhooks = await listed('?toolsets=webhooks');
    expect(JSON.stringify(webhooks).length).toBeLessThan(WEBHOOKS_BUDGET);
    const others = TOOLSET_NAMES.filter((toolset) => toolset !== 'webhooks').join(',');
    expect(JSON.stringify(await listed(`?toolsets=${others}`)).length).toBeLessThan(ALL_BUT_WEBHOOKS_BUDGET);
  });

  it('combines toolsets, and read_only=true keeps only the tools that change nothing', async () => {
    const combined = (await listed('?toolsets=orders,claims')).map((tool) => tool.name).sort();
    expect(combined).toEqual(
      t.registry.tools
        .filter((tool) => tool.toolset === 'orders' || tool.toolset === 'claims')
        .map((tool) => tool.name)
        .sort(),
    );
    const readOnly = await listed('?read_only=true');
    expect(readOnly.length).toBe(t.registry.tools.filter((tool) => tool.annotations.readOnlyHint).length);
    expect(readOnly.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    expect(readOnly.map((tool) => tool.name)).not.toContain('submit_listing');
    const readOnlyListings = (await listed('?toolsets=listings&read_only=true')).map((tool) => tool.name).sort();
    expect(readOnlyListings).toEqual(['get_my_listing', 'list_interview_questions', 'list_my_listings']);
  });

  it('calls the selected tools with the same credentials, and treats the others as unknown', async () => {
    const client = await connect('?toolsets=directory', { authorization: `Bearer ${owner.key}` });
    const found = await client.callTool({ name: 'get_site_info', arguments: {} });
    expect(found.isError).toBeFalsy();
    const outside = await client.callTool({ name: 'get_account', arguments: {} }).catch((error: Error) => error);
    const message = outside instanceof Error ? outside.message : JSON.stringify(outside.content);
    expect(message).toMatch(/get_account/);
    expect(message).toMatch(/not found|unknown/i);
    const account = await connect('?toolsets=account', { authorization: `Bearer ${owner.key}` });
    const me = await account.callTool({ name: 'get_account', arguments: {} });
    expect(me.structuredContent).toMatchObject({ account: { email: owner.email } });
  });
});

describe('the toolset address over HTTP', () => {
  const post = (query: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/mcp${query}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const call = (name: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });

  it('refuses an unknown toolset or read_only value with a problem naming the parameter', async () => {
    for (const [query, path, message] of [
      [
        '?toolsets=directory,nope',
        '/toolsets',
        'Unknown toolset "nope"; the toolsets are directory, submission, listings, claims, orders, account',
      ],
      ['?toolsets=', '/toolsets', 'No toolset named'],
      ['?read_only=maybe', '/read_only', 'Must be true or false'],
    ]) {
      const response = await post(query!, call('get_site_info'));
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = await response.json();
      expect(problem.errors).toEqual([{ path, message: expect.stringContaining(message!) }]);
    }
  });

  it('challenges a signed-in call without a credential the same way on every variant (same metadata, same scope)', async () => {
    const challenges: (string | null)[] = [];
    for (const query of ['', '?toolsets=account', '?toolsets=account&read_only=true']) {
      const response = await post(query, call('get_account'));
      expect(response.status, query).toBe(401);
      challenges.push(response.headers.get('www-authenticate'));
    }
    expect(new Set(challenges).size).toBe(1);
    expect(challenges[0]).toContain(`resource_metadata="${t.url}/.well-known/oauth-protected-resource/mcp"`);
  });
});
