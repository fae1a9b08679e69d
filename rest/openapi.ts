import type { Registry } from '../src/registry/registry.js';
import type { AnyTool } from '../src/registry/tool.js';
import { IDEMPOTENCY_KEY_SCHEMA } from '../src/registry/tool.js';
import { SCOPES } from '../src/accounts/caller.js';
import { inputJsonSchema, outputJsonSchema, pathParams, type JsonSchema } from '../src/registry/json-schema.js';
import { API_PREFIX } from '../src/web/paths.js';
import { TOOLSET_NAMES, TOOLSETS } from '../src/registry/toolsets.js';
import { apiDescription } from './api-description.js';
import { DEFAULT_SITE_SETTINGS } from '../src/catalogue/site-settings.js';

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request: malformed JSON or a schema violation; `errors` names every bad path',
  401: 'Missing, unknown, expired or revoked credentials',
  403: 'The credential lacks the scope this operation needs',
  404: 'No such object (or it belongs to another account)',
  405: 'Method not allowed on this path',
  409: 'The object is not in a state that allows this, or a request with the same Idempotency-Key is still running',
  413: 'Request body over 1 MiB',
  415: 'Request body is not JSON',
  422: 'The Idempotency-Key was already used with a different request',
  503: 'A service this operation depends on (the payment provider) is unavailable; retry after the seconds in Retry-After',
  429: 'Rate limited; retry after the seconds in Retry-After',
};

const problemSchema: JsonSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'code', 'request_id'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string', description: 'Stable snake_case error code a client can switch on' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string', description: 'JSON Pointer of the offending input' }, message: { type: 'string' } },
      },
    },
    request_id: { type: 'string' },
  },
};

/** OpenAPI 3.1 generated from the registry: one operation per tool, operationId = tool name; titled by the site's name. */
export function buildOpenApi(registry: Registry, publicUrl: string, siteName: string = DEFAULT_SITE_SETTINGS.site_name): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const shared: Record<string, JsonSchema> = {};
  for (const tool of registry.tools) {
    const path = API_PREFIX + tool.http.path;
    if (paths[path]?.[tool.http.method.toLowerCase()]) throw new Error(`Two tools on ${tool.http.method} ${path}`);
    paths[path] = { ...paths[path], [tool.http.method.toLowerCase()]: hoistDefinitions(openApiOperation(tool), shared, tool.name) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${siteName} API`,
      version: '1.0.0',
      description: apiDescription(publicUrl),
    },
    // One tag per toolset: the reference groups operations as an MCP client chooses them.
    tags: TOOLSET_NAMES.map((name) => ({ name, description: TOOLSETS[name] })),
    servers: [{ url: publicUrl + API_PREFIX }],
    paths: Object.fromEntries(Object.entries(paths).map(([p, ops]) => [p.slice(API_PREFIX.length) || '/', ops])),
    components: {
      schemas: { Problem: problemSchema, ...shared },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${publicUrl}/oauth/authorize`,
              tokenUrl: `${publicUrl}/oauth/token`,
              refreshUrl: `${publicUrl}/oauth/token`,
              scopes: { ...SCOPES },
            },
          },
        },
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (ldk_...) made on the API keys page' },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_TEXT).map(([status, description]) => [
          `Error${status}`,
          { description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
        ]),
      ),
    },
  };
}

export function openApiOperation(tool: AnyTool): Record<string, unknown> {
  const input = inputJsonSchema(tool.input);
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const inPath = pathParams(tool);
  const takesBody = tool.http.method !== 'GET' && tool.http.method !== 'DELETE';
  const parameters: unknown[] = inPath.map((name) => parameter(name, 'path', properties[name], true));
  if (!takesBody) {
    for (const [name, schema] of Object.entries(properties)) {
      if (!inPath.includes(name)) parameters.push(parameter(name, 'query', schema, required.has(name)));
    }
  }
  if (tool.idempotencyKey) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Makes a retry safe: the same key and request within 24 hours replays the first answer.',
      schema: IDEMPOTENCY_KEY_SCHEMA,
    });
  }
  const bodyProperties = Object.fromEntries(Object.entries(properties).filter(([name]) => !inPath.includes(name)));
  const bodySchema = { ...input, properties: bodyProperties, required: [...required].filter((n) => !inPath.includes(n)) };
  if (!(bodySchema.required as string[]).length) delete (bodySchema as JsonSchema).required;
  const statuses = [400, ...(takesBody ? [413, 415] : []), ...tool.errorStatuses, ...(tool.idempotencyKey ? [409, 422] : []), 429];
  const output = outputJsonSchema(tool.output);
  // Two statuses with one body: the schema once, in components.schemas (hoistDefinitions moves $defs there).
  const resultSchema = tool.http.existing ? { $ref: `#/$defs/${tool.name}_result`, $defs: { [`${tool.name}_result`]: output } } : output;
  return {
    operationId: tool.name,
    tags: [tool.toolset],
    summary: tool.title,
    description: tool.description,
    ...(parameters.length && { parameters }),
    ...(takesBody && {
      requestBody: {
        required: !!(bodySchema.required as string[] | undefined)?.length,
        content: { 'application/json': { schema: bodySchema } },
      },
    }),
    responses: {
      [String(tool.http.status)]: {
        description: { 200: 'OK', 201: 'Created', 202: 'Accepted' }[tool.http.status],
        content: { 'application/json': { schema: resultSchema } },
      },
      ...(tool.http.existing && {
        [String(tool.http.existing.status)]: {
          description: 'OK: nothing new was made; your existing one is answered',
          content: { 'application/json': { schema: { $ref: `#/$defs/${tool.name}_result` } } },
        },
      }),
      ...Object.fromEntries([...new Set(statuses)].sort().map((s) => [String(s), { $ref: `#/components/responses/Error${s}` }])),
    },
    security: tool.scopes.length ? [{ oauth2: [...tool.scopes] }, { apiKey: [] }] : [{}, { oauth2: [] }, { apiKey: [] }],
    'x-mcp-tool': tool.name,
    'x-mcp-annotations': tool.annotations,
  };
}

function parameter(name: string, where: 'path' | 'query', schema: JsonSchema | undefined, required: boolean) {
  const { description, ...rest } = schema ?? {};
  return { name, in: where, required, ...(description !== undefined && { description }), schema: rest };
}

/**
 * zod writes recursive shapes as `$defs` with `#/$defs/Name` references, which only resolve inside a
 * stand-alone schema. In the OpenAPI document they move to components.schemas.
 */
function hoistDefinitions<T>(node: T, shared: Record<string, JsonSchema>, owner: string): T {
  if (Array.isArray(node)) return node.map((n) => hoistDefinitions(n, shared, owner)) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$defs') {
      for (const [name, definition] of Object.entries(value as Record<string, JsonSchema>)) {
        const hoisted = hoistDefinitions(definition, shared, owner);
        if (shared[name] && JSON.stringify(shared[name]) !== JSON.stringify(hoisted)) {
          throw new Error(`${owner} defines schema ${name} differently from another tool; give one of them another id`);
        }
        shared[name] = hoisted;
      }
    } else if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
      out[key] = `#/components/schemas/${value.slice('#/$defs/'.length)}`;
    } else {
      out[key] = hoistDefinitions(value, shared, owner);
    }
  }
  return out as T;
}
