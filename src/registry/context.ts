import type { Caller } from '../accounts/caller.js';
import type { Services } from '../services.js';

/** What a handler gets besides its validated input. Surface-neutral: no HTTP, no MCP. */
export interface ToolContext {
  services: Services;
  caller: Caller | null;
  requestId: string;
}

/** The context of a tool with scopes: invokeTool has checked that a caller with them is present. */
export interface SignedInContext extends ToolContext {
  caller: Caller;
}
