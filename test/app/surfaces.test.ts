import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { inputJsonSchema, pathParams } from '../../src/registry/json-schema.js';
import { seedDemo } from '../../src/seed/demo.js';

/**
 * The real application on the demo directory: every operation is reachable over REST and over MCP,
 * and both surfaces answer the same for the same input.
 */
let t: TestApp;
let mcp: Client;
const NOW = new Date('2026-11-18T12:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW, prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
  mcp = new Client({ name: 'surfaces-test', version: '1.0.0' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`)));
}, 120_000);
afterAll(async () => {
  await mcp?.close();
  await t?.close();
});

const required = (tool: string) => (inputJsonSchema(t.registry.get(tool)!.input).required ?? []) as string[];

async function rest(tool: string, input: Record<string, unknown>) {
  const definition = t.registry.get(tool)!;
  let path = definition.http.path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (path.includes(`{${key}}`)) path = path.replace(`{${key}}`, encodeURIComponent(String(value)));
    else query.set(key, String(value));
  }
  const response = await fetch(`${t.url}/api/v1${path}${query.size ? `?${query}` : ''}`);
  return { status: response.status, body: await response.json() };
}

async function viaMcp(tool: string, input: Record<string, unknown>) {
  const result = await mcp.callTool({ name: tool, arguments: input });
  if (result.isError) return { error: JSON.parse((result.content as { text: string }[])[0].text) };
  return { body: result.structuredContent };
}

describe('REST and MCP', () => {
  it("list the same operations (the site team's are listed over MCP only to staff: test/console/staff-access.test.ts)", async () => {
    const { tools } = await mcp.listTools();
    const openapi = await (await fetch(`${t.url}/api/v1/openapi.json`)).json();
    const operations = Object.values(openapi.paths).flatMap((ops) => Object.values(ops as object).map((op) => op.operationId));
    expect(operations.length).toBe(t.registry.tools.length);
    const staffOperations = t.registry.tools.filter((tool) => tool.staffRole).map((tool) => tool.name);
    expect(staffOperations.length).toBeGreaterThan(0);
    expect(tools.map((tool) => tool.name).sort()).toEqual(operations.filter((name) => !staffOperations.includes(name)).sort());
  });

  it('answer every operation without path parameters alike: real content, or the same 400 for missing inputs', async () => {
    for (const tool of t.registry.tools.filter((tool) => pathParams(tool).length === 0 && tool.scopes.length === 0)) {
      const fromRest = await rest(tool.name, {});
      const fromMcp = await viaMcp(tool.name, {});
      if (required(tool.name).length > 0) {
        expect(fromRest.status, tool.name).toBe(400);
        expect(fromRest.body.errors.map((e: { path: string }) => e.path).sort(), tool.name).toEqual(
          required(tool.name)
            .map((k) => `/${k}`)
            .sort(),
        );
        expect({ ...fromMcp.error, request_id: null }, tool.name).toEqual({ ...fromRest.body, request_id: null });
        continue;
      }
      expect(fromRest.status, tool.name).toBe(tool.http.status);
      expect(fromMcp.body, tool.name).toEqual(fromRest.body);
      const items = (fromRest.body as { items?: unknown[] }).items;
      if (items) expect(items.length, `${tool.name} has demo content`).toBeGreaterThan(0);
    }
  });

  it('answer an unknown identifier with the same 404 problem', async () => {
    for (const tool of t.registry.tools.filter((tool) => pathParams(tool).length > 0 && tool.scopes.length === 0)) {
      const input = Object.fromEntries(pathParams(tool).map((name) => [name, name === 'week' ? '1990-01-01' : 'no-such-thing-here']));
      const fromRest = await rest(tool.name, input);
      const fromMcp = await viaMcp(tool.name, input);
      expect(fromRest.status, tool.name).toBe(404);
      expect(fromRest.body.code, tool.name).toBe('not_found');
      expect({ ...fromMcp.error, request_id: null }, tool.name).toEqual({ ...fromRest.body, request_id: null });
    }
  });

  it('name the same bad paths for the same invalid input', async () => {
    const fromRest = await rest('search_listings', { per_page: 101, sort: 'best' });
    const fromMcp = await viaMcp('search_listings', { per_page: 101, sort: 'best' });
    expect(fromRest.status).toBe(400);
    expect(fromRest.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/per_page', '/sort']);
    expect(fromMcp.error.errors).toEqual(fromRest.body.errors);
  });

  it('show a demo listing found by a misspelled search in full on both', async () => {
    const top = await rest('search_listings', { sort: 'votes', per_page: 20 });
    const target = top.body.items.find((item: { name: string }) => /^[A-Za-z]{6,}/.test(item.name));
    const word = target.name.match(/^[A-Za-z]+/)[0].toLowerCase();
    const typo = word.slice(0, 2) + word.slice(3); // drop the third letter
    const found = await rest('search_listings', { q: typo, per_page: 50 });
    const slug = found.body.items.find((item: { slug: string }) => item.slug === target.slug)?.slug;
    expect(slug, `"${typo}" finds ${target.name}`).toBe(target.slug);
    const fromRest = await rest('get_listing', { slug });
    const fromMcp = await viaMcp('get_listing', { slug });
    expect(fromRest.status).toBe(200);
    // Owner edits publish at once: no answer may be kept by the service or by a cache in front of it.
    const again = await fetch(`${t.url}/api/v1/listings/${slug}`);
    expect(again.headers.get('cache-control')).toBeNull();
    expect(fromMcp.body).toEqual(fromRest.body);
  });
});

describe('the web side', () => {
  it('serves the API reference: Swagger UI on the OpenAPI document, which says how to authenticate', async () => {
    const response = await fetch(`${t.url}/docs`);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const page = await response.text();
    expect(page).toContain('data-url="/api/v1/openapi.json"');
    expect(page).toMatch(/<script src="\/docs\/assets\/swagger-ui-bundle\.js\?v=[^"]+"><\/script>/);
    // Every operation in it (rendered in a browser: test/rest/api-reference-browser.test.ts); how to authenticate.
    const openapi = await (await fetch(`${t.url}/api/v1/openapi.json`)).json();
    const operations = Object.values(openapi.paths).flatMap((ops) => Object.values(ops as object).map((op) => op.operationId));
    expect(operations.sort()).toEqual(t.registry.tools.map((tool) => tool.name).sort());
    const description = openapi.info.description as string;
    expect(description).toContain('<h2 id="authentication">Authentication</h2>');
    expect(description).toContain(`(${t.url}/account/api-keys)`);
    expect(description).toContain(`resource_metadata="${t.url}/.well-known/oauth-protected-resource/mcp"`);
    expect(description).toContain('`/mcp?toolsets=directory,orders`');
  });

  it('gives every answer a request id, the same one problem bodies quote', async () => {
    const response = await fetch(`${t.url}/api/v1/listings/no-such-thing`);
    const body = await response.json();
    expect(response.headers.get('request-id')).toBe(body.request_id);
  });
});
