import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import packageJson from '../../package.json' with { type: 'json' };
import { createRegistry, loadRegistry, type Registry } from '../../src/registry/registry.js';
import { defineTool, type AnyTool } from '../../src/registry/tool.js';
import { testCaches } from '../support/caches.js';
import type { Services } from '../../src/services.js';
import { mcpMiddleware } from '../../src/mcp/server.js';
import { cors } from '../../src/web/cors.js';
import { PROTOCOL_VERSIONS } from '../../src/registry/protocol-versions.js';
import { primitivesMetaKey, registryName } from '../../src/mcp/server-card.js';

// The Server Card at /mcp/server-card (SEP-2127, the experimental-ext-server-card draft) and the AI Catalog naming
// it, served by the MCP binding over the real registry plus one tool added here, which the card must list with no
// edit of its own.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const cardSchema = JSON.parse(readFileSync(new URL('../fixtures/mcp-registry/server-card.schema.json', import.meta.url), 'utf8'));

/** A tool no module knows about: the card lists it because the registry does. */
const addedTool = defineTool({
  name: 'count_card_probes',
  title: 'Count card probes',
  toolset: 'directory',
  description: 'A throwaway public tool this test adds to the registry.',
  http: { method: 'GET', path: '/card-probes', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [],
  input: z.strictObject({}),
  output: z.object({ count: z.number().int() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async () => ({ count: 0 }),
}) as unknown as AnyTool;

let registry: Registry;
let server: http.Server;
let base: string;

beforeAll(async () => {
  const real = await loadRegistry();
  registry = createRegistry([...real.tools, addedTool]);
  const koa = new Koa();
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  koa.use(cors()); // as the service mounts it, before the MCP binding
  koa.use(
    mcpMiddleware({
      registry,
      services: testCaches() as Services,
      publicUrl: base,
      allowedHosts: [],
      resolveCaller: async () => null,
      newRequestId: () => 'req',
      siteName: () => 'Launch Directory',
    }),
  );
  koa.use((ctx) => {
    ctx.status = 404;
  });
  server.on('request', koa.callback());
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'card-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** What an anonymous 2026-07-28 client of /mcp is listed. */
async function listed(method: string, field: string): Promise<Record<string, any>[]> {
  const response = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: envelope } }),
  });
  const text = await response.text();
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  return JSON.parse(data ? data.slice('data: '.length) : text).result[field];
}

const getCard = (headers: Record<string, string> = {}) => fetch(`${base}/mcp/server-card`, { headers });

describe('the Server Card', () => {
  it('is valid against the Server Card schema and names this server, its version and its one remote', async () => {
    const response = await getCard({ accept: 'application/mcp-server-card+json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/mcp-server-card+json');
    const card = await response.json();
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    ajv.addSchema(cardSchema, 'server-card');
    const validate = ajv.getSchema('server-card#/$defs/ServerCard')!;
    expect(validate(card), JSON.stringify(validate.errors)).toBe(true);
    expect(card).toMatchObject({
      name: registryName(base),
      version: packageJson.version,
      remotes: [{ type: 'streamable-http', url: `${base}/mcp`, supportedProtocolVersions: PROTOCOL_VERSIONS }],
    });
  });

  it('lists the tools, resource templates and prompts an anonymous client is listed, the added tool included', async () => {
    const card = await (await getCard()).json();
    const primitives = card._meta[primitivesMetaKey(base)];
    const tools = await listed('tools/list', 'tools');
    expect(primitives.tools.map((tool: { name: string }) => tool.name)).toEqual(tools.map((tool) => tool.name));
    expect(primitives.tools).toContainEqual({
      name: 'count_card_probes',
      title: 'Count card probes',
      description: expect.stringContaining('A throwaway public tool'),
      annotations: expect.objectContaining({ readOnlyHint: true }),
    });
    const templates = await listed('resources/templates/list', 'resourceTemplates');
    expect(primitives.resourceTemplates.map((entry: { uriTemplate: string }) => entry.uriTemplate)).toEqual(
      templates.map((entry) => entry.uriTemplate),
    );
    expect(templates.length).toBeGreaterThan(0);
    const prompts = await listed('prompts/list', 'prompts');
    expect(primitives.prompts).toEqual(
      prompts.map(({ name, title, description, arguments: args }) => ({ name, title, description, arguments: args })),
    );
    expect(prompts.length).toBeGreaterThan(0);
  });

  it("leaves out the site team's tools, and schemas (tools/list has them)", async () => {
    const card = await (await getCard()).json();
    const names = new Set(card._meta[primitivesMetaKey(base)].tools.map((tool: { name: string }) => tool.name));
    const staffTools = registry.tools.filter((tool) => tool.staffRole);
    expect(staffTools.length).toBeGreaterThan(0);
    for (const tool of staffTools) expect(names.has(tool.name)).toBe(false);
    expect(names.size).toBe(registry.tools.length - staffTools.length);
    expect(JSON.stringify(card)).not.toContain('inputSchema');
  });

  it('is cacheable: an hour, an ETag, and 304 when it has not changed', async () => {
    const first = await getCard();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    const again = await getCard({ 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await getCard({ 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers browsers of any origin, with the ETag readable, and their preflight', async () => {
    const response = await getCard({ origin: 'https://elsewhere.example' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('ETag');
    for (const path of ['/mcp/server-card', '/.well-known/ai-catalog.json']) {
      const preflight = await fetch(`${base}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://elsewhere.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match',
        },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers'), path).toContain('If-None-Match');
    }
  });

  it('is plain JSON for a client that accepts only that; other methods are 405', async () => {
    const json = await getCard({ accept: 'application/json' });
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(json.headers.get('vary')).toContain('Accept');
    const post = await fetch(`${base}/mcp/server-card`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('the AI Catalog', () => {
  it('names the card at its address, with the card media type', async () => {
    const response = await fetch(`${base}/.well-known/ai-catalog.json`);
    expect(response.headers.get('content-type')).toBe('application/ai-catalog+json');
    expect(await response.json()).toEqual({
      specVersion: '1.0',
      entries: [
        { identifier: 'urn:air:127.0.0.1:mcp:launch-directory', type: 'application/mcp-server-card+json', url: `${base}/mcp/server-card` },
      ],
    });
  });

  it('leaves every other path to what follows', async () => {
    expect((await fetch(`${base}/mcp/server-cards`)).status).toBe(404);
  });
});
