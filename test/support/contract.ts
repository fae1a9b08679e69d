import { expect } from 'vitest';
import type { AnyTool } from '../../src/registry/tool.js';
import { mcpToolDefinition } from '../../src/mcp/tool-definition.js';
import { openApiOperation } from '../../rest/openapi.js';

/**
 * The public contract of a tool, as MCP clients and REST integrators see it, kept in a file snapshot
 * (test/tools/__contracts__/<name>.json): a change to it fails CI until the snapshot is updated on purpose.
 */
export async function expectContractUnchanged(tool: AnyTool): Promise<void> {
  const contract = {
    mcp: mcpToolDefinition(tool),
    openapi: { method: tool.http.method, path: `/api/v1${tool.http.path}`, operation: openApiOperation(tool) },
  };
  await expect(`${JSON.stringify(contract, null, 2)}\n`).toMatchFileSnapshot(`../tools/__contracts__/${tool.name}.json`);
}
