import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  InsufficientScopeError,
  ProtocolError,
  StreamableHTTPClientTransport,
  type ClientOptions,
} from '@modelcontextprotocol/client';
import { mcpToolDefinition } from '../../src/mcp/tool-definition.js';
import { publicFirst } from '../../src/mcp/tool-selection.js';
import { startMcpTestServer, type McpTestServer } from './fixtures.js';

/** The SDK's own client, once per protocol era the endpoint serves. */
const ERAS: { name: string; version: string; options: ClientOptions }[] = [
  { name: '2026-07-28 (stateless, pinned)', version: '2026-07-28', options: { versionNegotiation: { mode: { pin: '2026-07-28' } } } },
  { name: '2026-07-28 (auto negotiation)', version: '2026-07-28', options: { versionNegotiation: { mode: 'auto' } } },
  { name: '2025-11-25 (initialize)', version: '2025-11-25', options: {} },
  { name: '2025-06-18 (initialize)', version: '2025-06-18', options: { supportedProtocolVersions: ['2025-06-18'] } },
  { name: '2025-03-26 (initialize)', version: '2025-03-26', options: { supportedProtocolVersions: ['2025-03-26'] } },
];

let server: McpTestServer;
beforeAll(async () => {
  server = await startMcpTestServer();
});
afterAll(() => server.close());

const problemOf = (result: { content?: unknown }) => {
  const [first] = result.content as { type: string; text: string }[];
  expect(first.type).toBe('text');
  return JSON.parse(first.text) as Record<string, unknown>;
};

describe.each(ERAS)('MCP over the SDK client, $name', ({ version, options }) => {
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  async function connect(headers: Record<string, string> = {}): Promise<Client> {
    const client = new Client({ name: 'test-client', version: '1.0.0' }, options);
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl), { requestInit: { headers } }));
    return client;
  }

  it('negotiates the expected protocol version and introduces the server', async () => {
    const client = await connect();
    expect(client.getNegotiatedProtocolVersion()).toBe(version);
    expect(client.getServerVersion()?.name).toBe('launch-directory');
    expect(client.getInstructions()).toMatch(/public directory of launched software products/);
  });

  it('lists exactly the registry definitions, anonymously, those anyone may call first', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools).toEqual(publicFirst(server.registry.tools).map(mcpToolDefinition));
    expect(tools[0].name).toBe(server.registry.tools.find((tool) => tool.scopes.length === 0)?.name);
  });

  it('returns the handler result as structuredContent and as JSON text', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'repeat_text', arguments: { text: 'ab', times: 2 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ text: 'abab', length: 4 });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify({ text: 'abab', length: 4 }) }]);
  });

  it('answers invalid arguments with the validation_failed problem naming the field', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'repeat_text', arguments: { text: 'ab', times: 4, colour: 'red' } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const problem = problemOf(result);
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed', type: `${server.url}/problems/validation_failed` });
    expect((problem.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['/colour', '/times']);
    expect(problem.request_id).toEqual(expect.any(String));
  });

  it('answers a missing argument object like an empty one', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'repeat_text' });
    expect(result.isError).toBe(true);
    expect(problemOf(result)).toMatchObject({ code: 'validation_failed', errors: [{ path: '/text' }] });
  });

  it('answers a NotFoundError with the 404 problem', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'get_widget', arguments: { slug: 'nope' } });
    expect(result.isError).toBe(true);
    expect(problemOf(result)).toMatchObject({ status: 404, code: 'not_found', detail: 'No widget "nope" exists.' });
  });

  it('strips idempotency_key before the strict input is validated', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'save_note', arguments: { note: 'hi', idempotency_key: 'key-1' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ saved: 'hi' });
  });

  it('answers an unknown tool with the SDK protocol error', async () => {
    const client = await connect();
    const call = client.callTool({ name: 'no_such_tool', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(ProtocolError);
    await expect(call).rejects.toMatchObject({ code: -32602 });
  });

  it('passes the resolved caller into the tool context', async () => {
    const client = await connect({ authorization: 'Bearer reader' });
    const result = await client.callTool({ name: 'who_am_i', arguments: {} });
    expect(result.structuredContent).toMatchObject({ account_id: 'acc_reader', request_id: expect.stringMatching(/^req_\d+$/) });
  });

  it('refuses a signed-in tool to an anonymous client with HTTP 401, not a tool error', async () => {
    const client = await connect();
    await expect(client.callTool({ name: 'who_am_i', arguments: {} })).rejects.toMatchObject({ data: { status: 401 } });
  });

  it('asks for the missing scope with HTTP 403, which the client reads as a scope step-up', async () => {
    const client = await connect({ authorization: 'Bearer writer' });
    const call = client.callTool({ name: 'who_am_i', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(InsufficientScopeError);
    await expect(call).rejects.toThrow(/account:read/);
  });
});
