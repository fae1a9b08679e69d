import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpTestServer, type McpTestServer } from './fixtures.js';
import { recogniseDirectToolCall } from '../../src/mcp/direct-tool-call.js';
import { checkStandardHeaders } from '../../src/mcp/standard-headers.js';

const MODERN = '2026-07-28';
const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'raw-fetch', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

interface Sent {
  body: unknown;
  headers: Record<string, string>;
}

/** A 2026-07-28 tools/call as a client sends it; `change` edits the message, `headers` adds or overrides. */
function call(name: string, args: unknown, options: { id?: unknown; headers?: Record<string, string>; params?: object } = {}): Sent {
  return {
    body: {
      jsonrpc: '2.0',
      id: options.id ?? 1,
      method: 'tools/call',
      params: { name, arguments: args, _meta: envelope, ...options.params },
    },
    headers: { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': name, ...options.headers },
  };
}

let direct: McpTestServer;
let sdkOnly: McpTestServer;
beforeAll(async () => {
  [direct, sdkOnly] = await Promise.all([startMcpTestServer(), startMcpTestServer({ directToolCalls: false })]);
});
afterAll(() => Promise.all([direct.close(), sdkOnly.close()]));

/** Status, content type and message of an answer; request ids (per server) and the port in problem URLs made comparable. */
async function answer(server: McpTestServer, sent: Sent) {
  const response = await fetch(server.mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...sent.headers },
    body: JSON.stringify(sent.body),
  });
  const text = (await response.text()).replaceAll(server.url, 'ORIGIN').replace(/req_\d+/g, 'REQ');
  return { status: response.status, type: response.headers.get('content-type'), message: JSON.parse(text) as unknown };
}

const cases: Record<string, Sent> = {
  'a result': call('repeat_text', { text: 'ab', times: 2 }),
  'a default filled in': call('repeat_text', { text: 'ab' }),
  'a string id': call('repeat_text', { text: 'ab' }, { id: 'call-7' }),
  'a tool error (404 problem)': call('get_widget', { slug: 'nope' }),
  'invalid arguments (400 problem naming each path)': call('repeat_text', { text: '', times: 9, extra: true }),
  'a signed-in tool with a token': call('who_am_i', {}, { headers: { authorization: 'Bearer reader' } }),
  'an idempotency key argument': call('save_note', { note: 'n', idempotency_key: 'b3f1c0de-0000-4000-8000-000000000001' }),
  'headers with surrounding whitespace': call('repeat_text', { text: 'ab' }, { headers: { 'mcp-name': ' repeat_text ' } }),
  'an unknown tool': call('no_such_tool', {}),
  'Mcp-Name naming another tool': call('repeat_text', { text: 'ab' }, { headers: { 'mcp-name': 'get_widget' } }),
  'no Mcp-Name header': { ...call('repeat_text', { text: 'ab' }), headers: { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call' } },
  'a version header that differs from the envelope': call(
    'repeat_text',
    { text: 'ab' },
    { headers: { 'mcp-protocol-version': '2025-11-25' } },
  ),
  'arguments that are not an object': call('repeat_text', ['ab']),
  'no arguments': call('repeat_text', undefined),
  'an invalid envelope': call(
    'repeat_text',
    { text: 'ab' },
    { params: { _meta: { ...envelope, 'io.modelcontextprotocol/clientInfo': 7 } } },
  ),
};

describe('a single 2026-07-28 tools/call answered without the SDK', () => {
  it.each(Object.entries(cases))('answers %s exactly as the SDK does', async (_name, sent) => {
    const [ours, sdk] = await Promise.all([answer(direct, sent), answer(sdkOnly, sent)]);
    expect(ours).toEqual(sdk);
  });

  it('takes plain calls of registry tools and leaves every other message to the SDK', () => {
    const { registry } = direct;
    const taken = (sent: Sent) => recogniseDirectToolCall(sent.body, sent.headers, registry)?.tool.name;
    expect(taken(cases['a result'])).toBe('repeat_text');
    expect(taken(cases['headers with surrounding whitespace'])).toBe('repeat_text');
    expect(recogniseDirectToolCall(cases['a string id'].body, cases['a string id'].headers, registry)?.id).toBe('call-7');
    for (const declined of [
      'an unknown tool',
      'Mcp-Name naming another tool',
      'no Mcp-Name header',
      'a version header that differs from the envelope',
      'arguments that are not an object',
      'no arguments',
      'an invalid envelope',
    ]) {
      expect(taken(cases[declined]), declined).toBeUndefined();
    }
    const sent = cases['a result'];
    const body = sent.body as { params: object };
    expect(recogniseDirectToolCall([sent.body], sent.headers, registry)).toBeUndefined(); // a batch
    expect(recogniseDirectToolCall({ ...body, params: { ...body.params, task: { ttl: 1000 } } }, sent.headers, registry)).toBeUndefined();
    expect(recogniseDirectToolCall({ ...body, id: null }, sent.headers, registry)).toBeUndefined();
    expect(
      recogniseDirectToolCall({ ...body, method: 'tools/list' }, { ...sent.headers, 'mcp-method': 'tools/list' }, registry),
    ).toBeUndefined();
    const { 'mcp-protocol-version': _version, ...withoutVersion } = sent.headers;
    expect(recogniseDirectToolCall(sent.body, withoutVersion, registry)).toBeUndefined();
  });
});

/** A 2025-era tools/call as a client sends it after `initialize` (served statelessly: no session). */
function legacyCall(
  version: string,
  name: string,
  args: unknown,
  options: { id?: unknown; headers?: Record<string, string>; params?: object } = {},
): Sent {
  return {
    body: { jsonrpc: '2.0', id: options.id ?? 1, method: 'tools/call', params: { name, arguments: args, ...options.params } },
    headers: { 'mcp-protocol-version': version, ...options.headers },
  };
}

/** The SDK answers a 2025 call as one `message` event of a stream: status, the stream's headers and the message. */
async function legacyAnswer(server: McpTestServer, sent: Sent) {
  const response = await fetch(server.mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...sent.headers },
    body: JSON.stringify(sent.body),
  });
  const text = (await response.text()).replaceAll(server.url, 'ORIGIN').replace(/req_\d+/g, 'REQ');
  const type = response.headers.get('content-type');
  const events = type === 'text/event-stream' ? text.split('\n\n').filter(Boolean) : [];
  const message =
    type === 'text/event-stream' ? events.map((event) => JSON.parse(event.replace(/^event: message\ndata: /, ''))) : JSON.parse(text);
  return { status: response.status, type, cacheControl: response.headers.get('cache-control'), events: events.length, message };
}

const legacyCases = (version: string): Record<string, Sent> => ({
  'a result': legacyCall(version, 'repeat_text', { text: 'ab', times: 2 }),
  'a default filled in': legacyCall(version, 'repeat_text', { text: 'ab' }),
  'a string id': legacyCall(version, 'repeat_text', { text: 'ab' }, { id: 'call-7' }),
  'a tool error (404 problem)': legacyCall(version, 'get_widget', { slug: 'nope' }),
  'invalid arguments (400 problem naming each path)': legacyCall(version, 'repeat_text', { text: '', times: 9, extra: true }),
  'a signed-in tool with a token': legacyCall(version, 'who_am_i', {}, { headers: { authorization: 'Bearer reader' } }),
  'an idempotency key argument': legacyCall(version, 'save_note', { note: 'n', idempotency_key: 'b3f1c0de-0000-4000-8000-000000000002' }),
  'a trace context in _meta': legacyCall(
    version,
    'repeat_text',
    { text: 'ab' },
    { params: { _meta: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } } },
  ),
  'a progress token (the SDK streams progress)': legacyCall(
    version,
    'repeat_text',
    { text: 'ab' },
    { params: { _meta: { progressToken: 7 } } },
  ),
  'an unknown tool': legacyCall(version, 'no_such_tool', {}),
  'arguments that are not an object': legacyCall(version, 'repeat_text', ['ab']),
  'a session id (stateless serving has none)': legacyCall(version, 'repeat_text', { text: 'ab' }, { headers: { 'mcp-session-id': 'abc' } }),
  'an Accept of JSON alone (406)': legacyCall(version, 'repeat_text', { text: 'ab' }, { headers: { accept: 'application/json' } }),
});

describe('a single 2025-era tools/call answered without the SDK', () => {
  for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
    it.each(Object.entries(legacyCases(version)))(`${version}: answers %s exactly as the SDK does`, async (_name, sent) => {
      const [ours, sdk] = await Promise.all([legacyAnswer(direct, sent), legacyAnswer(sdkOnly, sent)]);
      expect(ours).toEqual(sdk);
    });
  }

  it('takes plain 2025 calls of registry tools and leaves the rest to the SDK', () => {
    const { registry } = direct;
    const accept = { accept: 'application/json, text/event-stream' };
    const cases = legacyCases('2025-06-18');
    const taken = (name: string) => {
      const sent = cases[name];
      return recogniseDirectToolCall(sent.body, { ...accept, ...sent.headers }, registry);
    };
    expect(taken('a result')).toMatchObject({ era: 'legacy', id: 1 });
    expect(taken('a trace context in _meta')?.meta).toEqual({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });
    for (const declined of [
      'a progress token (the SDK streams progress)',
      'an unknown tool',
      'arguments that are not an object',
      'a session id (stateless serving has none)',
      'an Accept of JSON alone (406)',
    ]) {
      expect(taken(declined), declined).toBeUndefined();
    }
    const unserved = legacyCall('2024-11-05', 'repeat_text', { text: 'ab' });
    expect(recogniseDirectToolCall(unserved.body, { ...accept, ...unserved.headers }, registry)).toBeUndefined();
  });

  it("recognises the same calls from the header check's classification as from its own", () => {
    const { registry } = direct;
    const accept = { accept: 'application/json, text/event-stream' };
    const withClaim = legacyCall(
      '2025-06-18',
      'repeat_text',
      { text: 'ab' },
      {
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      },
    );
    const sent = { ...legacyCases('2025-06-18'), ...legacyCases('2025-11-25'), 'a 2025 header with a 2026 envelope claim': withClaim };
    let taken = 0;
    for (const [name, { body, headers }] of Object.entries(sent)) {
      const all = { ...accept, ...headers };
      const own = recogniseDirectToolCall(body, all, registry);
      expect(recogniseDirectToolCall(body, all, registry, checkStandardHeaders(body, all)), name).toEqual(own);
      if (own) taken++;
    }
    expect(taken, 'plain calls of both revisions are taken').toBeGreaterThanOrEqual(8);
    expect(recogniseDirectToolCall(withClaim.body, { ...accept, ...withClaim.headers }, registry)).toBeUndefined();
  });
});
