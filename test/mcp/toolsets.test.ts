import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { TOOLSET_NAMES } from '../../src/registry/toolsets.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { person, type Person } from '../listings/support.js';
import { staffPerson, type StaffPerson } from '../console/support.js';

/** What an assistant carries in its context: the tools/list of each address, as the SDK client reads it. */
const ERAS: { name: string; options: ClientOptions }[] = [
  { name: '2026-07-28', options: { versionNegotiation: { mode: { pin: '2026-07-28' } } } },
  { name: '2025-11-25', options: {} },
];

/**
 * The budgets of what an assistant carries: every tool a caller without a staff role sees under 60 KB (issue 29,
 * after issue 20 set it for its 41 tools), the public directory under 20 KB, the webhooks toolset under 7 KB, and
 * the site team's toolset (listed only to staff) under its own budget.
 */
const NON_STAFF_BUDGET = 60_000;
const WEBHOOKS_BUDGET = 7_000;
const DIRECTORY_BUDGET = 20_000;
const ADMIN_BUDGET = 40_000;

let t: TestApp;
let owner: Person;
let admin: StaffPerson;
let editor: StaffPerson;
beforeAll(async () => {
  t = await startTestApp();
  owner = await person(t.db);
  admin = await staffPerson(t.db, 'admin');
  editor = await staffPerson(t.db, 'editor');
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

  it("lists every tool but the site team's without a query, within the budget, and each toolset on its own", async () => {
    const all = await listed('');
    const publicTools = t.registry.tools.filter((tool) => !tool.staffRole);
    expect(all).toHaveLength(publicTools.length);
    expect(JSON.stringify(all).length).toBeLessThan(NON_STAFF_BUDGET);
    const seen = new Set<string>();
    for (const toolset of TOOLSET_NAMES.filter((name) => name !== 'admin')) {
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
    expect(await listed('?toolsets=admin')).toEqual([]); // nobody but staff sees the site team's tools
  });

  it("lists the site team's tools to an admin within their budget, and to an editor or moderator only their role's", async () => {
    const asAdmin = await (await connect('?toolsets=admin', { authorization: `Bearer ${admin.key}` })).listTools();
    const staffTools = t.registry.tools.filter((tool) => tool.staffRole).map((tool) => tool.name);
    expect(asAdmin.tools.map((tool) => tool.name).sort()).toEqual(staffTools.sort());
    expect(JSON.stringify(asAdmin.tools).length).toBeLessThan(ADMIN_BUDGET);
    const asEditor = await (await connect('', { authorization: `Bearer ${editor.key}` })).listTools();
    const editorTools = t.registry.tools.filter((tool) => tool.staffRole === 'editor').map((tool) => tool.name);
    expect(editorTools.length).toBeGreaterThan(0);
    expect(
      asEditor.tools
        .filter((tool) => staffTools.includes(tool.name))
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(editorTools.sort());
    expect(asEditor.tools).toHaveLength(t.registry.tools.filter((tool) => !tool.staffRole).length + editorTools.length);
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
    expect(readOnly.length).toBe(t.registry.tools.filter((tool) => tool.annotations.readOnlyHint && !tool.staffRole).length);
    expect(readOnly.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    expect(readOnly.map((tool) => tool.name)).not.toContain('submit_listing');
    const readOnlyListings = (await listed('?toolsets=listings&read_only=true')).map((tool) => tool.name).sort();
    expect(readOnlyListings).toEqual(
      t.registry.tools
        .filter((tool) => tool.toolset === 'listings' && tool.annotations.readOnlyHint && !tool.staffRole)
        .map((tool) => tool.name)
        .sort(),
    );
    expect(readOnlyListings).toContain('get_my_listing');
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
        'Unknown toolset "nope"; the toolsets are directory, submission, listings, claims, orders, account, webhooks, admin',
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
