import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry, TOOLS_DIR, type Registry } from '../../src/registry/registry.js';
import { SCOPES } from '../../src/accounts/caller.js';
import { inputJsonSchema, outputJsonSchema, pathParams } from '../../src/registry/json-schema.js';
import { instructions } from '../../src/mcp/server-info.js';
import { TOOLSET_NAMES } from '../../src/registry/toolsets.js';
import { accessSentence } from '../../src/registry/tool.js';

/** Every property name in a JSON Schema, at any depth. */
function propertyNames(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(propertyNames);
  if (typeof schema !== 'object' || schema === null) return [];
  const own = 'properties' in schema && typeof schema.properties === 'object' ? Object.keys(schema.properties as object) : [];
  return [...own, ...Object.values(schema).flatMap(propertyNames)];
}

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

  it('serves every public operation as a GET (each method and path is pinned by its contract snapshot)', () => {
    const publicTools = registry.tools.filter((tool) => tool.scopes.length === 0);
    expect(publicTools.length).toBeGreaterThan(10);
    for (const tool of publicTools) {
      expect(tool.http.method, tool.name).toBe('GET');
      expect(tool.staffRole, tool.name).toBeUndefined();
    }
  });

  it('has one tool per (method, path)', () => {
    const routes = registry.tools.map((t) => `${t.http.method} ${t.http.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('marks every GET operation read-only, and otherwise only a POST without an Idempotency-Key (e.g. quote_order)', () => {
    for (const tool of registry.tools) {
      if (tool.http.method === 'GET') expect(tool.annotations.readOnlyHint, tool.name).toBe(true);
      else if (tool.annotations.readOnlyHint)
        expect({ method: tool.http.method, key: tool.idempotencyKey }, tool.name).toEqual({ method: 'POST', key: false });
    }
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
    // Not after a dot: an event name such as listing.update_posted.
    const toolLike = new RegExp(`(?<![.\\w])(?:${verbs})_[a-z_]*[a-z]\\b`, 'g');
    const texts = [
      ...registry.tools.flatMap((tool) => [
        tool.description,
        JSON.stringify(inputJsonSchema(tool.input)),
        JSON.stringify(outputJsonSchema(tool.output)),
      ]),
      instructions('Launch Directory'),
    ];
    const mentioned = new Set(texts.flatMap((text) => text.match(toolLike) ?? []));
    expect(mentioned.size).toBeGreaterThan(15); // the pattern does find the names
    // Words shaped like tool names that are not: the fields of the schemas (claim_id, submit_listing_per_hour).
    const fields = new Set(
      registry.tools.flatMap((tool) => [...propertyNames(inputJsonSchema(tool.input)), ...propertyNames(outputJsonSchema(tool.output))]),
    );
    const unknown = [...mentioned].filter((name) => !registry.get(name) && !fields.has(name));
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

  it('says who may call each tool once, at the end of its description, and answers 401 and 403 exactly when it has scopes', () => {
    for (const tool of registry.tools) {
      const access = accessSentence(tool);
      if (access) {
        expect(tool.description.endsWith(` ${access}`), tool.name).toBe(true);
        expect(tool.description.split(access).length - 1, tool.name).toBe(1);
      }
      for (const sentence of ['Needs ', 'Admins only.', 'Editors and admins.', 'Moderators and admins.'])
        expect(tool.description.split(sentence).length - 1, `${tool.name}: ${sentence}`).toBe(access?.startsWith(sentence) ? 1 : 0);
      const refusals = tool.errorStatuses.filter((status) => status === 401 || status === 403);
      expect(refusals, tool.name).toEqual(tool.scopes.length > 0 ? [401, 403] : []);
      expect(new Set(tool.errorStatuses).size, tool.name).toBe(tool.errorStatuses.length);
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
