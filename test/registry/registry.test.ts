import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry, TOOLS_DIR, type Registry } from '../../src/registry/registry.js';
import { SCOPES } from '../../src/accounts/caller.js';
import { inputJsonSchema, outputJsonSchema, pathParams } from '../../src/registry/json-schema.js';
import { INSTRUCTIONS } from '../../src/mcp/server-info.js';
import { TOOLSET_NAMES } from '../../src/registry/toolsets.js';

/** Field and value names that read like tool names. */
/** Words shaped like tool names that are not: a field, and the event listing.update_posted. */
const NOT_TOOLS = new Set(['claim_id', 'update_posted', 'submit_listing_per_hour']);

/** The public operations of the interface spec (part "Public"), as method and path under /api/v1. */
const PUBLIC_OPERATIONS = {
  get_site_info: 'GET /site',
  search_listings: 'GET /listings',
  get_listing: 'GET /listings/{slug}',
  get_alternatives: 'GET /listings/{slug}/alternatives',
  compare_listings: 'GET /compare',
  list_categories: 'GET /categories',
  get_category: 'GET /categories/{slug}',
  get_launch_week: 'GET /launches/weeks/{week}',
  list_launches: 'GET /launches',
  get_leaderboard: 'GET /leaderboards/{board}',
  list_founders: 'GET /founders',
  get_founder: 'GET /founders/{slug}',
  list_blog_posts: 'GET /blog',
  get_blog_post: 'GET /blog/{slug}',
  list_awards: 'GET /awards',
  get_badges: 'GET /listings/{slug}/badges',
  list_interview_questions: 'GET /interview-questions',
  list_products: 'GET /products',
} as const;

let registry: Registry;
beforeAll(async () => {
  registry = await loadRegistry();
});

describe('the tool registry', () => {
  it('discovers one tool per file in tools/, named after the file', () => {
    const files = readdirSync(TOOLS_DIR)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(registry.tools.map((t) => t.name).sort()).toEqual(files);
  });

  it('serves every public operation of the spec at its method and path', () => {
    for (const [name, route] of Object.entries(PUBLIC_OPERATIONS)) {
      const tool = registry.get(name);
      expect(tool, name).toBeDefined();
      expect(`${tool!.http.method} ${tool!.http.path}`, name).toBe(route);
      expect(tool!.scopes, name).toEqual([]);
    }
  });

  it('has one tool per (method, path)', () => {
    const routes = registry.tools.map((t) => `${t.http.method} ${t.http.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('marks exactly the GET operations read-only, and quote_order (a POST that saves and charges nothing)', () => {
    const readOnlyPosts = ['quote_order'];
    for (const tool of registry.tools)
      expect(tool.annotations.readOnlyHint, tool.name).toBe(tool.http.method === 'GET' || readOnlyPosts.includes(tool.name));
  });

  it('declares all four MCP annotations as booleans', () => {
    for (const tool of registry.tools) {
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        expect(typeof tool.annotations[hint], `${tool.name}.${hint}`).toBe('boolean');
      }
    }
  });

  it('takes every path parameter as a required input key', () => {
    for (const tool of registry.tools) {
      const schema = inputJsonSchema(tool.input);
      for (const param of pathParams(tool)) {
        expect(Object.keys(schema.properties as object), `${tool.name} {${param}}`).toContain(param);
        expect(schema.required as string[], `${tool.name} {${param}}`).toContain(param);
      }
    }
  });

  it('uses only known scopes, and public tools need none', () => {
    for (const tool of registry.tools) {
      for (const scope of tool.scopes) expect(Object.keys(SCOPES), tool.name).toContain(scope);
    }
  });

  it('describes every tool for an AI reader, within bounds', () => {
    for (const tool of registry.tools) {
      expect(tool.title.length, tool.name).toBeGreaterThan(3);
      expect(tool.title.length, tool.name).toBeLessThanOrEqual(60);
      expect(tool.description.length, tool.name).toBeGreaterThanOrEqual(60);
      expect(tool.description.length, tool.name).toBeLessThanOrEqual(1500);
    }
  });

  it('sends a reader only to tools that exist: every tool name in a description or the server instructions is registered', () => {
    const verbs = 'get|list|search|submit|update|create|choose|claim|verify|quote|compare|add|delete|set|answer|invite|post|redeliver|run';
    const toolLike = new RegExp(`\\b(?:${verbs})_[a-z_]*[a-z]\\b`, 'g');
    const texts = [
      ...registry.tools.flatMap((tool) => [
        tool.description,
        JSON.stringify(inputJsonSchema(tool.input)),
        JSON.stringify(outputJsonSchema(tool.output)),
      ]),
      INSTRUCTIONS,
    ];
    const mentioned = new Set(texts.flatMap((text) => text.match(toolLike) ?? []));
    expect(mentioned.size).toBeGreaterThan(15); // the pattern does find the names
    const unknown = [...mentioned].filter((name) => !registry.get(name) && !NOT_TOOLS.has(name));
    expect(unknown).toEqual([]);
  });

  it('puts every tool in a toolset', () => {
    for (const tool of registry.tools) expect(TOOLSET_NAMES, tool.name).toContain(tool.toolset);
  });

  it('has a plain object input schema: no top-level union, no unknown properties', () => {
    for (const tool of registry.tools) {
      const schema = inputJsonSchema(tool.input);
      expect(schema.type, tool.name).toBe('object');
      expect(schema.anyOf ?? schema.oneOf ?? schema.allOf, tool.name).toBeUndefined();
      expect(schema.additionalProperties, tool.name).toBe(false);
    }
  });

  it('answers 201 only for creating POSTs, and 200 for everything else', () => {
    for (const tool of registry.tools) {
      if (tool.http.status === 201) expect(tool.http.method, tool.name).toBe('POST');
    }
  });

  it('lists 404 among the errors of every operation with a path identifier', () => {
    for (const tool of registry.tools) {
      if (pathParams(tool).length > 0) expect(tool.errorStatuses, tool.name).toContain(404);
    }
  });
});

describe('cached answers', () => {
  it('are only for public read operations', async () => {
    const registry = await loadRegistry();
    const cached = registry.tools.filter((t) => t.cache !== undefined);
    expect(cached.map((t) => t.name)).toContain('get_listing');
    for (const tool of cached) {
      expect(tool.scopes, tool.name).toEqual([]);
      expect(tool.annotations.readOnlyHint, tool.name).toBe(true);
    }
  });
});
