import type { Scope } from './tool.js';
import type { Services } from '../services.js';

/** What the caller signed in with: an OAuth access token (issued to a client for one resource) or an API key. */
export type Credential =
  | { kind: 'token'; clientId: string; resource: string; expiresAt: string }
  | { kind: 'api_key'; keyId: string; name: string; prefix: string };

export interface Caller {
  accountId: string;
  scopes: readonly Scope[];
  credential: Credential;
}

/** What a handler gets besides its validated input. Surface-neutral: no HTTP, no MCP. */
export interface ToolContext {
  services: Services;
  caller: Caller | null;
  requestId: string;
}
