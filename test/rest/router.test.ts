import { testCaches } from '../support/caches.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { z } from 'zod';
import { defineTool } from '../../src/registry/tool.js';
import { createRegistry } from '../../src/registry/registry.js';
import { NotFoundError } from '../../src/errors.js';
import type { Services } from '../../src/services.js';
import { restApi } from '../../rest/router.js';

const readAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const getThing = defineTool({
  name: 'get_thing',
  title: 'Get a thing',
  toolset: 'directory',
  description: 'Test tool: echoes its coerced input back.',
  http: { method: 'GET', path: '/things/{slug}', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({
    slug: z.string().regex(/^[a-z]+$/),
    n: z.number().int().min(1).max(10).default(1),
    flag: z.boolean().default(false),
  }),
  output: z.object({ slug: z.string(), n: z.number(), flag: z.boolean() }),
  annotations: readAnnotations,
  async handler(input) {
    if (input.slug === 'missing') throw new NotFoundError('thing', input.slug);
    return input;
  },
});

const createThing = defineTool({
  name: 'create_thing',
  title: 'Create a thing',
  toolset: 'directory',
  description: 'Test tool: accepts a JSON body.',
  http: { method: 'POST', path: '/things', status: 201 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [],
  input: z.strictObject({ name: z.string().max(5), count: z.number().int() }),
  output: z.object({ name: z.string(), count: z.number() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (input) => input,
});

const secret = defineTool({
  name: 'get_secret',
  title: 'Secret',
  toolset: 'directory',
  description: 'Test tool: needs account:read.',
  http: { method: 'GET', path: '/secret', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  errorStatuses: [],
  input: z.strictObject({}),
  output: z.object({}),
  annotations: readAnnotations,
  handler: async () => ({}),
});

const boom = defineTool({
  name: 'boom',
  title: 'Boom',
  toolset: 'directory',
  description: 'Test tool: fails with an unexpected error.',
  http: { method: 'GET', path: '/boom', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [],
  input: z.strictObject({}),
  output: z.object({}),
  annotations: readAnnotations,
  handler: async () => {
    throw new Error('password=hunter2 connection refused');
  },
});

const broken = defineTool({
  name: 'broken',
  title: 'Broken',
  toolset: 'directory',
  description: 'Test tool: answers something its output schema does not allow.',
  http: { method: 'GET', path: '/broken', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [],
  input: z.strictObject({}),
  output: z.object({ secret_field: z.string() }),
  annotations: readAnnotations,
  handler: async () => ({ secret_field: 42 }) as never,
});

let server: http.Server;
let base: string;
const logged: { error: unknown; requestId: string }[] = [];

beforeAll(async () => {
  const koa = new Koa();
  koa.context.publicUrl = 'http://api.test';
  koa.use(async (ctx, next) => {
    ctx.state.requestId = 'req-1';
    await next();
  });
  koa.use(
    restApi({
      registry: createRegistry([getThing, createThing, secret, boom, broken]),
      services: testCaches() as Services,
      publicUrl: 'http://api.test',
      siteName: () => 'Launch Directory',
      resolveCaller: async () => null,
      onError: (error, requestId) => logged.push({ error, requestId }),
    }),
  );
  server = http.createServer(koa.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = await response.json();
  expect(body).toMatchObject({ status: response.status, request_id: 'req-1' });
  expect(typeof body.type).toBe('string');
  expect(typeof body.title).toBe('string');
  return body;
}

const postJson = (path: string, body: string, type = 'application/json') =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': type }, body });

describe('REST adapter', () => {
  it('takes path parameters from the path and coerces query values to their declared types', async () => {
    const response = await fetch(`${base}/things/abc?n=3&flag=true`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ slug: 'abc', n: 3, flag: true });
  });

  it('applies defaults for absent query parameters', async () => {
    expect(await (await fetch(`${base}/things/abc`)).json()).toEqual({ slug: 'abc', n: 1, flag: false });
  });

  it('names every bad query parameter in one 400', async () => {
    const response = await fetch(`${base}/things/abc?n=0&flag=maybe&colour=red`);
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/colour', '/flag', '/n']);
  });

  it('refuses a number that is not a number', async () => {
    const problem = await problemOf(await fetch(`${base}/things/abc?n=3abc`));
    expect(problem.errors).toEqual([expect.objectContaining({ path: '/n' })]);
  });

  it('validates path parameters too', async () => {
    const problem = await problemOf(await fetch(`${base}/things/ABC`));
    expect(problem.status).toBe(400);
    expect(problem.errors).toEqual([expect.objectContaining({ path: '/slug' })]);
  });

  it('turns a typed not-found into 404 problem+json, without logging it as a failure', async () => {
    const problem = await problemOf(await fetch(`${base}/things/missing`));
    expect(problem).toMatchObject({ status: 404, code: 'not_found' });
    expect(logged).toEqual([]);
  });

  it('answers a created resource with the tool status', async () => {
    const response = await postJson('/things', JSON.stringify({ name: 'ab', count: 2 }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: 'ab', count: 2 });
  });

  it('names every bad body field, including unknown ones', async () => {
    const problem = await problemOf(await postJson('/things', JSON.stringify({ name: 'toolong', extra: 1 })));
    expect(problem.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/count', '/extra', '/name']);
  });

  it('refuses malformed JSON with 400 invalid_json', async () => {
    const problem = await problemOf(await postJson('/things', '{"name": '));
    expect(problem).toMatchObject({ status: 400, code: 'invalid_json' });
  });

  it('refuses a body that is not a JSON object', async () => {
    const problem = await problemOf(await postJson('/things', '[1,2]'));
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('refuses a non-JSON body with 415', async () => {
    const problem = await problemOf(await postJson('/things', 'name=ab', 'application/x-www-form-urlencoded'));
    expect(problem).toMatchObject({ status: 415, code: 'unsupported_media_type' });
  });

  it('refuses a body over 1 MiB with 413, and accepts one just under', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
    const problem = await problemOf(await postJson('/things', big));
    expect(problem).toMatchObject({ status: 413, code: 'payload_too_large' });
    const justUnder = JSON.stringify({ name: 'ab', count: 1, pad: ' '.repeat(1024 * 1024 - 40) });
    expect(Buffer.byteLength(justUnder)).toBeLessThan(1024 * 1024);
    expect((await postJson('/things', justUnder)).status).toBe(400); // read in full; only the unknown "pad" is wrong
  });

  it('answers an unknown path under /api/v1 with 404 problem+json', async () => {
    const problem = await problemOf(await fetch(`${base}/nothing-here`));
    expect(problem).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await fetch(`${base}/things/abc`, { method: 'DELETE' });
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ status: 405, code: 'method_not_allowed' });
    expect(response.headers.get('allow')).toContain('GET');
  });

  it('challenges an anonymous caller of a signed-in operation with 401 and resource metadata', async () => {
    const response = await fetch(`${base}/secret`);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer scope="account:read listings:write orders:write", resource_metadata="http://api.test/.well-known/oauth-protected-resource/api/v1"',
    );
  });

  it('hides the internals of an unexpected failure', async () => {
    const response = await fetch(`${base}/boom`);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ status: 500, code: 'internal_error' });
    expect(JSON.stringify(problem)).not.toContain('hunter2');
    expect(logged).toEqual([
      { error: expect.objectContaining({ message: expect.stringContaining('connection refused') }), requestId: 'req-1' },
    ]);
  });

  it('answers a result that breaks its own output schema with a bare 500, and logs the details', async () => {
    logged.length = 0;
    const problem = await problemOf(await fetch(`${base}/broken`));
    expect(problem).toMatchObject({ status: 500, code: 'internal_error' });
    expect(JSON.stringify(problem)).not.toContain('secret_field');
    expect(String((logged[0].error as Error).message)).toContain('/secret_field');
  });

  it('serves the generated OpenAPI document', async () => {
    const doc = await (await fetch(`${base}/openapi.json`)).json();
    expect(Object.keys(doc.paths).sort()).toEqual(['/boom', '/broken', '/secret', '/things', '/things/{slug}']);
    expect(doc.paths['/things/{slug}'].get.operationId).toBe('get_thing');
  });
});

describe('REST adapter at start-up', () => {
  const options = {
    services: testCaches() as Services,
    publicUrl: 'http://api.test',
    siteName: () => 'Launch Directory',
    resolveCaller: async () => null,
    onError: () => {},
  };

  it('refuses two operations whose paths overlap, naming both', () => {
    const shadow = { ...getThing, name: 'get_other_thing', http: { ...getThing.http, path: '/things/{name}' } };
    expect(() => restApi({ ...options, registry: createRegistry([getThing, shadow]) })).toThrow(
      'Routes overlap: get_other_thing (GET /things/{name}) and get_thing (GET /things/{slug})',
    );
  });

  it('accepts a static path beside a parameter, whichever is registered first', () => {
    const counted = { ...getThing, name: 'count_things', http: { ...getThing.http, path: '/things/count' } };
    expect(() => restApi({ ...options, registry: createRegistry([getThing, counted]) })).not.toThrow();
  });
});
