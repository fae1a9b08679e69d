import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { captureLog, type CapturedLog } from '../logging/capture.js';
import { type OtlpCollector, startOtlpCollector } from './tracing-collector.js';
import { flushTracing, tracingOn, withSpan } from '../../src/observability/tracing.js';
import { loadConfig } from '../../src/config.js';

/** Without OTEL_EXPORTER_OTLP_ENDPOINT nothing is traced: no provider, no span, no export, no trace id in the log. */
const SLUG = 'untraced-listing';
const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

let collector: OtlpCollector;
let log: CapturedLog;
let t: TestApp;

beforeAll(async () => {
  // A collector is listening, but the service is not told about it.
  collector = await startOtlpCollector();
  log = captureLog();
  t = await startTestApp({
    log: log.logger,
    prepare: async (db) => {
      await insertListing(db, { category_id: await insertCategory(db), slug: SLUG });
    },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await collector?.close();
});

describe('tracing without an OTLP endpoint', () => {
  it('is off, and a traced request, its tool call and its log line carry no trace', async () => {
    expect(tracingOn()).toBe(false);
    const response = await fetch(`${t.url}/api/v1/listings/${SLUG}`, { headers: { traceparent: TRACEPARENT } });
    expect(response.status).toBe(200);
    const line = await log.requestLine(response.headers.get('request-id')!);
    expect(line).toMatchObject({ status: 200, path: `/api/v1/listings/${SLUG}` });
    expect(line).not.toHaveProperty('trace_id');
    expect(line).not.toHaveProperty('span_id');
    expect(log.text()).not.toContain('0af7651916cd43dd8448eb211c80319c');
    await flushTracing();
    expect(collector.requests).toEqual([]);
  });

  it('runs work in a span that records nothing, and the logger adds nothing to its lines', async () => {
    const answer = await withSpan('untraced', {}, async (span) => {
      expect(span.isRecording()).toBe(false);
      log.logger.info({ marker: 'inside-a-span' }, 'work');
      return 42;
    });
    expect(answer).toBe(42);
    const written = log.lines().find((line) => line.marker === 'inside-a-span');
    expect(written).toBeDefined();
    expect(written).not.toHaveProperty('trace_id');
  });

  it('takes the endpoint from OTEL_EXPORTER_OTLP_ENDPOINT, and refuses one that is not an http(s) URL', () => {
    expect(loadConfig({}).otelEndpoint).toBe('');
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).otelEndpoint).toBe('http://collector:4318');
    expect(loadConfig({ OTEL_SERVICE_NAME: 'directory-eu' }).otelServiceName).toBe('directory-eu');
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
