import { type McpServer, ProtocolError, ProtocolErrorCode, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import type { Registry } from '../registry/registry.js';
import type { Services } from '../services.js';
import { invokeTool } from '../registry/invoke.js';
import { ProblemError } from '../errors.js';
import {
  completePublicKeys,
  listPublicPages,
  PUBLIC_PAGE_KINDS,
  type PublicPageKind,
  type PublicPagePosition,
} from '../catalogue/public-pages.js';
import { answerMarkdown } from './answer-markdown.js';

/**
 * The directory's public pages as MCP resources. A resource's URI is the page's own address on the site
 * (the `profile_url` or `url` the tools answer), so an assistant goes from any answer straight to
 * `resources/read`; reading it answers the same JSON as the tool that reads that page, and the same as
 * Markdown for a model. Only the public tools are behind them: a resource never needs sign-in.
 */
interface ResourceKind {
  kind: PublicPageKind;
  /** The path segment on the site: /listings/{slug}. */
  path: string;
  variable: 'slug' | 'week';
  tool: string;
  title: string;
  description: string;
}

const KINDS: readonly ResourceKind[] = [
  {
    kind: 'listing',
    path: 'listings',
    variable: 'slug',
    tool: 'get_listing',
    title: 'Listing profile',
    description: "A live or upcoming product's profile (get_listing)",
  },
  {
    kind: 'category',
    path: 'categories',
    variable: 'slug',
    tool: 'get_category',
    title: 'Category',
    description: 'A category with its most voted listings (get_category)',
  },
  {
    kind: 'launch_week',
    path: 'weeks',
    variable: 'week',
    tool: 'get_launch_week',
    title: 'Launch week',
    description: 'A launch week (YYYY-MM-DD of any day, or this, next, last) with its launches ranked by votes (get_launch_week)',
  },
  {
    kind: 'founder',
    path: 'founders',
    variable: 'slug',
    tool: 'get_founder',
    title: 'Founder',
    description: 'A founder with their companies and story (get_founder)',
  },
  {
    kind: 'blog_post',
    path: 'blog',
    variable: 'slug',
    tool: 'get_blog_post',
    title: 'Blog post',
    description: 'A post of the directory blog (get_blog_post)',
  },
];

const KIND_OF = new Map(KINDS.map((kind) => [kind.kind, kind]));

/** Resources listed per page of resources/list. */
const PAGE_SIZE = 100;

/** Public data changes with votes and edits: a minute, for anyone. */
export const RESOURCE_CACHE = { ttlMs: 60_000, cacheScope: 'public' } as const;

type Deps = { registry: Registry; services: Services; publicUrl: string };

const pageUri = (publicUrl: string, kind: ResourceKind, key: string) => `${publicUrl}/${kind.path}/${encodeURIComponent(key)}`;

/**
 * A public page's JSON as its public tool answers it, with its address; undefined when there is no such page
 * (a key that is not a slug or week is as unknown as one that names nothing).
 */
export async function readPublicPage(
  deps: Deps,
  kind: PublicPageKind,
  key: string,
): Promise<{ uri: string; answer: Record<string, unknown> } | undefined> {
  const about = KIND_OF.get(kind)!;
  try {
    const { result } = await invokeTool(
      deps.registry.get(about.tool)!,
      { [about.variable]: key },
      { services: deps.services, caller: null, requestId: 'resource' },
      { surface: 'mcp' },
    );
    return { uri: pageUri(deps.publicUrl, about, key), answer: result as Record<string, unknown> };
  } catch (error) {
    if (error instanceof ProblemError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
}

/**
 * The resources, made once (templates, completions) and registered on each request's server by the function
 * answered; undefined for a registry without the directory's reads (a test's), which serves no resources.
 */
export function directoryResources(deps: Deps): ((server: McpServer) => void) | undefined {
  if (!KINDS.every((kind) => deps.registry.get(kind.tool))) return undefined;
  const templates = KINDS.map((kind) => ({
    kind,
    template: new ResourceTemplate(`${deps.publicUrl}/${kind.path}/{${kind.variable}}`, {
      list: undefined, // listed, paged, by the resources/list handler below
      complete: { [kind.variable]: (value: string) => completePublicKeys(deps.services.db, kind.kind, value, deps.services.now()) },
    }),
  }));
  return (server) => register(server, deps, templates);
}

function register(server: McpServer, deps: Deps, templates: { kind: ResourceKind; template: ResourceTemplate }[]): void {
  for (const { kind, template } of templates) {
    server.registerResource(
      kind.kind,
      template,
      { title: kind.title, description: kind.description, mimeType: 'application/json', cacheHint: RESOURCE_CACHE },
      async (uri, variables) => {
        const value = variables[kind.variable];
        const page = await readPublicPage(deps, kind.kind, String(Array.isArray(value) ? value[0] : value));
        if (!page) throw new ResourceNotFoundError(uri.href);
        const { answer } = page;
        return {
          contents: [
            { uri: uri.href, mimeType: 'application/json', text: JSON.stringify(answer) },
            { uri: uri.href, mimeType: 'text/markdown', text: answerMarkdown(answer) },
          ],
        };
      },
    );
  }
  // The SDK's own resources/list asks every template for all its resources at once; the directory has
  // too many for one answer, so it is listed in pages (an opaque cursor, 100 a page).
  server.server.setRequestHandler('resources/list', async (request) => {
    const from = readCursor(request.params?.cursor);
    const { pages, next } = await listPublicPages(deps.services.db, from, PAGE_SIZE, deps.services.now());
    return {
      resources: pages.map((page) => {
        const kind = KIND_OF.get(page.kind)!;
        return {
          uri: pageUri(deps.publicUrl, kind, page.key),
          name: `${kind.kind}/${page.key}`,
          title: page.name,
          description: page.description || kind.title,
          mimeType: 'application/json',
        };
      }),
      ...(next && { nextCursor: Buffer.from(JSON.stringify(next)).toString('base64url') }),
    };
  });
}

function readCursor(cursor: string | undefined): PublicPagePosition {
  if (cursor === undefined) return { kind: 0, offset: 0 };
  try {
    const position = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as PublicPagePosition;
    if (
      Number.isInteger(position.kind) &&
      Number.isInteger(position.offset) &&
      position.kind >= 0 &&
      position.kind < PUBLIC_PAGE_KINDS.length &&
      position.offset >= 0
    )
      return position;
  } catch {
    // answered below
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: pass the nextCursor of an earlier resources/list answer');
}
