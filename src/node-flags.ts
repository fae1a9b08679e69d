/**
 * Node flags the service runs with (`npm start` and `npm run start:prod` pass them; so do the tests and
 * benchmarks that start it as a process):
 * - --experimental-async-context-frame: AsyncLocalStorage (the MCP request scope, MikroORM's context)
 *   without async hooks on every promise; about 8% more requests per second. Default from Node 24.
 * - --max-old-space-size=384: V8 sizes its heap growth by this limit. Without it, on a machine with a lot
 *   of memory, the heap grew to ~570 MB under load although ~150 MB stays live; with it the service stays
 *   near 240 MB through the same load (npm run bench), with room above what it keeps (5,000 kept answers).
 */
export const SERVICE_NODE_FLAGS = ['--experimental-async-context-frame', '--max-old-space-size=384'];
