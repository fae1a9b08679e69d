import { ValidationError } from '../errors.js';
import { createRegistry, type Registry } from '../registry/registry.js';
import { isToolset, TOOLSET_NAMES, type Toolset } from '../registry/toolsets.js';

type Query = Record<string, string | string[] | undefined>;

/**
 * The tools an MCP client asked for in its address, as github-mcp-server offers them:
 * `/mcp?toolsets=directory,orders` (one or more toolsets), `/mcp?read_only=true` (only tools that change
 * nothing, read off each tool's readOnlyHint), both together, or neither (every tool). The answer is the
 * registry the request sees: tools/list lists only those, and a call of any other is an unknown tool.
 * A toolset name that does not exist, or a read_only that is not true or false, is a 400 naming it.
 */
export function toolSelection(registry: Registry): (query: Query) => ToolView {
  const everything: ToolView = { registry, toolNames: undefined };
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
      view = { registry: createRegistry(tools), toolNames: tools.map((tool) => tool.name) };
      views.set(key, view);
    }
    return view;
  };
}

/** The tools a request sees; toolNames lists them when they are not every tool. */
interface ToolView {
  registry: Registry;
  toolNames: readonly string[] | undefined;
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
