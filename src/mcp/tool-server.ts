import {
  fromJsonSchema,
  McpServer,
  type jsonSchemaValidator,
  type JsonSchemaValidator,
  type McpServerFactory,
  type StandardSchemaWithJSON,
} from '@modelcontextprotocol/server';
import type { Registry } from '../registry/registry.js';
import type { AnyTool } from '../registry/tool.js';
import type { Services } from '../services.js';
import { mcpToolDefinition, type McpToolDefinition } from './tool-definition.js';
import { currentRequestScope, scopeSiteName } from './request-scope.js';
import { callTool } from './call-tool.js';
import { directoryResources, RESOURCE_CACHE } from './directory-resources.js';
import { directoryPrompts } from './directory-prompts.js';
import { linkHandOff } from './person-link.js';
import { instructions, SERVER_INFO } from './server-info.js';
import { PROTOCOL_VERSIONS } from '../registry/protocol-versions.js';
import { publicFirst } from './tool-selection.js';

type Arguments = Record<string, unknown>;

/**
 * invokeTool validates every call with the tool's zod schema and answers the same 400 problem as
 * REST; the SDK must not reject arguments first with messages of its own. So the listed schemas
 * are ours, verbatim, and the SDK's check of them lets everything through.
 */
const checkedByInvokeTool: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

interface ListedTool {
  tool: AnyTool;
  definition: McpToolDefinition;
  inputSchema: StandardSchemaWithJSON<Arguments, Arguments>;
}

/**
 * The list is the same for every caller but the site team, so clients may keep it for a while (2026-07-28 cache
 * fields); a staff member's list, with the tools of their role, is theirs alone.
 */
const LIST_CACHE = { ttlMs: 5 * 60_000, cacheScope: 'public' } as const;
const STAFF_LIST_CACHE = { ttlMs: 5 * 60_000, cacheScope: 'private' } as const;

/**
 * The factory the SDK calls for every HTTP request (both protocol eras): a fresh McpServer with every
 * registry tool, or only those a request of nothing but tool calls calls. Definitions are computed
 * once; only the per-request caller differs.
 */
export function toolServerFactory(
  registry: Registry,
  services: Services,
  publicUrl: string,
  onUnexpectedError: (error: unknown) => void,
  extend?: (server: McpServer) => void,
): McpServerFactory {
  const listed: ListedTool[] = publicFirst(registry.tools).map((tool) => {
    const definition = mcpToolDefinition(tool);
    return {
      tool,
      definition,
      inputSchema: fromJsonSchema<Arguments>(definition.inputSchema, checkedByInvokeTool),
    };
  });

  const byName = new Map(listed.map((entry) => [entry.tool.name, entry]));
  const links = linkHandOff(services);
  // Besides the tools: the directory's resources and prompts (and a caller's extras), made once.
  const additions = [directoryResources({ registry, services, publicUrl }), directoryPrompts({ registry, services, publicUrl }), extend];

  return () => {
    const scope = currentRequestScope();
    if (!scope) throw new Error('The MCP server factory ran outside an /mcp request');
    const server = new McpServer(SERVER_INFO, {
      instructions: instructions(scopeSiteName()),
      supportedProtocolVersions: PROTOCOL_VERSIONS,
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false }, completions: {} },
      cacheHints: {
        'tools/list': scope.perCaller ? STAFF_LIST_CACHE : LIST_CACHE,
        'server/discover': LIST_CACHE,
        'prompts/list': LIST_CACHE,
        'resources/templates/list': LIST_CACHE,
        'resources/list': RESOURCE_CACHE,
        'resources/read': RESOURCE_CACHE,
      },
    });
    const serving = scope.toolNames ? scope.toolNames.map((name) => byName.get(name)!) : listed;
    for (const { tool, definition, inputSchema } of new Set(serving)) {
      server.registerTool(
        definition.name,
        {
          title: definition.title,
          description: definition.description,
          inputSchema,
          annotations: definition.annotations,
        },
        async (args: Arguments, ctx) => {
          const state = ctx.mcpReq.requestState<string>();
          if (tool.personLink && typeof state === 'string') return links.resume(state, scope.caller?.accountId);
          const result = await callTool(tool, args, {
            services,
            caller: scope.caller,
            requestId: scope.requestId,
            publicUrl,
            onUnexpectedError,
            meta: ctx.mcpReq._meta,
          });
          return links.answer(tool, result, ctx.mcpReq.envelope, scope.caller?.accountId);
        },
      );
    }
    // A request of nothing but tool calls needs no resources or prompts.
    if (!scope.callsOnly) for (const add of additions) add?.(server);
    return server;
  };
}
