import net from 'node:net';
import { MCP_PATH } from '../web/paths.js';
import { slugify } from '../text/slugify.js';
import { MODERN_PROTOCOL_VERSION, PROTOCOL_VERSIONS } from '../registry/protocol-versions.js';
import { SERVER_INFO } from './server-info.js';
import { isRecord } from './json-rpc.js';
import { DEFAULT_SITE_SETTINGS } from '../catalogue/site-settings.js';

/** Where the card is served: the MCP address followed by /server-card, the location the Server Card draft reserves. */
export const SERVER_CARD_PATH = `${MCP_PATH}/server-card`;
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
/** The MCP Registry's server.json schema the repository's server.json follows (test/fixtures/mcp-registry). */
const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** At most 100 characters, as both schemas require. */
const DESCRIPTION = 'Search launched software products, follow weekly launches and leaderboards, and submit your own.';

/** What the MCP server lists to an anonymous client, as its own answers say (tools/list, resources/templates/list, prompts/list). */
export interface Primitives {
  tools: Record<string, unknown>[];
  resourceTemplates: Record<string, unknown>[];
  prompts: Record<string, unknown>[];
}

/**
 * The server's name in the MCP Registry's reverse-DNS form, from the configured site: the public host's domain
 * reversed, then the site's name as a slug (`https://launch-directory.example` and "Launch Directory" →
 * `example.launch-directory/launch-directory`). A registry namespace is proven by owning its domain, so each
 * deployment is named for the host it is served from; an IP address is no domain and is not reversed
 * (`127.0.0.1/launch-directory`, never `1.0.0.127/…`).
 */
export function registryName(publicUrl: string, siteName: string = DEFAULT_SITE_SETTINGS.site_name): string {
  return `${registryNamespace(publicUrl)}/${slugify(siteName, SERVER_INFO.name)}`;
}

function registryNamespace(publicUrl: string): string {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  const safe = host.replace(/[^a-zA-Z0-9.-]/g, '-');
  return net.isIP(host) ? safe : safe.split('.').reverse().join('.');
}

/** The key of the card's `_meta` entry listing the primitives: the name's own namespace. */
export function primitivesMetaKey(publicUrl: string): string {
  return `${registryNamespace(publicUrl)}/primitives`;
}

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The MCP Registry entry (server.json) of the deployment at publicUrl: one remote, Streamable HTTP, titled by the site's name. */
export function registryEntry(publicUrl: string, siteName: string = DEFAULT_SITE_SETTINGS.site_name) {
  const base = origin(publicUrl);
  return {
    $schema: SERVER_JSON_SCHEMA,
    name: registryName(base, siteName),
    title: siteName,
    description: DESCRIPTION,
    version: SERVER_INFO.version,
    websiteUrl: `${base}/`,
    remotes: [{ type: 'streamable-http', url: `${base}${MCP_PATH}` }],
  };
}

/**
 * The Server Card (SEP-2127, the experimental-ext-server-card draft): the registry entry's identity and remote,
 * the protocol revisions the remote serves, and, under the name's namespace in `_meta` (the card's extension point:
 * the draft itself leaves primitives to the list operations), the tools, resource templates and prompts an
 * anonymous client is listed, taken from the server's own answers so that they cannot drift from it.
 */
export function serverCard(publicUrl: string, primitives: Primitives, siteName: string) {
  const { $schema: _registrySchema, remotes, ...identity } = registryEntry(publicUrl, siteName);
  return {
    $schema: SERVER_CARD_SCHEMA,
    ...identity,
    // The revisions the address serves: 2026-07-28 and the initialize-based 2025 ones.
    remotes: remotes.map((remote) => ({ ...remote, supportedProtocolVersions: [...PROTOCOL_VERSIONS] })),
    _meta: {
      [primitivesMetaKey(publicUrl)]: {
        tools: primitives.tools.map((tool) => pick(tool, ['name', 'title', 'description', 'annotations'])),
        resourceTemplates: primitives.resourceTemplates.map((template) =>
          pick(template, ['uriTemplate', 'name', 'title', 'description', 'mimeType']),
        ),
        prompts: primitives.prompts.map((prompt) => pick(prompt, ['name', 'title', 'description', 'arguments'])),
      },
    },
  };
}

export type ServerCard = ReturnType<typeof serverCard>;

function pick(entry: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => entry[key] !== undefined).map((key) => [key, entry[key]]));
}

/** Serves one HTTP request to the MCP endpoint in-process (the SDK handler's web face). */
type ServeMcp = (request: Request) => Promise<Response>;

/** Asks the MCP server itself, as an anonymous 2026-07-28 client would: every page of tools/list, resources/templates/list and prompts/list. */
export async function listPrimitives(serve: ServeMcp, mcpUrl: string): Promise<Primitives> {
  return {
    tools: await listAll(serve, mcpUrl, 'tools/list', 'tools'),
    resourceTemplates: await listAll(serve, mcpUrl, 'resources/templates/list', 'resourceTemplates'),
    prompts: await listAll(serve, mcpUrl, 'prompts/list', 'prompts'),
  };
}

async function listAll(serve: ServeMcp, mcpUrl: string, method: string, field: string): Promise<Record<string, unknown>[]> {
  const entries: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const result = await ask(serve, mcpUrl, method, cursor === undefined ? {} : { cursor });
    const page = result[field];
    if (Array.isArray(page)) entries.push(...page.filter(isRecord));
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
  } while (cursor !== undefined);
  return entries;
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL_VERSION,
  'io.modelcontextprotocol/clientInfo': { name: `${SERVER_INFO.name}-server-card`, version: SERVER_INFO.version },
  'io.modelcontextprotocol/clientCapabilities': {},
};

async function ask(
  serve: ServeMcp,
  mcpUrl: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const response = await serve(
    new Request(mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN_PROTOCOL_VERSION,
        'mcp-method': method,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: ENVELOPE } }),
    }),
  );
  const text = await response.text();
  // A JSON answer, or an SSE stream whose data line carries it.
  const json = response.headers.get('content-type')?.startsWith('text/event-stream')
    ? text
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice('data: '.length)
    : text;
  const message: unknown = json === undefined ? undefined : JSON.parse(json);
  if (!isRecord(message) || !isRecord(message.result))
    throw new Error(`The MCP server did not answer ${method} for the server card: ${text}`);
  return message.result;
}
