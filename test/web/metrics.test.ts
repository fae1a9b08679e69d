import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { startFixtureSites, type FixtureSites } from '../support/fixture-sites.js';
import { makeAccount } from '../support/oauth.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { caller, ownedListing, person } from '../listings/support.js';
import { loadConfig } from '../../src/config.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { crawlSite, crawlerUserAgent } from '../../src/crawler/crawl-site.js';

/** /metrics on the real application: closed unless METRICS_TOKEN is set, and its labels never carry a slug. */
const TOKEN = 'metrics-test-token-0123456789abcdef';
const SLUG = 'metrics-slug-zq7';
const UNKNOWN_SLUG = 'metrics-unknown-slug-xk4';

let open: TestApp;
let closed: TestApp;
let sites: FixtureSites;

beforeAll(async () => {
  sites = await startFixtureSites();
  [open, closed] = await Promise.all([
    startTestApp({
      env: { METRICS_TOKEN: TOKEN, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
      jobs: { processEveryMs: 50 },
      drafting: {
        crawl: (url) =>
          crawlSite(url, { allowHosts: ['127.0.0.1'], userAgent: crawlerUserAgent('http://directory.test'), timeoutMs: 5_000 }),
      },
      prepare: async (db) => {
        await insertListing(db, { category_id: await insertCategory(db), slug: SLUG });
      },
    }),
    startTestApp(),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([open?.close(), closed?.close(), sites?.close()]);
});

const scrape = (t: TestApp, authorization?: string) =>
  fetch(`${t.url}/metrics`, authorization === undefined ? {} : { headers: { Authorization: authorization } });

/** The sample lines of the exposition, without HELP and TYPE comments. */
async function samples(): Promise<string[]> {
  const response = await scrape(open, `Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  return (await response.text()).split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

/** The value of the sample whose name and labels include every given part. */
function sampleValue(lines: string[], name: string, labels: string[]): number | undefined {
  const line = lines.find((l) => l.startsWith(`${name}{`) && labels.every((label) => l.includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics', () => {
  it('is absent (404) when METRICS_TOKEN is not set, even with a bearer token', async () => {
    expect((await scrape(closed)).status).toBe(404);
    expect((await scrape(closed, `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('answers 401 with a Bearer challenge to no token, a wrong token or another scheme', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      const response = await scrape(open, authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      expect(await response.text()).not.toContain('launch_');
    }
  });

  it('counts requests by route template, tool calls by surface, job runs, and has the process metrics; no slug is a label', async () => {
    expect((await fetch(`${open.url}/api/v1/listings/${SLUG}`)).status).toBe(200);
    expect((await fetch(`${open.url}/api/v1/listings/${UNKNOWN_SLUG}`)).status).toBe(404);
    expect((await fetch(`${open.url}/api/v1/no-such-operation/${UNKNOWN_SLUG}`)).status).toBe(404);
    const mcp = new Client({ name: 'metrics-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${open.url}/mcp`)));
    try {
      const result = await mcp.callTool({ name: 'get_listing', arguments: { slug: SLUG } });
      expect(result.isError).toBeFalsy();
    } finally {
      await mcp.close();
    }
    // A job kind run once successfully and once failing (its only attempt).
    const jobs = open.app.services.jobs;
    jobs.define<{ fail: boolean }>(
      'metrics_test_job',
      async ({ fail }) => {
        if (fail) throw new Error('failing on purpose');
      },
      { maxAttempts: 1 },
    );
    await jobs.enqueue('metrics_test_job', { fail: false });
    await jobs.enqueue('metrics_test_job', { fail: true });
    await jobs.idle(10_000);

    const lines = await samples();
    const route = 'route="/api/v1/listings/{slug}"';
    expect(sampleValue(lines, 'launch_http_requests_total', ['method="GET"', route, 'status="2xx"'])).toBe(1);
    expect(sampleValue(lines, 'launch_http_requests_total', ['method="GET"', route, 'status="4xx"'])).toBe(1);
    expect(sampleValue(lines, 'launch_http_requests_total', ['route="api_unrouted"', 'status="4xx"'])).toBe(1);
    expect(sampleValue(lines, 'launch_http_request_duration_seconds_count', [route])).toBe(2);
    expect(sampleValue(lines, 'launch_http_requests_total', ['route="mcp"', 'status="2xx"'])).toBeGreaterThan(0);
    expect(sampleValue(lines, 'launch_tool_calls_total', ['tool="get_listing"', 'surface="rest"', 'outcome="ok"'])).toBe(1);
    expect(sampleValue(lines, 'launch_tool_calls_total', ['tool="get_listing"', 'surface="rest"', 'outcome="404"'])).toBe(1);
    expect(sampleValue(lines, 'launch_tool_calls_total', ['tool="get_listing"', 'surface="mcp"', 'outcome="ok"'])).toBe(1);
    expect(sampleValue(lines, 'launch_job_runs_total', ['job="metrics_test_job"', 'outcome="ok"'])).toBe(1);
    expect(sampleValue(lines, 'launch_job_runs_total', ['job="metrics_test_job"', 'outcome="failed"'])).toBe(1);
    expect(sampleValue(lines, 'launch_job_queue_depth', ['state="due"'])).toBeGreaterThanOrEqual(0);
    expect(lines.some((l) => l.startsWith('launch_job_outbox_size '))).toBe(true);
    expect(lines.some((l) => l.startsWith('launch_webhooks_disabled '))).toBe(true);
    // A pool exists only on a PostgreSQL server; the embedded engine has one in-process connection and no gauge.
    if (process.env.DATABASE_URL) expect(sampleValue(lines, 'launch_db_pool_connections', ['state="total"'])).toBeGreaterThan(0);
    else expect(lines.some((l) => l.startsWith('launch_db_pool_connections'))).toBe(false);
    expect(lines.some((l) => l.startsWith('process_cpu_user_seconds_total '))).toBe(true);
    // No label value carries a slug, a raw path or anything the requests sent.
    const labelled = lines.filter((l) => l.includes('{'));
    for (const secret of [SLUG, UNKNOWN_SLUG, 'no-such-operation', TOKEN]) expect(labelled.filter((l) => l.includes(secret))).toEqual([]);
  });

  it('times the crawl and the draft of a submission, by outcome and drafter kind (no draft id or URL as a label)', async () => {
    const account = await makeAccount(open.db);
    const { key } = await createApiKey(open.db, { accountId: account.id, name: 'metrics', scopes: ['listings:write'], now: new Date() });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const created = await fetch(`${open.url}/api/v1/drafts`, { method: 'POST', headers, body: JSON.stringify({ url: sites.urls.acme }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await open.app.services.jobs.idle(20_000);
    const lines = await samples();
    expect(sampleValue(lines, 'launch_crawl_duration_seconds_count', ['outcome="ok"'])).toBe(1);
    expect(sampleValue(lines, 'launch_draft_duration_seconds_count', ['drafter="extractive"', 'outcome="ok"'])).toBe(1);
    expect(sampleValue(lines, 'launch_job_runs_total', ['job="draft_site"', 'outcome="ok"'])).toBe(1);
    expect(sampleValue(lines, 'launch_http_requests_total', ['method="POST"', 'route="/api/v1/drafts"', 'status="2xx"'])).toBe(1);
    const labelled = lines.filter((l) => l.includes('{'));
    for (const secret of [id, sites.urls.acme, '127.0.0.1']) expect(labelled.filter((l) => l.includes(secret))).toEqual([]);
  });

  it('counts webhook deliveries by outcome and reports the disabled webhooks', async () => {
    const receiver = await startWebhookReceiver(204);
    try {
      const call = caller(open);
      const owner = await person(open.db);
      const listing = await ownedListing(open.db, owner, { status: 'live' });
      const hook = await call(owner, 'POST', '/webhooks', { url: receiver.url, events: ['listing.updated'] });
      expect(hook.status).toBe(201);
      expect((await call(owner, 'PATCH', `/me/listings/${listing.id}`, { fields: { tagline: 'First change' } })).status).toBe(200);
      await receiver.waitFor(1, 15_000);
      receiver.status = 410; // Gone: the webhook is disabled at once
      expect((await call(owner, 'PATCH', `/me/listings/${listing.id}`, { fields: { tagline: 'Second change' } })).status).toBe(200);
      await receiver.waitFor(2, 15_000);
      await open.app.services.jobs.idle(10_000);
      const lines = await samples();
      expect(sampleValue(lines, 'launch_webhook_deliveries_total', ['outcome="delivered"'])).toBe(1);
      expect(sampleValue(lines, 'launch_webhook_deliveries_total', ['outcome="gone"'])).toBe(1);
      expect(lines).toContain('launch_webhooks_disabled 1');
      expect(sampleValue(lines, 'launch_http_requests_total', ['method="PATCH"', 'route="/api/v1/me/listings/{listing_id}"'])).toBe(2);
      const labelled = lines.filter((l) => l.includes('{'));
      for (const secret of [hook.body.id, listing.slug, `/${listing.id}`]) expect(labelled.filter((l) => l.includes(secret))).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('gives each app its own registry: the closed app counted none of the open one’s calls', async () => {
    const own = await closed.app.metrics.registry.metrics();
    expect(own).toContain('process_cpu_user_seconds_total');
    expect(own).not.toContain('tool="get_listing",surface="rest"');
  });
});

describe('METRICS_TOKEN', () => {
  it('is empty by default, and refused when short or with spaces, without echoing it', () => {
    expect(loadConfig({}).metricsToken).toBe('');
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    for (const bad of ['short-token', 'has a space in the middle!!']) {
      let message = '';
      try {
        loadConfig({ METRICS_TOKEN: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/METRICS_TOKEN must be at least 16 characters/);
      expect(message).not.toContain(bad);
    }
  });
});
