/**
 * The founder journey as an assistant drives it over MCP, with the official SDK client: find this week's launches,
 * check the sign-in (an API key), submit a product's website, wait as told, fill what the site did not say, save the
 * listing and launch it for free. It records how many tools the assistant called and how many bytes it read
 * (every answer, tools/list included); README "What an assistant pays" shows the figures, and this test fails when
 * either grows by more than 20% against the committed ones (assistant-journey.json).
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { startFixtureSites, ACME_FACTS, type FixtureSites } from '../support/fixture-sites.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { person, type Person } from '../listings/support.js';
import { crawlSite, crawlerUserAgent } from '../../src/crawler/crawl-site.js';

const COMMITTED = JSON.parse(readFileSync(new URL('./assistant-journey.json', import.meta.url), 'utf8')) as {
  calls: number;
  bytes: number;
};
const ALLOWED_GROWTH = 1.2;

let t: TestApp;
let sites: FixtureSites;
let founder: Person;
let categoryName: string;

beforeAll(async () => {
  sites = await startFixtureSites();
  t = await startTestApp({
    env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1' },
    jobs: { processEveryMs: 100 },
    drafting: {
      crawl: (url) => crawlSite(url, { allowHosts: ['127.0.0.1'], userAgent: crawlerUserAgent('http://directory.test'), timeoutMs: 5_000 }),
    },
  });
  categoryName = 'Product analytics';
  const category_id = await insertCategory(t.db, { slug: 'product-analytics', name: categoryName });
  const week = (await (await fetch(`${t.url}/api/v1/launches/weeks/this`)).json()).week.start as string;
  for (const slug of ['signal-board', 'metric-mill', 'funnel-fox'])
    await insertListing(t.db, { slug, category_id, status: 'live', launch_week: week, launched_at: new Date().toISOString() });
  founder = await person(t.db);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sites?.close();
});

/** An MCP client that counts the bytes of every answer it reads and the tools it calls. */
function assistant(meter: { calls: number; bytes: number }, headers: Record<string, string> = {}) {
  const counting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const copy = response.clone();
    copy.arrayBuffer().then(
      (body) => {
        meter.bytes += body.byteLength;
      },
      () => {}, // a stream the client closed
    );
    return response;
  };
  const client = new Client({ name: 'scripted-assistant', version: '1.0.0' });
  const connect = () =>
    client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { fetch: counting, requestInit: { headers } }));
  const call = async (name: string, args: Record<string, unknown>) => {
    meter.calls += 1;
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    return result.structuredContent as any;
  };
  return { client, connect, call };
}

it('takes a founder from the week’s launches to a free launch in few calls and few bytes', async () => {
  const meter = { calls: 0, bytes: 0 };

  // One connection, as an assistant's client keeps it, with the person's API key (their sign-in); the tools a
  // model sees come with the first list.
  const me = assistant(meter, { authorization: `Bearer ${founder.key}` });
  await me.connect();
  await me.client.listTools();
  const launches = await me.call('list_launches', { section: 'this-week' });
  expect(launches.items.map((item: { slug: string }) => item.slug).sort()).toEqual(['funnel-fox', 'metric-mill', 'signal-board']);
  expect((await me.call('get_account', {})).account.email).toBe(founder.email);

  let draft = await me.call('submit_listing', { url: sites.urls.acme });
  expect(draft.status).toBe('crawling');
  // Waits as long as it is told, then asks again until the draft has settled.
  for (let polls = 0; draft.status === 'crawling' || draft.status === 'drafting'; polls++) {
    expect(polls).toBeLessThan(20);
    await sleep(draft.poll_after_seconds * 1000);
    draft = await me.call('get_draft', { id: draft.id, view: 'brief' });
  }
  expect(draft.status).toBe('ready');
  expect(draft.fields.name.value).toBe(ACME_FACTS.name);

  // Fills what the site did not state and the listing needs: a category of the directory, and the stage.
  const fields: Record<string, unknown> = {};
  if (draft.fields.categories.state === 'not_found') fields.categories = [categoryName];
  expect(draft.fields.name).not.toHaveProperty('evidence'); // polled briefly
  if (draft.fields.stage.state === 'not_found') fields.stage = 'Growth';
  expect(Object.keys(fields).length).toBeGreaterThan(0);
  draft = await me.call('update_draft', { id: draft.id, fields });
  const saved = await me.call('submit_draft', { id: draft.id });
  expect(saved.listing_id).toEqual(expect.any(Number));
  const free = await me.call('choose_free_listing', { listing_id: saved.listing_id });
  expect(free).toMatchObject({ listing_id: saved.listing_id, status: 'awaiting_badge', outcome: 'queued' });
  expect(free.badge.embed_html).toContain('<a href=');
  await me.client.close();
  await sleep(50); // the last answers' byte counts

  console.info(
    `assistant journey: ${meter.calls} tool calls, ${meter.bytes} bytes read (committed: ${COMMITTED.calls} calls, ${COMMITTED.bytes} bytes)`,
  );
  expect(meter.calls).toBeLessThanOrEqual(Math.floor(COMMITTED.calls * ALLOWED_GROWTH));
  expect(meter.bytes).toBeLessThanOrEqual(Math.floor(COMMITTED.bytes * ALLOWED_GROWTH));
}, 60_000);
