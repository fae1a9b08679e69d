import { API_PREFIX, MCP_PATH } from '../src/web/paths.js';

/** The two protected resources of the service; access tokens carry one of them as their audience. */
export const MCP_RESOURCE_PATH = MCP_PATH;
export const API_RESOURCE_PATH = API_PREFIX;

export interface ProtectedResources {
  mcp: string;
  api: string;
}

export function protectedResources(publicUrl: string): ProtectedResources {
  return { mcp: `${publicUrl}${MCP_RESOURCE_PATH}`, api: `${publicUrl}${API_RESOURCE_PATH}` };
}

export function resourceMetadataUrl(publicUrl: string, resourcePath: string): string {
  return `${publicUrl}/.well-known/oauth-protected-resource${resourcePath}`;
}
