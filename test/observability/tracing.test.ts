import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { captureLog, type CapturedLog } from '../logging/capture.js';
import { type CollectedSpan, type OtlpCollector, startOtlpCollector } from './tracing-collector.js';
import { flushTracing, traceIdsOfActiveSpan, tracingOn, withJobSpan, withSpan } from '../../src/observability/tracing.js';
import { Category } from '../../src/db/entities/category.js';
import { guardedFetch } from '../../src/outbound/guarded-fetch.js';
import { AddressGuard } from '../../src/outbound/address-guard.js';

/**
 * Traces on the real application, exported to a loopback OTLP collector: a call continues the trace its
 * caller sent (HTTP traceparent, or an MCP request's params._meta), through the tool call to its SQL; the
 * request's log line carries the trace id; /metrics counts the same calls.
 */
const TOKEN = 'tracing-test-metrics-token-0123456789';
const SLUGS = ['traced-mcp-meta', 'traced-mcp-both', 'traced-rest', 'traced-mcp-client'] as const;
const SERVER = 2;
const INTERNAL = 1;
const CLIENT = 3;

const MODERN = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'tracing-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

let collector: OtlpCollector;
let log: CapturedLog;
let t: TestApp;

beforeAll(async () => {
  collector = await startOtlpCollector();
  log = captureLog();
  t = await startTestApp({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, METRICS_TOKEN: TOKEN },
    log: log.logger,
    prepare: async (db) => {
      const category = await insertCategory(db);
      for (const slug of SLUGS) await insertListing(db, { category_id: category, slug });
    },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await collector?.close();
});

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const traceparent = (traceId: string, spanId: string) => `00-${traceId}-${spanId}-01`;

/** A 2026-07-28 tools/call of get_listing, as a client sends it, with `meta` in params._meta. */
async function mcpGetListing(slug: string, meta: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': 'get_listing',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_listing', arguments: { slug }, _meta: { ...ENVELOPE, ...meta } },
    }),
  });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { result: { isError?: boolean } };
  expect(answer.result.isError).toBeFalsy();
  return response.headers.get('request-id')!;
}

/** The spans of one trace, once exported. */
async function spansOf(traceId: string): Promise<CollectedSpan[]> {
  await flushTracing();
  return collector.spans.filter((span) => span.traceId === traceId);
}

const childrenOf = (spans: CollectedSpan[], parent: CollectedSpan) => spans.filter((span) => span.parentSpanId === parent.spanId);

/** The tool span named, and at least one SQL statement under it that reads (its text, never a value). */
function expectToolWithSql(spans: CollectedSpan[], slug: string): CollectedSpan {
  const tool = spans.find((span) => span.name === 'tool get_listing');
  expect(tool, 'the tool span').toBeDefined();
  const statements = childrenOf(spans, tool!).filter((span) => span.kind === CLIENT);
  expect(statements.length).toBeGreaterThan(0);
  for (const statement of statements) {
    expect(statement.attributes['db.system.name']).toBe('postgresql');
    expect(String(statement.attributes['db.query.text'])).not.toContain(slug);
  }
  expect(statements.some((statement) => /\bselect\b/i.test(String(statement.attributes['db.query.text'])))).toBe(true);
  return tool!;
}

describe('traces exported over OTLP', () => {
  it('are on', () => {
    expect(tracingOn()).toBe(true);
  });

  it('continue the trace an MCP call names in params._meta: the tool span is its server span, its SQL under it', async () => {
    const [traceId, parentId] = [hex(16), hex(8)];
    await mcpGetListing(SLUGS[0], { traceparent: traceparent(traceId, parentId), tracestate: 'vendor=1' });
    const spans = await spansOf(traceId);
    const tool = expectToolWithSql(spans, SLUGS[0]);
    expect(tool).toMatchObject({ parentSpanId: parentId, kind: SERVER, service: 'launch-directory' });
    expect(tool.attributes).toMatchObject({
      'gen_ai.tool.name': 'get_listing',
      'launch.tool.surface': 'mcp',
      'launch.tool.outcome': 'ok',
    });
    // The HTTP request had no traceparent: its span began a trace of its own, which the tool span links to.
    expect(tool.links).toHaveLength(1);
    const request = collector.spans.find((span) => span.spanId === tool.links[0].spanId);
    expect(request).toMatchObject({ name: 'POST /mcp', kind: SERVER, traceId: tool.links[0].traceId });
    expect(request?.parentSpanId).toBeUndefined();
  });

  it('nest an MCP call under its HTTP request span when headers and params._meta name the same trace', async () => {
    const traceId = hex(16);
    const [httpParent, metaParent] = [hex(8), hex(8)];
    const requestId = await mcpGetListing(
      SLUGS[1],
      { traceparent: traceparent(traceId, metaParent) },
      { traceparent: traceparent(traceId, httpParent) },
    );
    const spans = await spansOf(traceId);
    const request = spans.find((span) => span.name === 'POST /mcp');
    expect(request).toMatchObject({ parentSpanId: httpParent, kind: SERVER });
    expect(request?.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/mcp', 'http.response.status_code': 200 });
    const tool = expectToolWithSql(spans, SLUGS[1]);
    expect(tool).toMatchObject({ parentSpanId: request?.spanId, kind: INTERNAL });
    expect(await log.requestLine(requestId)).toMatchObject({ trace_id: traceId, span_id: request?.spanId });
  });

  it('continue the trace a REST request names in its traceparent header: request span, tool span, SQL', async () => {
    const [traceId, parentId] = [hex(16), hex(8)];
    const response = await fetch(`${t.url}/api/v1/listings/${SLUGS[2]}`, { headers: { traceparent: traceparent(traceId, parentId) } });
    expect(response.status).toBe(200);
    const spans = await spansOf(traceId);
    const request = spans.find((span) => span.kind === SERVER);
    expect(request).toMatchObject({ name: 'GET /api/v1/listings/{slug}', parentSpanId: parentId });
    expect(request?.attributes).toMatchObject({
      'http.route': '/api/v1/listings/{slug}',
      'http.response.status_code': 200,
      'url.path': `/api/v1/listings/${SLUGS[2]}`,
    });
    const tool = expectToolWithSql(spans, SLUGS[2]);
    expect(tool).toMatchObject({ parentSpanId: request?.spanId, kind: INTERNAL });
    expect(tool.attributes).toMatchObject({ 'launch.tool.surface': 'rest', 'launch.tool.outcome': 'ok' });
    const line = await log.requestLine(response.headers.get('request-id')!);
    expect(line).toMatchObject({ trace_id: traceId, span_id: request?.spanId, path: `/api/v1/listings/${SLUGS[2]}` });
    expect(request?.attributes['launch.request.id']).toBe(line.request_id);
  });

  it('name a refused call by its outcome without marking it failed', async () => {
    const [traceId, parentId] = [hex(16), hex(8)];
    const response = await fetch(`${t.url}/api/v1/listings/no-such-traced-listing`, {
      headers: { traceparent: traceparent(traceId, parentId) },
    });
    expect(response.status).toBe(404);
    const tool = (await spansOf(traceId)).find((span) => span.name === 'tool get_listing');
    expect(tool?.attributes['launch.tool.outcome']).toBe('404');
    expect(tool?.status.code ?? 0).not.toBe(2); // 2: ERROR
  });

  it('continue the trace an MCP client sends in params._meta', async () => {
    const [traceId, parentId] = [hex(16), hex(8)];
    const mcp = new Client({ name: 'tracing-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`)));
    try {
      const result = await mcp.callTool({
        name: 'get_listing',
        arguments: { slug: SLUGS[3] },
        _meta: { traceparent: traceparent(traceId, parentId) },
      });
      expect(result.isError).toBeFalsy();
    } finally {
      await mcp.close();
    }
    const tool = expectToolWithSql(await spansOf(traceId), SLUGS[3]);
    expect(tool.parentSpanId).toBe(parentId);
  });

  it('leave /metrics counting the same tool calls', async () => {
    const response = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const count = (labels: string) =>
      Number(
        text
          .split('\n')
          .find((line) => line.startsWith(`launch_tool_calls_total{`) && line.includes(labels))
          ?.split(' ')
          .pop(),
      );
    expect(count('tool="get_listing",surface="mcp",outcome="ok"')).toBe(3);
    expect(count('tool="get_listing",surface="rest",outcome="ok"')).toBe(1);
    expect(count('tool="get_listing",surface="rest",outcome="404"')).toBe(1);
  });
});

describe('statements and outgoing requests under a span', () => {
  it('trace the ORM statements and those of a transaction, with placeholders, never the values', async () => {
    const secret = 'traced-category-slug-value';
    let traceId = '';
    await withSpan('test work', {}, async (span) => {
      traceId = span.spanContext().traceId;
      await t.db.em().find(Category, { slug: secret });
      await t.db.transaction(async (tx) => {
        await tx.query('SELECT count(*) FROM categories WHERE slug = $1', [secret]);
        await tx.em.findOne(Category, { slug: secret });
      });
    });
    const spans = await spansOf(traceId);
    const work = spans.find((span) => span.name === 'test work')!;
    const texts = childrenOf(spans, work).map((span) => String(span.attributes['db.query.text']));
    expect(texts.filter((text) => /from "categories"/i.test(text))).toHaveLength(2); // the ORM's two reads
    expect(texts).toContain('SELECT count(*) FROM categories WHERE slug = $1');
    expect(texts.join('\n')).not.toContain(secret);
  });

  it('trace an outgoing request as a CLIENT span, sending traceparent only when asked', async () => {
    const received: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      received.push(req.headers.traceparent as string | undefined);
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const guard = new AddressGuard({ allowHosts: ['127.0.0.1'] });
    let traceId = '';
    try {
      await withSpan('test deliveries', {}, async (span) => {
        traceId = span.spanContext().traceId;
        await guardedFetch(guard)(`http://127.0.0.1:${port}/plain?token=kept-out`);
        await guardedFetch(guard, { propagate: true })(`http://127.0.0.1:${port}/propagated`, { method: 'POST', body: '{}' });
      });
    } finally {
      guard.destroy();
      server.close();
    }
    const spans = (await spansOf(traceId)).filter((span) => span.kind === CLIENT);
    expect(spans.map((span) => [span.name, span.attributes['url.full'], span.attributes['http.response.status_code']])).toEqual([
      ['GET', `http://127.0.0.1:${port}/plain`, 204],
      ['POST', `http://127.0.0.1:${port}/propagated`, 204],
    ]);
    expect(received[0]).toBeUndefined();
    expect(received[1]).toBe(traceparent(traceId, spans[1].spanId));
  });

  it('start a job as the root of a trace of its own, never inside the request that queued it', async () => {
    let requestTrace = '';
    let jobTrace = '';
    await withSpan('a request queueing a job', {}, async (span) => {
      requestTrace = span.spanContext().traceId;
      await withJobSpan('probe', async () => {
        jobTrace = traceIdsOfActiveSpan()?.trace_id ?? '';
      });
    });
    expect(jobTrace).toMatch(/^[0-9a-f]{32}$/);
    expect(jobTrace).not.toBe(requestTrace);
    const [job] = await spansOf(jobTrace);
    expect(job).toMatchObject({ name: 'job probe', kind: INTERNAL });
    expect(job.parentSpanId ?? '').toBe('');
  });
});
