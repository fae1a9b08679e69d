import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/database.js';

/** The production start: `npm run build` compiles to dist/, and the compiled service starts and answers without tsx. */
const ROOT = path.resolve(import.meta.dirname, '../..');
let service: ServiceProcess | undefined;
let scratch: ScratchDatabase | undefined;
afterAll(async () => {
  await service?.stop(10_000);
  await scratch?.drop();
});

describe('the production build', () => {
  it('compiles, migrates a database, lists every operation and answers REST and MCP', async () => {
    await promisify(execFile)('npm', ['run', 'build'], { cwd: ROOT });
    const env: Record<string, string> = {};
    if (process.env.DATABASE_URL) {
      scratch = await createScratchDatabase(process.env.DATABASE_URL);
      env.DATABASE_URL = scratch.url;
    }
    service = await startServiceProcess(env, { compiled: true });
    // /readyz can answer before the start-up line is written (it follows the listen): wait for the line.
    const readyLine = () => service!.lines.map((line) => (line.startsWith('{') ? JSON.parse(line) : {})).find((entry) => entry.operations);
    for (let waited = 0; !readyLine() && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readyLine()?.operations).toBeGreaterThanOrEqual(34);
    const categories = await fetch(`${service.url}/api/v1/categories`);
    expect(categories.status).toBe(200);
    const mcp = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(await mcp.text()).toContain('get_listing');
    expect(await service.stop(20_000)).toBe(0);
  }, 120_000);
});
