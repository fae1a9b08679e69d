/**
 * `npm run check:routes` (part of `npm run check`): the REST routes of every tool in tools/ go into one route table,
 * which refuses two routes that can answer the same request with neither more specific (rest/route-table.ts), naming
 * both operations. The service refuses them when it starts too; this says so before a test or a start.
 */
import { restRoutes } from '../rest/router.js';
import { loadRegistry } from '../src/registry/registry.js';

const registry = await loadRegistry();
try {
  restRoutes(registry, null, () => null);
} catch (error) {
  console.error(`check:routes: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`check:routes: ${registry.tools.length} operations, no two routes overlap`);
process.exit(0);
