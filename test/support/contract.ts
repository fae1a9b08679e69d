import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { AnyTool } from '../../src/registry/tool.js';
import { mcpToolDefinition } from '../../src/mcp/tool-definition.js';
import { openApiOperation } from '../../rest/openapi.js';

/**
 * The public contract of a tool, as MCP clients and REST integrators see it, kept in a file snapshot
 * (test/tools/__contracts__/<name>.json): a change to it fails CI until the snapshot is updated on purpose.
 * A snapshot is never written by a plain run, in CI or not (vitest.config.ts sets `update: 'none'`): a missing one
 * fails, saying how to write it (`npx vitest run <the tool's test file> -u`), and the written file is reviewed.
 */
export async function expectContractUnchanged(tool: AnyTool): Promise<void> {
  const contract = {
    mcp: mcpToolDefinition(tool),
    openapi: { method: tool.http.method, path: `/api/v1${tool.http.path}`, operation: openApiOperation(tool) },
  };
  const file = `../tools/__contracts__/${tool.name}.json`;
  const writing = expect.getState().snapshotState.snapshotUpdateState === 'all';
  if (!writing && !existsSync(fileURLToPath(new URL(file, import.meta.url)))) {
    const testPath = expect.getState().testPath;
    const testFile = testPath ? path.relative(process.cwd(), testPath) : `test/tools/${tool.name}.test.ts`;
    expect.fail(
      `${tool.name} has no contract snapshot (test/tools/__contracts__/${tool.name}.json). Write it with ` +
        `\`npx vitest run ${testFile} -u\` (the file before -u, which takes an optional value), read it, and commit it with the tool.`,
    );
  }
  await expect(`${JSON.stringify(contract, null, 2)}\n`).toMatchFileSnapshot(file);
}
