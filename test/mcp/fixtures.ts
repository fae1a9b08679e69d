import { testCaches } from '../support/caches.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { z } from 'zod';
import { defineTool, type AnyTool } from '../../src/registry/tool.js';
import { createRegistry, type Registry } from '../../src/registry/registry.js';
import type { Caller } from '../../src/accounts/caller.js';
import type { Services } from '../../src/services.js';
import { NotFoundError } from '../../src/errors.js';
import { mcpMiddleware } from '../../src/mcp/server.js';

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const repeatText = defineTool({
  name: 'repeat_text',
  title: 'Repeat a text',
  toolset: 'directory',
  description: 'Repeats a text a few times. Public.',
  http: { method: 'GET', path: '/repeat', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [],
  input: z.strictObject({
    text: z.string().min(1).max(40).describe('What to repeat'),
    times: z.number().int().min(1).max(3).default(1).describe('How often, 1 to 3'),
  }),
  output: z.object({ text: z.string(), length: z.number().int() }),
  annotations: readOnly,
  handler: async ({ text, times }) => ({ text: text.repeat(times), length: text.length * times }),
});

const getWidget = defineTool({
  name: 'get_widget',
  title: 'Get a widget',
  toolset: 'directory',
  description: 'Looks a widget up by slug; none exists.',
  http: { method: 'GET', path: '/widgets/{slug}', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({ slug: z.string().min(1) }),
  output: z.object({ slug: z.string() }),
  annotations: readOnly,
  handler: async ({ slug }) => {
    throw new NotFoundError('widget', slug);
  },
});

const whoAmI = defineTool({
  name: 'who_am_i',
  title: 'Who am I',
  toolset: 'directory',
  description: 'The signed-in account.',
  http: { method: 'GET', path: '/me', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  input: z.strictObject({}),
  output: z.object({ account_id: z.string(), request_id: z.string() }),
  annotations: readOnly,
  handler: async (_input, ctx) => ({ account_id: ctx.caller!.accountId, request_id: ctx.requestId }),
});

/** Takes idempotency_key on MCP; the strict input proves the binding strips it before validation. */
const saveNote = defineTool({
  name: 'save_note',
  title: 'Save a note',
  toolset: 'directory',
  description: 'Stores a note (pretend). Public and idempotent.',
  http: { method: 'POST', path: '/notes', status: 201 },
  scopes: [],
  idempotencyKey: true,
  errorStatuses: [],
  input: z.strictObject({ note: z.string().min(1) }),
  output: z.object({ saved: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ note }) => ({ saved: note }),
});

const TEST_TOOLS: AnyTool[] = [repeatText, getWidget, whoAmI, saveNote] as unknown as AnyTool[];

/** Bearer tokens the test resolveCaller knows. */
const TOKENS: Record<string, Caller> = {
  reader: {
    accountId: 'acc_reader',
    scopes: ['account:read'],
    credential: { kind: 'token', clientId: 'test', resource: 'http://test/mcp', expiresAt: '2099-01-01T00:00:00.000Z' },
  },
  writer: {
    accountId: 'acc_writer',
    scopes: ['listings:write'],
    credential: { kind: 'token', clientId: 'test', resource: 'http://test/mcp', expiresAt: '2099-01-01T00:00:00.000Z' },
  },
};

export interface McpTestServer {
  url: string;
  mcpUrl: string;
  registry: Registry;
  close(): Promise<void>;
}

/** A Koa app with only the MCP binding, on a loopback port; publicUrl is its own address. */
export async function startMcpTestServer(options: { appRequestId?: string; directToolCalls?: boolean } = {}): Promise<McpTestServer> {
  const registry = createRegistry(TEST_TOOLS);
  const koa = new Koa();
  if (options.appRequestId) {
    koa.use((ctx, next) => {
      ctx.state.requestId = options.appRequestId;
      return next();
    });
  }
  let callback: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => callback(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  koa.context.publicUrl = url;
  let counter = 0;
  koa.use(
    mcpMiddleware({
      registry,
      services: testCaches() as Services,
      publicUrl: url,
      allowedHosts: ['mcp.internal'],
      resolveCaller: async (headers) => {
        const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
        return (token && TOKENS[token]) || null;
      },
      newRequestId: () => `req_${++counter}`,
      siteName: () => 'Launch Directory',
      directToolCalls: options.directToolCalls,
    }),
  );
  koa.use((ctx) => {
    ctx.body = { other: ctx.path };
  });
  callback = koa.callback();
  return {
    url,
    mcpUrl: `${url}/mcp`,
    registry,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
