/**
 * Over REST and MCP alike: lean awards (proof_url unless include_proof, a week filter that refuses a malformed week),
 * get_badges' awards consistent with list_awards', and the words an assistant reads: the server's instructions and
 * the descriptions of the tools that touch votes, reviews, comments, free listings and the weekly boards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLSET_NAMES } from '../../src/registry/toolsets.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { rawToolCall, readJsonRpc } from '../support/oauth.js';

const NOW = new Date('2026-11-18T12:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const category_id = await insertCategory(t.db);
  const add = (slug: string) => insertListing(t.db, { slug, name: slug, category_id, status: 'live', launch_week: '2026-11-09' });
  const [gold, silver, older] = [await add('gold-app'), await add('silver-app'), await add('older-app')];
  const award = (week: string, rank: number, listingId: number, votes: number) =>
    t.db.query('INSERT INTO awards (week, rank, listing_id, votes) VALUES ($1::date, $2, $3, $4)', [week, rank, listingId, votes]);
  await award('2026-11-09', 1, gold, 40);
  await award('2026-11-09', 2, silver, 31);
  await award('2026-11-02', 1, older, 22);
  await award('2026-11-02', 2, gold, 12);
}, 60_000);
afterAll(() => t?.close());

const rest = async (path: string) => {
  const response = await fetch(`${t.url}/api/v1${path}`);
  return { status: response.status, body: await response.json() };
};
async function mcpMessage(method: string, params: Record<string, unknown>): Promise<any> {
  const response = await fetch(`${t.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return readJsonRpc(response);
}
/** A tools/call over MCP: the structured content, or the problem of a tool error. */
async function overMcp(name: string, args: Record<string, unknown>): Promise<{ result?: any; problem?: any }> {
  const message = await readJsonRpc(await rawToolCall(t.url, name, args));
  if (message.result?.isError) return { problem: JSON.parse(message.result.content[0].text) };
  return { result: message.result.structuredContent };
}

describe('list_awards over REST and MCP', () => {
  it("gives a week's awards with proof_url and no proof; the address serves the proof", async () => {
    const answer = await rest('/awards?week=2026-11-09');
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((a: any) => [a.week, a.rank, a.listing.slug, a.votes])).toEqual([
      ['2026-11-09', 1, 'gold-app', 40],
      ['2026-11-09', 2, 'silver-app', 31],
    ]);
    for (const award of answer.body.items) {
      expect(award).not.toHaveProperty('proof');
      expect(award.proof_url).toBe(`${t.url}/awards/${award.week}/${award.rank}.jwt`);
    }
    expect((await overMcp('list_awards', { week: '2026-11-09' })).result).toEqual(answer.body);
    // Any date of the week, or "last", names the same week.
    expect((await rest('/awards?week=2026-11-12')).body).toEqual(answer.body);
    expect((await overMcp('list_awards', { week: 'last' })).result).toEqual(answer.body);
    const served = await fetch(answer.body.items[0].proof_url);
    expect(served.status).toBe(200);
    expect((await served.text()).split('.')).toHaveLength(3);
  });

  it('adds the JWT as proof with include_proof=true, the same one proof_url serves', async () => {
    const answer = await rest('/awards?week=2026-11-02&include_proof=true');
    expect(answer.status).toBe(200);
    expect(answer.body.items).toHaveLength(2);
    for (const award of answer.body.items) {
      expect(award.proof).toBe(await (await fetch(award.proof_url)).text());
    }
    expect((await overMcp('list_awards', { week: '2026-11-02', include_proof: true })).result).toEqual(answer.body);
    expect((await rest('/awards?include_proof=false')).body.items.some((a: any) => 'proof' in a)).toBe(false);
  });

  it.each(['2026-11-31', '2026-02-29', '0000-01-03', '2026-1-9', '20261109', 'Last', 'tomorrow'])(
    'refuses week %s with a 400 naming /week and the accepted form, over REST and MCP',
    async (week) => {
      const answer = await rest(`/awards?week=${encodeURIComponent(week)}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(answer.body.errors).toEqual([
        expect.objectContaining({ path: '/week', message: 'Must be this, next, last or a date YYYY-MM-DD' }),
      ]);
      const { problem } = await overMcp('list_awards', { week });
      expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(problem.errors).toEqual(answer.body.errors);
    },
  );

  it('refuses an include_proof that is not a boolean, naming it', async () => {
    const answer = await rest('/awards?include_proof=yes');
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { path: string }) => e.path)).toEqual(['/include_proof']);
    expect((await overMcp('list_awards', { include_proof: 'yes' })).problem.errors.map((e: { path: string }) => e.path)).toEqual([
      '/include_proof',
    ]);
  });
});

describe('get_badges over REST and MCP', () => {
  it("lists the listing's awards as list_awards does: title, week and proof_url, no JWT", async () => {
    const badges = await rest('/listings/gold-app/badges');
    expect(badges.status).toBe(200);
    const listed = (await rest('/awards?listing=gold-app')).body.items;
    expect(badges.body.awards).toEqual(listed.map((a: any) => ({ title: a.title, week: a.week, proof_url: a.proof_url })));
    expect(badges.body.awards).toHaveLength(2);
    expect(badges.body.badge.embed_html).toContain(`data-award-proofs="${listed.map((a: any) => a.proof_url).join(' ')}"`);
    expect((await overMcp('get_badges', { slug: 'gold-app' })).result).toEqual(badges.body);
    expect(badges.body.note).toMatch(/scheduled for a launch week and goes live that week once one of these badges is found/);
  });
});

describe('the words an assistant reads', () => {
  it('instructions name the toolsets and the read-only address, and say that people vote, review, comment and report on the page', async () => {
    const { result } = await mcpMessage('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'words-test', version: '1' },
    });
    const instructions: string = result.instructions;
    expect(instructions).toContain('/mcp?toolsets=');
    expect(instructions).toContain('/mcp?read_only=true');
    for (const name of TOOLSET_NAMES) expect(instructions).toContain(name);
    expect(instructions).toMatch(
      /Votes, reviews, comments and content reports are made by people themselves on the listing's page \(its profile_url\)/,
    );
    expect(instructions).toMatch(/no tool votes, reviews, comments or reports/);
    // The addresses the instructions name answer as said.
    const readOnlyDirectory = await fetch(`${t.url}/mcp?toolsets=directory&read_only=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    const tools = (await readJsonRpc(readOnlyDirectory)).result.tools as { name: string; annotations: { readOnlyHint: boolean } }[];
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every((tool) => tool.annotations.readOnlyHint)).toBe(true);
    expect(tools.map((tool) => tool.name)).toContain('list_awards');
  });

  it('tool descriptions say the same in tools/list and in the OpenAPI document', async () => {
    const listed = (await mcpMessage('tools/list', {})).result.tools as { name: string; description: string }[];
    const mcp = new Map(listed.map((tool) => [tool.name, tool.description]));
    const openapi = (await rest('/openapi.json')).body;
    const operations = new Map<string, string>();
    for (const item of Object.values(openapi.paths) as Record<string, { operationId: string; description: string }>[]) {
      for (const operation of Object.values(item)) operations.set(operation.operationId, operation.description);
    }
    const says: Record<string, RegExp[]> = {
      list_reviews: [/People write reviews themselves on the listing's page \(profile_url\); no tool writes one/],
      list_comments: [/People comment themselves on the listing's page \(profile_url\), not through tools/],
      get_badges: [/scheduled for a week and goes live that week once its badge is found on its homepage/],
      list_products: [/scheduled for a week 6-8 weeks out; live that week once its badge is found on its homepage/],
      choose_free_listing: [/launch week 6 to 8 weeks out/, /goes live that week if the badge is still there/],
      get_launch_week: [/listings that launched in it ranked by all their counted votes/, /community-weekly board/],
      get_leaderboard: [/any live listing, by counted votes \(flagged excluded\) cast in that Monday-Sunday week, whenever it launched/],
      list_awards: [/`proof_url`/, /include_proof: true adds the JWT/, /counted votes a launch got during its launch week/],
    };
    for (const [name, patterns] of Object.entries(says)) {
      for (const pattern of patterns) {
        expect({ name, mcp: mcp.get(name) }).toEqual({ name, mcp: expect.stringMatching(pattern) });
        expect({ name, rest: operations.get(name) }).toEqual({ name, rest: expect.stringMatching(pattern) });
      }
      expect(mcp.get(name)).not.toMatch(/live (only )?once its badge is on its homepage/);
    }
  });
});
