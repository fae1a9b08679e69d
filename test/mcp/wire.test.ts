import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpTestServer, type McpTestServer } from './fixtures.js';
import { publicFirst } from '../../src/mcp/tool-selection.js';

let server: McpTestServer;
beforeAll(async () => {
  server = await startMcpTestServer();
});
afterAll(() => server.close());

const MODERN = '2026-07-28';
const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'raw-fetch', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A 2026-07-28 request: `_meta` envelope plus the headers that must match the body. */
function modern(id: number, method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  return post(
    { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope } },
    { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...name, ...headers },
  );
}

function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(server.mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The JSON-RPC message of a JSON or single-event SSE answer. */
async function message(response: Response): Promise<Record<string, any>> {
  const text = await response.text();
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return JSON.parse(text);
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  return JSON.parse(data!.slice('data: '.length));
}

/** node:http, because fetch does not let a caller choose the Host header. */
function rawRequest(headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  const url = new URL(server.mcpUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk) => (text += chunk))
        .on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('protocol 2026-07-28 on the wire', () => {
  it('server/discover lists 2026-07-28 with the server identity', async () => {
    const response = await modern(1, 'server/discover');
    expect(response.status).toBe(200);
    const { result } = await message(response);
    expect(result.supportedVersions).toEqual([MODERN]);
    expect(result.capabilities.tools).toBeDefined();
    expect(result.instructions).toMatch(/sign-in/);
    expect(result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'launch-directory' });
  });

  it('tools/list carries cache hints', async () => {
    const { result } = await message(await modern(2, 'tools/list'));
    expect(result.tools.map((t: { name: string }) => t.name)).toEqual(publicFirst(server.registry.tools).map((t) => t.name));
    expect(result).toMatchObject({ ttlMs: expect.any(Number), cacheScope: 'public' });
  });

  it('rejects a request whose Mcp-Method header does not match the body', async () => {
    const response = await modern(3, 'tools/list', {}, { 'mcp-method': 'server/discover' });
    expect(response.status).toBe(400);
    expect((await message(response)).error).toBeDefined();
  });
});

describe('initialize-based protocol versions on the wire', () => {
  const initialize = (protocolVersion: string) =>
    post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });

  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])('initialize with %s answers %s', async (version) => {
    const response = await initialize(version);
    expect(response.status).toBe(200);
    const { result } = await message(response);
    expect(result.protocolVersion).toBe(version);
    expect(result.serverInfo.name).toBe('launch-directory');
    expect(result.instructions).toMatch(/public directory/);
  });

  it('counter-offers 2025-11-25 to a version it does not serve', async () => {
    const { result } = await message(await initialize('2024-11-05'));
    expect(result.protocolVersion).toBe('2025-11-25');
  });

  it('answers tools/call statelessly, without a session', async () => {
    const response = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'repeat_text', arguments: { text: 'x', times: 3 } } },
      { 'mcp-protocol-version': '2025-03-26' },
    );
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect((await message(response)).result.structuredContent).toEqual({ text: 'xxx', length: 3 });
  });

  // A request of nothing but calls gets a server with just the called tools; anything else gets all of them.
  it('answers a batch of calls to different tools, and an unknown tool next to a known one', async () => {
    const call = (id: number, name: string, args: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    const answers = async (body: unknown) => {
      const response = await post(body, { 'mcp-protocol-version': '2025-03-26' });
      const text = await response.text();
      const data = text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)));
      const messages = data.length > 0 ? data.flat() : [JSON.parse(text)].flat();
      return new Map<number, Record<string, any>>(messages.map((m: Record<string, any>) => [m.id, m]));
    };
    const both = await answers([call(1, 'repeat_text', { text: 'ab', times: 2 }), call(2, 'get_widget', { slug: 'w-17' })]);
    expect(both.get(1)!.result.structuredContent).toEqual({ text: 'abab', length: 4 });
    expect(both.get(2)!.result.isError).toBe(true); // the tool's own answer: no such widget
    expect(JSON.stringify(both.get(2)!.result)).toContain('w-17');
    const mixed = await answers([call(3, 'no_such_tool', {}), call(4, 'repeat_text', { text: 'c', times: 1 })]);
    expect(mixed.get(3)!.error ?? mixed.get(3)!.result?.isError).toBeTruthy();
    expect(mixed.get(4)!.result.structuredContent).toEqual({ text: 'c', length: 1 });
  });
});

describe('signed-in tools', () => {
  // The challenge names the founder's journey's scopes together (one consent), the refused tool's among them.
  const challenge = () =>
    `Bearer scope="account:read listings:write orders:write", resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`;

  it('answers HTTP 401 with the resource metadata challenge to an anonymous 2026-07-28 call', async () => {
    const response = await modern(1, 'tools/call', { name: 'who_am_i', arguments: {} });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(challenge());
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 401, code: 'unauthorized', request_id: expect.any(String) });
  });

  it('answers HTTP 401 to an anonymous 2025 call, also inside a batch', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'who_am_i', arguments: {} } };
    for (const body of [call, [{ ...call, id: 2, params: { name: 'repeat_text', arguments: { text: 'a' } } }, call]]) {
      const response = await post(body, { 'mcp-protocol-version': '2025-06-18' });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(challenge());
    }
  });

  it('answers HTTP 403 insufficient_scope to a caller without the scope', async () => {
    const response = await modern(1, 'tools/call', { name: 'who_am_i', arguments: {} }, { authorization: 'Bearer writer' });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="account:read", resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(await response.json()).toMatchObject({ status: 403, code: 'insufficient_scope' });
  });

  it('lets anonymous callers list every tool and call public ones', async () => {
    expect((await modern(1, 'tools/list')).status).toBe(200);
    expect((await modern(2, 'tools/call', { name: 'repeat_text', arguments: { text: 'a' } })).status).toBe(200);
  });
});

describe('request ids', () => {
  it('quotes the id an earlier middleware put into ctx.state.requestId', async () => {
    const app = await startMcpTestServer({ appRequestId: 'from-the-app' });
    try {
      const response = await fetch(app.mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_widget', arguments: { slug: 'x' } } }),
      });
      const { result } = await message(response);
      expect(JSON.parse(result.content[0].text)).toMatchObject({ code: 'not_found', request_id: 'from-the-app' });
    } finally {
      await app.close();
    }
  });
});

describe('DNS-rebinding protection', () => {
  const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

  it('refuses a foreign Origin with 403 and a JSON-RPC error', async () => {
    const response = await post(list, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });

  it.each(['null', 'http://127.0.0.1.evil.example', 'not a url'])('refuses Origin %s', async (origin) => {
    expect((await post(list, { origin })).status).toBe(403);
  });

  it.each(['SELF', 'http://localhost:5173', 'http://127.0.0.1:9999', 'http://[::1]:8080'])('accepts Origin %s', async (origin) => {
    const response = await post(list, { ...base, origin: origin === 'SELF' ? server.url : origin });
    expect(response.status).toBe(200);
  });

  it('refuses a foreign Host with 403 and a JSON-RPC error', async () => {
    const response = await rawRequest({ ...base, host: 'evil.example' }, list);
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });

  it.each(['localhost:3000', 'mcp.internal', 'mcp.internal:8443'])('accepts Host %s', async (host) => {
    expect((await rawRequest({ ...base, host }, list)).status).toBe(200);
  });
});

describe('HTTP edges', () => {
  it('answers invalid JSON with a JSON-RPC parse error and 400', async () => {
    const response = await post('{"jsonrpc": "2.0", "id": 1, "method": ', { 'mcp-protocol-version': '2025-06-18' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: expect.any(String) }, id: null });
  });

  it('answers an empty body with a parse error', async () => {
    expect((await post('')).status).toBe(400);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'repeat_text', arguments: { text: 'x'.repeat(1024 * 1024) } },
    });
    const response = await post(big);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe(-32000);
  });

  it('refuses a streamed body (no Content-Length) once it passes 1 MiB', async () => {
    const url = new URL(server.mcpUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      for (let i = 0; i < 17; i++) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await post('hello', { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
  });

  it.each(['GET', 'DELETE'])('answers %s like stateless serving: 405', async (method) => {
    const response = await fetch(server.mcpUrl, { method, headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2025-06-18' } });
    expect(response.status).toBe(405);
  });

  it('leaves other paths to the next middleware', async () => {
    const response = await fetch(`${server.url}/mcpx`);
    expect(await response.json()).toEqual({ other: '/mcpx' });
  });
});
