import { beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { loadRegistry, type Registry } from '../../src/registry/registry.js';
import { buildOpenApi } from '../../rest/openapi.js';

let registry: Registry;
let doc: Record<string, any>;
beforeAll(async () => {
  registry = await loadRegistry();
  doc = buildOpenApi(registry, 'http://directory.test');
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has version 1.0.0 and the /api/v1 server', () => {
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([{ url: 'http://directory.test/api/v1' }]);
  });

  it('has exactly one operation per tool, named by the tool', () => {
    const operations = Object.values(doc.paths).flatMap((ops: any) => Object.values(ops).map((op: any) => op.operationId));
    expect(operations.sort()).toEqual(registry.tools.map((t) => t.name).sort());
  });

  it('declares every status the operation can answer, errors as problem+json', () => {
    for (const tool of registry.tools) {
      const op = doc.paths[tool.http.path][tool.http.method.toLowerCase()];
      const statuses = Object.keys(op.responses);
      expect(statuses, tool.name).toContain(String(tool.http.status));
      expect(statuses, tool.name).toEqual(expect.arrayContaining(['400', '429', ...tool.errorStatuses.map(String)]));
      if (tool.scopes.length) expect(statuses, tool.name).toEqual(expect.arrayContaining(['401', '403']));
    }
    const problem = doc.components.responses.Error404.content['application/problem+json'].schema;
    expect(problem).toEqual({ $ref: '#/components/schemas/Problem' });
    expect(doc.components.schemas.Problem.required).toEqual(['type', 'title', 'status', 'code', 'request_id']);
  });

  it('puts GET inputs in the query and path, with path parameters required', () => {
    for (const tool of registry.tools.filter((t) => t.http.method === 'GET')) {
      const op = doc.paths[tool.http.path].get;
      expect(op.requestBody, tool.name).toBeUndefined();
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') expect(p.required, `${tool.name} ${p.name}`).toBe(true);
        expect(['path', 'query', 'header'], `${tool.name} ${p.name}`).toContain(p.in);
      }
    }
  });
});

describe('schema references', () => {
  it('resolve inside the document (recursive shapes live in components.schemas)', () => {
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\/components\//);
      const target = ref
        .slice(2)
        .split('/')
        .reduce((node: any, key) => node?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });
});
