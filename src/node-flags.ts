/**
 * Node flags the service runs with (`npm start` passes them; so do the tests and benchmarks that start it
 * as a process). --experimental-async-context-frame: AsyncLocalStorage (the MCP request scope) without
 * async hooks on every promise; about 12% more requests per second on a profile read. Default from Node 24.
 */
export const SERVICE_NODE_FLAGS = ['--experimental-async-context-frame'];
