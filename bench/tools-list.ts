/**
 * What an assistant carries in its context on every turn: the bytes of tools/list (JSON, as served) for every
 * address an MCP client can connect to: all tools, each toolset, and read_only. Then the service itself (a test
 * app, on DATABASE_URL or embedded PGlite) listed by the official SDK client in both protocol eras, as
 * test/mcp/toolsets.test.ts reads it: what a caller without a staff role sees on /mcp, and what an admin sees on
 * /mcp?toolsets=admin. `--tools` also prints every tool's bytes, largest first.
 * Goals (issue 20, 29): every tool a caller without a staff role sees under 60 KB, the public directory under 20 KB,
 * the webhooks under 7 KB, the site team's toolset under 40 KB (test/mcp/toolsets.test.ts holds them).
 */
import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { loadRegistry } from '../src/registry/registry.js';
import { mcpToolDefinition } from '../src/mcp/tool-definition.js';
import { TOOLSET_NAMES } from '../src/registry/toolsets.js';
import type { AnyTool } from '../src/registry/tool.js';
import { createApiKey } from '../src/accounts/api-keys.js';
import { DEFAULT_SCOPES } from '../src/accounts/caller.js';
import { COMMAND_LINE } from '../src/staff/audit-log.js';
import { setStaffRole } from '../src/staff/roles.js';
import { startTestApp } from '../test/support/app.js';
import { makeAccount } from '../test/support/oauth.js';

const NON_STAFF = 'everyone but the site team';
const GOALS: Record<string, number> = {
  [NON_STAFF]: 60_000,
  '/mcp?toolsets=directory': 20_000,
  '/mcp?toolsets=webhooks': 7_000,
  '/mcp?toolsets=admin': 40_000,
};

const ERAS: { name: string; options: ClientOptions }[] = [
  { name: '2026-07-28', options: { versionNegotiation: { mode: { pin: '2026-07-28' } } } },
  { name: '2025-11-25', options: {} },
];

type Row = [address: string, tools: number, bytes: number, goal?: number];

const bytes = (tools: readonly AnyTool[]) => JSON.stringify({ tools: tools.map(mcpToolDefinition) }).length;
const formatted = (n: number) => n.toLocaleString('en');

function printTable(title: string, rows: Row[]) {
  console.log(`\n${title}\n\n| tools/list of | tools | bytes | goal |\n|---|---|---|---|`);
  for (const [address, count, size, goal] of rows) {
    const judged = goal ? `< ${formatted(goal)}: ${size < goal ? 'met' : 'NOT met'}` : '';
    console.log(`| \`${address}\` | ${count} | ${formatted(size)} | ${judged} |`);
  }
}

/** The definitions as the registry makes them (no server): every address, by the tools it lists. */
function offline(tools: readonly AnyTool[]): Row[] {
  const row = (address: string, listed: readonly AnyTool[], goal = GOALS[address]): Row => [address, listed.length, bytes(listed), goal];
  return [
    row(
      `/mcp (${NON_STAFF})`,
      tools.filter((tool) => !tool.staffRole),
      GOALS[NON_STAFF],
    ),
    row('/mcp (an admin: every tool)', tools),
    ...TOOLSET_NAMES.map((name) =>
      row(
        `/mcp?toolsets=${name}`,
        tools.filter((tool) => tool.toolset === name),
      ),
    ),
    row(
      `/mcp?read_only=true (${NON_STAFF})`,
      tools.filter((tool) => tool.annotations.readOnlyHint && !tool.staffRole),
    ),
  ];
}

/** tools/list as the SDK client reads it from the running service, in each protocol era (JSON.stringify(tools)). */
async function served(): Promise<Row[]> {
  const app = await startTestApp();
  try {
    const account = await makeAccount(app.db);
    await setStaffRole(app.db, { actor: COMMAND_LINE, email: account.email, role: 'admin', now: new Date() });
    const { key } = await createApiKey(app.db, {
      accountId: account.id,
      name: 'bench',
      scopes: [...DEFAULT_SCOPES, 'admin'],
      now: new Date(),
    });
    const rows: Row[] = [];
    for (const era of ERAS) {
      const list = async (query: string, headers: Record<string, string> = {}) => {
        const client = new Client({ name: 'tools-list-bench', version: '1.0.0' }, era.options);
        await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp${query}`), { requestInit: { headers } }));
        try {
          return (await client.listTools()).tools;
        } finally {
          await client.close();
        }
      };
      const asAnyone = await list('');
      const asAdmin = await list('?toolsets=admin', { authorization: `Bearer ${key}` });
      rows.push([`/mcp, ${NON_STAFF} (${era.name})`, asAnyone.length, JSON.stringify(asAnyone).length, GOALS[NON_STAFF]]);
      rows.push([
        `/mcp?toolsets=admin, an admin (${era.name})`,
        asAdmin.length,
        JSON.stringify(asAdmin).length,
        GOALS['/mcp?toolsets=admin'],
      ]);
    }
    return rows;
  } finally {
    await app.close();
  }
}

async function main() {
  const registry = await loadRegistry();
  printTable('The definitions (JSON of {tools}, no server):', offline(registry.tools));
  const largest = [...registry.tools].sort((a, b) => bytes([b]) - bytes([a]));
  if (process.argv.includes('--tools')) {
    console.log('\n| tool | toolset | bytes | description | input schema |\n|---|---|---|---|---|');
    for (const tool of largest) {
      const definition = mcpToolDefinition(tool);
      const [description, input] = [definition.description, definition.inputSchema].map((part) => JSON.stringify(part).length);
      console.log(`| ${tool.name} | ${tool.toolset} | ${formatted(bytes([tool]))} | ${description} | ${input} |`);
    }
  } else {
    console.log(
      `\nlargest tools: ${largest
        .slice(0, 5)
        .map((tool) => `${tool.name} ${formatted(bytes([tool]))}`)
        .join(', ')}`,
    );
  }
  printTable('As the SDK client reads it from the service (JSON of tools):', await served());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
