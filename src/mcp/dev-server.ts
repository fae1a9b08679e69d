/**
 * The MCP binding alone, over the real tool registry, for protocol tools such as the official
 * conformance runner:
 *
 *   npx tsx src/mcp/dev-server.ts [port] [--conformance-fixtures]
 *
 * (default port 3101; endpoint http://localhost:<port>/mcp). `--conformance-fixtures` adds the
 * `test_error_handling` tool, the resources and the prompts that the runner's scenarios call by name.
 *
 * There is no database: a tool that reaches for a service fails with a 500 tool error, which is
 * enough for listing, handshake, error and transport checks. Anonymous callers only.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import { z } from 'zod';
import { completable, type McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { createRegistry, loadRegistry } from '../registry/registry.js';
import { defineTool, type AnyTool } from '../registry/tool.js';
import type { Services } from '../services.js';
import { mcpMiddleware } from './server.js';
import { DEFAULT_SITE_SETTINGS } from '../catalogue/site-settings.js';

const args = process.argv.slice(2);
const port = Number(args.find((arg) => /^\d+$/.test(arg)) ?? process.env.PORT ?? 3101);
const publicUrl = `http://localhost:${port}`;

const noServices = new Proxy({} as Services, {
  get(_target, name) {
    throw new Error(`services.${String(name)} is not available in the MCP dev server`);
  },
});

/** The conformance runner's tools-call-error fixture: a tool that always throws. */
const testErrorHandling = defineTool({
  name: 'test_error_handling',
  title: 'Always fails',
  toolset: 'directory',
  description: 'Conformance fixture: always throws.',
  http: { method: 'POST', path: '/test-error-handling', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [],
  input: z.strictObject({}),
  output: z.object({}),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async () => {
    throw new Error('This tool intentionally returns an error for testing');
  },
});

/** The runner's resource and prompt fixtures (resources-read-text, resources-templates-read, prompts-get-*, completion-complete). */
function conformanceFixtures(server: McpServer): void {
  server.registerResource('static-text', 'test://static-text', { description: 'Conformance fixture', mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
  }));
  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { description: 'Conformance fixture', mimeType: 'application/json' },
    (uri, { id }) => ({
      contents: [
        { uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) },
      ],
    }),
  );
  server.registerPrompt('test_simple_prompt', { description: 'Conformance fixture' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
  }));
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      description: 'Conformance fixture',
      argsSchema: z.object({
        arg1: completable(z.string().describe('First test argument'), (value) =>
          ['testValue1', 'testing'].filter((v) => v.startsWith(value ?? '')),
        ),
        arg2: z.string().describe('Second test argument'),
      }),
    },
    ({ arg1, arg2 }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } }],
    }),
  );
}

const real = await loadRegistry();
const fixtures = args.includes('--conformance-fixtures');
const registry = fixtures ? createRegistry([...real.tools, testErrorHandling as unknown as AnyTool]) : real;
const koa = new Koa();
koa.use(
  mcpMiddleware({
    registry,
    services: noServices,
    publicUrl,
    allowedHosts: [],
    resolveCaller: async () => null,
    newRequestId: randomUUID,
    siteName: () => DEFAULT_SITE_SETTINGS.site_name, // no database: the default settings
    onError: (error) => console.error('[mcp]', error instanceof Error ? error.message : error),
    ...(fixtures && { extendServer: conformanceFixtures }),
  }),
);
http.createServer(koa.callback()).listen(port, () => {
  console.log(`MCP endpoint: ${publicUrl}/mcp (${registry.tools.length} tools)`);
});
