/**
 * What an assistant carries in its context on every turn: the bytes of tools/list (JSON, as served) for every
 * address an MCP client can connect to: all tools, each toolset, and read_only. No database or load needed.
 * Goals (issue 20): all tools under 60 KB, the public directory under 20 KB; since the webhooks toolset (issue 19):
 * every tool but the webhooks under 60 KB, all under 67 KB, the webhooks under 7 KB (test/mcp/toolsets.test.ts holds them).
 */
import { loadRegistry } from '../src/registry/registry.js';
import { mcpToolDefinition } from '../src/mcp/tool-definition.js';
import { TOOLSET_NAMES } from '../src/registry/toolsets.js';
import type { AnyTool } from '../src/registry/tool.js';

const ALL_BUT_WEBHOOKS = TOOLSET_NAMES.filter((name) => name !== 'webhooks');
const GOALS: Record<string, number> = {
  '/mcp': 67_000,
  [`/mcp?toolsets=${ALL_BUT_WEBHOOKS.join(',')}`]: 60_000,
  '/mcp?toolsets=directory': 20_000,
  '/mcp?toolsets=webhooks': 7_000,
};

async function main() {
  const registry = await loadRegistry();
  const bytes = (tools: readonly AnyTool[]) => JSON.stringify({ tools: tools.map(mcpToolDefinition) }).length;
  const rows: [string, number, number][] = [
    ['/mcp', registry.tools.length, bytes(registry.tools)],
    (() => {
      const tools = registry.tools.filter((tool) => tool.toolset !== 'webhooks');
      return [`/mcp?toolsets=${ALL_BUT_WEBHOOKS.join(',')}`, tools.length, bytes(tools)] as [string, number, number];
    })(),
    ...TOOLSET_NAMES.map((name): [string, number, number] => {
      const tools = registry.tools.filter((tool) => tool.toolset === name);
      return [`/mcp?toolsets=${name}`, tools.length, bytes(tools)];
    }),
    [
      '/mcp?read_only=true',
      registry.tools.filter((t) => t.annotations.readOnlyHint).length,
      bytes(registry.tools.filter((t) => t.annotations.readOnlyHint)),
    ],
  ];
  const largest = [...registry.tools].sort((a, b) => bytes([b]) - bytes([a])).slice(0, 5);
  console.log('\n| tools/list of | tools | bytes | goal |\n|---|---|---|---|');
  for (const [address, count, size] of rows) {
    const goal = GOALS[address];
    console.log(
      `| \`${address}\` | ${count} | ${size.toLocaleString('en')} | ${goal ? `< ${goal.toLocaleString('en')}: ${size < goal ? 'met' : 'NOT met'}` : ''} |`,
    );
  }
  console.log(`\nlargest tools: ${largest.map((tool) => `${tool.name} ${bytes([tool]).toLocaleString('en')}`).join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
