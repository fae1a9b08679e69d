import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMcpTestServer, type McpTestServer } from './fixtures.js';
import { checkStandardHeaders, headerValue, rememberedChecks } from '../../src/mcp/standard-headers.js';

// SEP-2243 on the MCP binding: the standard headers of a 2026-07-28 request are checked against its body before
// anything else answers (the sign-in challenge included), as the conformance scenario http-header-validation asks.
let server: McpTestServer;
beforeAll(async () => {
  server = await startMcpTestServer();
});
afterAll(() => server.close());

const MODERN = '2026-07-28';
const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'header-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, any>;
}

/** node:http, which sends header names and values exactly as given (fetch would trim the values). */
function post(body: unknown, headers: Record<string, string>): Promise<Answer> {
  const url = new URL(server.mcpUrl);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let answer = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk) => (answer += chunk))
          .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: parse(answer) }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** A JSON answer, or the message of a single-event SSE answer. */
function parse(text: string): Record<string, any> {
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  return JSON.parse(data ? data.slice('data: '.length) : text);
}

const call = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, _meta: envelope },
});
const modernHeaders = (method: string, extra: Record<string, string> = {}) => ({
  'MCP-Protocol-Version': MODERN,
  'Mcp-Method': method,
  ...extra,
});

function expectMismatch(answer: Answer, id: number | null, saying: RegExp): void {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32020 } });
  expect(answer.body.error.message).toMatch(saying);
  expect(answer.headers['www-authenticate']).toBeUndefined();
}

describe('Mcp-Method and Mcp-Name that contradict the body', () => {
  it('a tools/call of a signed-in tool whose Mcp-Name names another tool is a 400 -32020, not a sign-in challenge', async () => {
    const answer = await post(call(7, 'who_am_i'), modernHeaders('tools/call', { 'Mcp-Name': 'repeat_text' }));
    expectMismatch(answer, 7, /params\.name="who_am_i" but the Mcp-Name header names "repeat_text"/);
    expect(answer.body.error.data).toEqual({ mismatch: { header: 'repeat_text', body: expect.any(String) } });
  });

  it('a tools/call without Mcp-Name, whose body names the tool, is refused', async () => {
    expectMismatch(await post(call(8, 'who_am_i'), modernHeaders('tools/call')), 8, /Mcp-Name header is absent/);
    expectMismatch(await post(call(9, 'repeat_text', { text: 'ab' }), modernHeaders('tools/call')), 9, /Mcp-Name header is absent/);
  });

  it('an Mcp-Method naming another method, or none, is refused', async () => {
    const other = await post(call(10, 'who_am_i'), modernHeaders('prompts/list', { 'Mcp-Name': 'who_am_i' }));
    expectMismatch(other, 10, /Mcp-Method header names prompts\/list/);
    const none = await post(call(11, 'who_am_i'), { 'MCP-Protocol-Version': MODERN, 'Mcp-Name': 'who_am_i' });
    expectMismatch(none, 11, /Mcp-Method header is absent/);
  });

  it('method values are case-sensitive: TOOLS/LIST is not tools/list', async () => {
    const answer = await post({ jsonrpc: '2.0', id: 12, method: 'tools/list', params: { _meta: envelope } }, modernHeaders('TOOLS/LIST'));
    expectMismatch(answer, 12, /Mcp-Method header names TOOLS\/LIST/);
  });

  it('a 2026-07-28 request without MCP-Protocol-Version is refused', async () => {
    const answer = await post(call(13, 'who_am_i'), { 'Mcp-Method': 'tools/call', 'Mcp-Name': 'who_am_i' });
    expectMismatch(answer, 13, /MCP-Protocol-Version header is absent/);
  });

  it('an Mcp-Name in the Base64 sentinel form is decoded; a malformed one is refused', async () => {
    const encoded = `=?base64?${Buffer.from('who_am_i').toString('base64')}?=`;
    const decoded = await post(call(14, 'who_am_i'), modernHeaders('tools/call', { 'Mcp-Name': encoded }));
    expect(decoded.status).toBe(401); // the headers agree: the anonymous caller meets the sign-in challenge
    const malformed = await post(call(15, 'who_am_i'), modernHeaders('tools/call', { 'Mcp-Name': '=?base64?d2hv!!!?=' }));
    expectMismatch(malformed, 15, /invalid Base64 sentinel/);
  });
});

describe('what the headers may be', () => {
  it('whitespace around a value is not part of it (RFC 9110 §5.5)', async () => {
    const spaced = await post(call(20, 'repeat_text', { text: 'ab' }), modernHeaders(' tools/call\t', { 'Mcp-Name': '  repeat_text  ' }));
    expect(spaced.status).toBe(200);
    expect(spaced.body.result.structuredContent).toEqual({ text: 'ab', length: 2 });
    const signedIn = await post(call(21, 'who_am_i'), modernHeaders('tools/call', { 'Mcp-Name': '\twho_am_i ' }));
    expect(signedIn.status).toBe(401);
    expect(signedIn.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('header names in any case', async () => {
    const lower = await post(call(22, 'repeat_text', { text: 'x' }), {
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': 'repeat_text',
    });
    const upper = await post(call(23, 'repeat_text', { text: 'x' }), {
      'MCP-PROTOCOL-VERSION': MODERN,
      'MCP-METHOD': 'tools/call',
      'MCP-NAME': 'repeat_text',
    });
    for (const answer of [lower, upper]) expect(answer.body.result.structuredContent).toEqual({ text: 'x', length: 1 });
  });

  it('methods without an Mcp-Name source need only Mcp-Method', async () => {
    const answer = await post({ jsonrpc: '2.0', id: 24, method: 'tools/list', params: { _meta: envelope } }, modernHeaders('tools/list'));
    expect(answer.status).toBe(200);
    expect(answer.body.result.tools.length).toBe(server.registry.tools.length);
  });

  it('2025-era requests carry no standard headers to check: an initialize is served as before', async () => {
    const answer = await post(
      {
        jsonrpc: '2.0',
        id: 25,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
      },
      { 'Mcp-Method': 'something/else', 'Mcp-Name': 'nothing' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.result.protocolVersion).toBe('2025-11-25');
  });

  it('a 2025-era tools/call with headers that say otherwise is answered as before (the sign-in challenge)', async () => {
    const answer = await post(
      { jsonrpc: '2.0', id: 26, method: 'tools/call', params: { name: 'who_am_i', arguments: {} } },
      { 'MCP-Protocol-Version': '2025-11-25', 'Mcp-Name': 'repeat_text' },
    );
    expect(answer.status).toBe(401);
  });
});

describe('headerValue', () => {
  it('drops spaces and tabs around a value, keeps those inside, and reads only single values', () => {
    expect(headerValue({ 'mcp-name': ' \t a b \t ' }, 'mcp-name')).toBe('a b');
    expect(headerValue({}, 'mcp-name')).toBeUndefined();
    expect(headerValue({ 'set-cookie': ['a', 'b'] }, 'set-cookie')).toBeUndefined();
  });
});

describe('the findings on plain calls are remembered', () => {
  const headers = { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'get_listing' };
  const call = (id: unknown, params: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params,
    ...more,
  });
  const plain = (id: unknown, slug: string) => call(id, { name: 'get_listing', arguments: { slug }, _meta: envelope });
  const { 'io.modelcontextprotocol/clientInfo': _, ...withoutClientInfo } = envelope;
  /** Each differs from a plain call in one part the check reads. */
  const variants: [string, unknown, Record<string, string>][] = [
    ['another id and arguments', plain('x-7', 'other'), headers],
    ['_meta null', call(1, { name: 'get_listing', arguments: {}, _meta: null }), headers],
    ['no _meta', call(1, { name: 'get_listing', arguments: {} }), headers],
    ['no clientInfo', call(1, { name: 'get_listing', arguments: {}, _meta: withoutClientInfo }), headers],
    [
      'clientInfo without a version',
      call(1, { name: 'get_listing', arguments: {}, _meta: { ...envelope, 'io.modelcontextprotocol/clientInfo': { name: 'x' } } }),
      headers,
    ],
    [
      'another version in the envelope',
      call(1, { name: 'get_listing', arguments: {}, _meta: { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2025-06-18' } }),
      headers,
    ],
    ['another tool in Mcp-Name', plain(1, 'a'), { ...headers, 'mcp-name': 'search_listings' }],
    ['another tool in the body', call(1, { name: 'search_listings', arguments: {}, _meta: envelope }), headers],
    ['a fractional id', plain(1.5, 'a'), headers],
    ['an id past the safe integers', plain(2 ** 60, 'a'), headers],
    ['a member more', { ...plain(1, 'a'), extra: true }, headers],
    ['another method', { ...plain(1, 'a'), method: 'tools/list' }, headers],
    ['arguments that are a list', call(1, { name: 'get_listing', arguments: [], _meta: envelope }), headers],
    ['no Mcp-Method', plain(1, 'a'), { 'mcp-protocol-version': MODERN, 'mcp-name': 'get_listing' }],
    ['a 2025 version header', plain(1, 'a'), { ...headers, 'mcp-protocol-version': '2025-06-18' }],
    ['a 2025 call', call(1, { name: 'get_listing', arguments: {} }), { 'mcp-protocol-version': '2025-06-18' }],
    ['a large _meta', call(1, { name: 'get_listing', arguments: {}, _meta: { ...envelope, note: 'x'.repeat(5_000) } }), headers],
  ];

  it('at most 256 findings are remembered, none for a large _meta', () => {
    const client = (n: number, note = '') => ({
      ...envelope,
      'io.modelcontextprotocol/clientInfo': { name: `client-${n}${note}`, version: '1' },
    });
    for (let n = 0; n < 300; n++) checkStandardHeaders(call(n, { name: 'get_listing', arguments: {}, _meta: client(n) }), headers);
    expect(rememberedChecks()).toBeLessThanOrEqual(256);
    const before = rememberedChecks();
    const large = call(1, { name: 'get_listing', arguments: {}, _meta: client(1, 'x'.repeat(3_000)) });
    expect(checkStandardHeaders(large, headers)).toEqual({ modernRequest: true });
    expect(rememberedChecks()).toBe(before);
    checkStandardHeaders(call(1, { name: 'get_listing', arguments: {}, _meta: client(1, 'y') }), headers);
    expect(rememberedChecks()).toBe(before === 256 ? 1 : before + 1);
  });

  it('each call, checked after others were remembered, is found what a first check finds', async () => {
    vi.resetModules();
    const fresh = (await import('../../src/mcp/standard-headers.js')).checkStandardHeaders;
    const first = new Map(variants.map(([name, body, h]) => [name, fresh(body, h)]));
    expect(first.get('another id and arguments')).toEqual({ modernRequest: true });
    expect(first.get('another tool in Mcp-Name')?.rejection?.code).toBe(-32020);
    for (const round of [1, 2]) {
      for (const [name, body, h] of variants) {
        expect(checkStandardHeaders(plain(round, 'warm'), headers), name).toEqual({ modernRequest: true });
        expect(checkStandardHeaders(body, h), name).toEqual(first.get(name));
      }
    }
  });
});
