import { AsyncLocalStorage } from 'node:async_hooks';
import type { Caller } from '../accounts/caller.js';
import { DEFAULT_SITE_SETTINGS } from '../catalogue/site-settings.js';

/** What one HTTP request to /mcp knows before the SDK takes over: who calls, and the id errors quote. */
export interface McpRequestScope {
  caller: Caller | null;
  requestId: string;
  /**
   * The names of the tools the request calls, when it does nothing else: its server registers only
   * those (registering all of them cost more than answering a profile). Absent: every tool.
   */
  toolNames?: readonly string[];
  /** The request does nothing but call tools (toolNames are then the ones it calls). */
  callsOnly?: boolean;
  /** The tools listed depend on the caller (the site team's tools for a staff role): lists are not for shared caches. */
  perCaller?: boolean;
  /** The site's name as its settings said when the request came in: the server's instructions and prompts name it. */
  siteName?: string;
}

/**
 * The SDK builds a server per HTTP request through a factory it calls itself; this carries the
 * request's scope from the Koa middleware to that factory without threading it through the SDK.
 */
const storage = new AsyncLocalStorage<McpRequestScope>();

export function runInRequestScope<T>(scope: McpRequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function currentRequestScope(): McpRequestScope | undefined {
  return storage.getStore();
}

/** The site's name the request's scope carries; the default site name outside a scope or where none was read. */
export function scopeSiteName(): string {
  return storage.getStore()?.siteName ?? DEFAULT_SITE_SETTINGS.site_name;
}
