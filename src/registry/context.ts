import type { Scope } from './tool.js';
import type { Services } from '../services.js';

export interface Caller {
  accountId: string;
  via: 'token' | 'api_key';
  scopes: readonly Scope[];
}

/** What a handler gets besides its validated input. Surface-neutral: no HTTP, no MCP. */
export interface ToolContext {
  services: Services;
  caller: Caller | null;
  requestId: string;
}
