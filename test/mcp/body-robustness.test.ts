import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import {
  MIB,
  founder,
  nestedArrays,
  padTo,
  pathsOf,
  readyDraft,
  send,
  sendBytes,
  sendChunked,
  startAppWithoutCrawling,
  statusLines,
  type Founder,
  type Problem,
  type RawResponse,
} from '../support/body-robustness.js';

/**
 * The body-robustness cases of test/rest/body-robustness.test.ts through /mcp on the real app:
 * transport refusals are JSON-RPC errors with the HTTP status REST would give, and a tools/call
 * with bad arguments is a tool error carrying the very problem REST answers.
 */
let t: TestApp;
let who: Founder;

beforeAll(async () => {
  t = await startAppWithoutCrawling();
  who = await founder(t);
});
afterAll(() => t?.close());

const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const JSON_TYPE = { 'content-type': 'application/json' };
const asBody = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));

function postMcp(body: unknown, headers: Record<string, string> = JSON_TYPE): Promise<RawResponse> {
  return send(`${t.url}/mcp`, { headers: { authorization: who.authorization, ...MCP_HEADERS, ...headers }, body: asBody(body) });
}

const toolCall = (name: string, args: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };

/** The JSON-RPC message of a JSON or single-event SSE answer. */
function messageOf(response: RawResponse): Record<string, any> {
  if (!String(response.headers['content-type']).startsWith('text/event-stream')) return JSON.parse(response.text);
  const data = response.text.split('\n').find((line) => line.startsWith('data: '));
  return JSON.parse(data!.slice('data: '.length));
}

function expectRpcError(response: RawResponse, status: number, code: number): void {
  expect(response.status, response.text.slice(0, 300)).toBe(status);
  expect(messageOf(response)).toEqual({ jsonrpc: '2.0', id: null, error: { code, message: expect.any(String) } });
}

/** The problem carried by a tool error (its text is the problem+json REST would send). */
function toolProblemOf(response: RawResponse): Problem {
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  const { result } = messageOf(response);
  expect(result.isError).toBe(true);
  return JSON.parse(result.content[0].text);
}

async function restProblem(method: string, path: string, body?: unknown): Promise<Problem> {
  const headers = { authorization: who.authorization, ...(body !== undefined && JSON_TYPE) };
  const response = await send(`${t.url}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : asBody(body) });
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return JSON.parse(response.text);
}

const withoutRequestId = ({ request_id: _, ...problem }: Problem) => problem;

async function draftOf(id: string): Promise<Record<string, any>> {
  const response = await send(`${t.url}/api/v1/drafts/${id}`, { method: 'GET', headers: { authorization: who.authorization } });
  expect(response.status).toBe(200);
  return JSON.parse(response.text);
}

async function refusedEdit<T>(request: (id: string) => Promise<T>): Promise<T> {
  const id = await readyDraft(t, who);
  const before = await draftOf(id);
  const answer = await request(id);
  expect(await draftOf(id)).toEqual(before);
  return answer;
}

const editCall = (id: string, title: string) => toolCall('update_draft', { id, seo: { title } });

async function expectStillServing(): Promise<void> {
  const response = await postMcp(ping);
  expect(response.status).toBe(200);
  expect(messageOf(response)).toMatchObject({ id: 2, result: {} });
}

describe('malformed JSON-RPC bodies', () => {
  it.each([
    ['a trailing comma', (id: string) => JSON.stringify(editCall(id, 'x')).replace(/}}}$/, '},}}')],
    ['single quotes', (id: string) => JSON.stringify(editCall(id, 'x')).replaceAll('"', "'")],
    ['a byte order mark before it', (id: string) => `\uFEFF${JSON.stringify(editCall(id, 'x'))}`],
    ['NaN as an argument', (id: string) => JSON.stringify(editCall(id, 'x')).replace('"x"', 'NaN')],
    ['truncated inside the arguments', (id: string) => JSON.stringify(editCall(id, 'x')).slice(0, -5)],
    ['only whitespace', () => ' \n '],
  ])('answers %s with a parse error (-32700, HTTP 400), changing nothing', async (_, body) => {
    const response = await refusedEdit((id) => postMcp(body(id)));
    expectRpcError(response, 400, -32700);
  });

  it.each([
    ['null', 'null'],
    ['a string', '"tools/call"'],
    ['a number', '42'],
    ['true', 'true'],
    ['an empty batch', '[]'],
  ])('answers %s as the whole body with an invalid request error (-32600, HTTP 400)', async (_, body) => {
    expectRpcError(await postMcp(body), 400, -32600);
  });

  it.each([
    ['an array', []],
    ['a string', 'seo'],
    ['null', null],
  ])('answers tools/call with %s as arguments with invalid params (-32602)', async (_, args) => {
    const response = await refusedEdit(() => postMcp(toolCall('update_draft', args)));
    expect(response.status).toBe(200);
    expect(messageOf(response)).toMatchObject({ id: 1, error: { code: -32602 } });
  });
});

describe('content type', () => {
  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/xml', 'text/json'])(
    'refuses a JSON-RPC body sent as %s with 415, changing nothing',
    async (type) => {
      const response = await refusedEdit((id) => postMcp(editCall(id, 'typed'), { 'content-type': type }));
      expectRpcError(response, 415, -32000);
    },
  );

  it('refuses a JSON-RPC body without Content-Type with 415, changing nothing', async () => {
    const response = await refusedEdit((id) => postMcp(editCall(id, 'typed'), {}));
    expectRpcError(response, 415, -32000);
  });

  it('accepts application/json; charset=utf-8', async () => {
    const id = await readyDraft(t, who);
    const response = await postMcp(editCall(id, 'typed'), { 'content-type': 'application/json; charset=utf-8' });
    expect(messageOf(response).result.isError).toBeFalsy();
    expect((await draftOf(id)).seo.title).toBe('typed');
  });
});

describe('body size (limit 1 MiB = 1,048,576 bytes)', () => {
  const padded = (id: string, title: string, bytes: number) => padTo(JSON.stringify(editCall(id, title)), bytes);

  it('accepts a JSON-RPC body of exactly 1 MiB', async () => {
    const id = await readyDraft(t, who);
    const response = await postMcp(padded(id, 'exact', MIB));
    expect(messageOf(response).result.isError).toBeFalsy();
    expect((await draftOf(id)).seo.title).toBe('exact');
  });

  it('refuses 1 MiB + 1 byte with 413 and closes the connection, changing nothing', async () => {
    const response = await refusedEdit((id) => postMcp(padded(id, 'over', MIB + 1)));
    expectRpcError(response, 413, -32000);
    expect(response.headers.connection).toBe('close');
  });

  it('accepts exactly 1 MiB sent chunked, and refuses 1 MiB + 1 byte chunked with 413', async () => {
    const headers = { authorization: who.authorization, ...MCP_HEADERS, ...JSON_TYPE };
    const id = await readyDraft(t, who);
    expect(messageOf(await sendChunked(`${t.url}/mcp`, headers, padded(id, 'chunked', MIB))).result.isError).toBeFalsy();
    expect((await draftOf(id)).seo.title).toBe('chunked');
    const response = await refusedEdit((other) => sendChunked(`${t.url}/mcp`, headers, padded(other, 'over', MIB + 1)));
    expectRpcError(response, 413, -32000);
  });

  it('answers 413 at once when Content-Length claims more than 1 MiB', async () => {
    const head =
      `POST /mcp HTTP/1.1\r\nHost: ${new URL(t.url).host}\r\nAuthorization: ${who.authorization}\r\nAccept: ${MCP_HEADERS.accept}\r\n` +
      `MCP-Protocol-Version: ${MCP_HEADERS['mcp-protocol-version']}\r\nContent-Type: application/json\r\nContent-Length: ${MIB + 1}\r\n\r\n`;
    const raw = await refusedEdit((id) => sendBytes(t.url, head, JSON.stringify(editCall(id, 'liar')), 500));
    expect(statusLines(raw)).toEqual([413]);
  });
});

describe('deep nesting (inside 1 MiB)', () => {
  /** A refusal, never a failure: a JSON-RPC error with HTTP 400, or a tool error whose problem is a 400. */
  function expectRefused(response: RawResponse): void {
    expect(response.status, response.text.slice(0, 300)).toBeLessThan(500);
    if (response.status === 200) expect(toolProblemOf(response).status).toBe(400);
    else expect(response.status).toBe(400);
  }

  it('refuses 100,000 nested arrays inside the arguments, and keeps serving', async () => {
    const body = (id: string) =>
      JSON.stringify(toolCall('update_draft', { id, fields: { tags: ['PLACEHOLDER'] } })).replace('["PLACEHOLDER"]', nestedArrays(100_000));
    expectRefused(await refusedEdit((id) => postMcp(body(id))));
    await expectStillServing();
  });

  it('refuses 100,000 nested arrays as the whole body with HTTP 400, and keeps serving', async () => {
    const response = await postMcp(nestedArrays(100_000));
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect(messageOf(response).error.code).toBeLessThan(-32000);
    await expectStillServing();
  });

  it('refuses 100,000 unclosed [ with a parse error', async () => {
    expectRpcError(await postMcp('['.repeat(100_000)), 400, -32700);
  });
});

describe('tools/call with bad arguments answers the problem REST answers', () => {
  const editCases: [string, (id: string) => Record<string, unknown>, string[]][] = [
    [
      'unknown properties, top-level and nested',
      (id) => ({ id, colour: 'red', seo: { title: 'ok', keywords: 'x' }, founders: [{ name: 'Ada', age: 40 }], 'a/b': 1 }),
      ['/a~1b', '/colour', '/founders/0/age', '/seo/keywords'],
    ],
    [
      'nulls where values are required',
      (id) => ({ id, seo: null, founders: [{ name: null }], milestones: [{ date: null, title: 'Launch' }], lock_fields: [null] }),
      ['/founders/0/name', '/lock_fields/0', '/milestones/0/date', '/seo'],
    ],
    ['lock_fields with 100,000 entries', (id) => ({ id, lock_fields: Array(100_000).fill('name') }), ['/lock_fields']],
    ['10,000 milestones', (id) => ({ id, milestones: Array(10_000).fill({ date: '2025-01-01', title: 'Launch' }) }), ['/milestones']],
    ['regenerate with 6 names', (id) => ({ id, regenerate: ['name', 'tagline', 'stage', 'city', 'country', 'tags'] }), ['/regenerate']],
    ['an SEO title of 71 characters', (id) => ({ id, seo: { title: 'x'.repeat(71) } }), ['/seo/title']],
  ];

  it.each(editCases)('update_draft with %s', async (_, args, paths) => {
    const { mcp, rest } = await refusedEdit(async (id) => {
      const { id: _id, ...body } = args(id);
      return {
        mcp: toolProblemOf(await postMcp(toolCall('update_draft', args(id)))),
        rest: await restProblem('PATCH', `/drafts/${id}`, body),
      };
    });
    expect(mcp).toMatchObject({ status: 400, code: 'validation_failed', request_id: expect.any(String) });
    expect(pathsOf(mcp)).toEqual(paths);
    expect(withoutRequestId(mcp)).toEqual(withoutRequestId(rest));
  });

  it('update_draft with 80,000 unknown properties: the same bounded list', async () => {
    const { mcp, rest } = await refusedEdit(async (id) => {
      const unknown = Object.fromEntries(Array.from({ length: 80_000 }, (_, i) => [`k${i}`, 0]));
      const response = await postMcp(toolCall('update_draft', { id, ...unknown }));
      expect(response.bytes).toBeLessThan(32 * 1024);
      return { mcp: toolProblemOf(response), rest: await restProblem('PATCH', `/drafts/${id}`, unknown) };
    });
    expect(mcp.errors!.length).toBeLessThanOrEqual(100);
    expect(withoutRequestId(mcp)).toEqual(withoutRequestId(rest));
  });

  it('submit_listing with a URL of 2049 characters creates no draft', async () => {
    const url = `https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}`;
    const someone = await founder(t);
    const mcp = toolProblemOf(
      await send(`${t.url}/mcp`, {
        headers: { authorization: someone.authorization, ...MCP_HEADERS, ...JSON_TYPE },
        body: JSON.stringify(toolCall('submit_listing', { url })),
      }),
    );
    expect(pathsOf(mcp)).toEqual(['/url']);
    expect(withoutRequestId(mcp)).toEqual(withoutRequestId(await restProblem('POST', '/drafts', { url })));
    const list = await send(`${t.url}/api/v1/drafts`, { method: 'GET', headers: { authorization: someone.authorization } });
    expect(JSON.parse(list.text).total).toBe(0);
  });

  it('invite_cofounder with an address of 255 characters sends no invite', async () => {
    const email = `${'a'.repeat(64)}@${['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(58), 'com'].join('.')}`;
    expect(email).toHaveLength(255);
    const id = await readyDraft(t, who);
    const mcp = toolProblemOf(await postMcp(toolCall('invite_cofounder', { id, email })));
    expect(pathsOf(mcp)).toEqual(['/email']);
    expect(withoutRequestId(mcp)).toEqual(withoutRequestId(await restProblem('POST', `/drafts/${id}/invites`, { email })));
    expect((await draftOf(id)).invites).toBe(0);
  });

  it('search_listings with q of 201 characters', async () => {
    const q = 'a'.repeat(201);
    const mcp = toolProblemOf(await postMcp(toolCall('search_listings', { q })));
    expect(pathsOf(mcp)).toEqual(['/q']);
    expect(withoutRequestId(mcp)).toEqual(withoutRequestId(await restProblem('GET', `/listings?q=${q}`)));
  });
});
