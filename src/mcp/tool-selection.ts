import { ValidationError } from '../errors.js';
import { createRegistry, type Registry } from '../registry/registry.js';
import { isToolset, TOOLSET_NAMES, type Toolset } from '../registry/toolsets.js';
import { roleAllows, type StaffRole } from '../staff/roles.js';

type Query = Record<string, string | string[] | undefined>;

/**
 * The tools an MCP client asked for in its address, as github-mcp-server offers them:
 * `/mcp?toolsets=directory,orders` (one or more toolsets), `/mcp?read_only=true` (only tools that change
 * nothing, read off each tool's readOnlyHint), both together, or neither (every tool). The answer is the
 * registry the request sees: tools/list lists only those, and a call of any other is an unknown tool.
 * A toolset name that does not exist, or a read_only that is not true or false, is a 400 naming it.
 *
 * The site team's tools (those with a staffRole) are listed only for a caller whose staff role allows them, so
 * nobody else pays for their bytes; they stay callable by name, where the caller meets the 401 or 403 that says
 * what is missing.
 */
export function toolSelection(registry: Registry): (query: Query) => ToolView {
  const everything = toolView(registry, true);
  const views = new Map<string, ToolView>();
  return (query) => {
    const toolsets = parseToolsets(query.toolsets);
    const readOnly = parseReadOnly(query.read_only);
    if (!toolsets && !readOnly) return everything;
    const key = `${toolsets?.join(',') ?? '*'}|${readOnly}`;
    let view = views.get(key);
    if (!view) {
      const wanted = toolsets && new Set<Toolset>(toolsets);
      const tools = registry.tools.filter((tool) => (!wanted || wanted.has(tool.toolset)) && (!readOnly || tool.annotations.readOnlyHint));
      view = toolView(createRegistry(tools), false);
      views.set(key, view);
    }
    return view;
  };
}

/** The tools a request sees: the registry it can call, and the names listed for a caller of a staff role (or none). */
interface ToolView {
  registry: Registry;
  /** The tools listed to a caller with this staff role; undefined: every tool of the registry. */
  listed(role: StaffRole | undefined): readonly string[] | undefined;
}

const LISTED_ROLES: readonly (StaffRole | undefined)[] = [undefined, 'admin', 'editor', 'moderator'];

/**
 * Tools in the order tools/list names them: those anyone may call first (the directory's reads), then those that need
 * an account, each group in the registry's order. A client that tries the first tool listed meets a public one.
 */
export function publicFirst<T extends { scopes: readonly string[] }>(tools: readonly T[]): T[] {
  return [...tools.filter((tool) => tool.scopes.length === 0), ...tools.filter((tool) => tool.scopes.length > 0)];
}

function toolView(registry: Registry, isEverything: boolean): ToolView {
  const tools = publicFirst(registry.tools);
  const listed = new Map(
    LISTED_ROLES.map((role) => {
      const names = tools.filter((tool) => !tool.staffRole || roleAllows(role, tool.staffRole)).map((tool) => tool.name);
      return [role, isEverything && names.length === tools.length ? undefined : names] as const;
    }),
  );
  return { registry, listed: (role) => listed.get(role) };
}

function parseToolsets(value: string | string[] | undefined): Toolset[] | undefined {
  if (value === undefined) return undefined;
  const names = [
    ...new Set(
      (Array.isArray(value) ? value : [value])
        .flatMap((entry) => entry.split(','))
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((name) => !isToolset(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new ValidationError([
      {
        path: '/toolsets',
        message: `${names.length === 0 ? 'No toolset named' : `Unknown toolset ${unknown.map((name) => `"${name}"`).join(', ')}`}; the toolsets are ${TOOLSET_NAMES.join(', ')} (comma-separated)`,
      },
    ]);
  }
  return (names as Toolset[]).sort();
}

function parseReadOnly(value: string | string[] | undefined): boolean {
  if (value === undefined) return false;
  const text = Array.isArray(value) ? value.at(-1) : value;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new ValidationError([{ path: '/read_only', message: 'Must be true or false' }]);
}
