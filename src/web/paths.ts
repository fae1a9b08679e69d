/**
 * Where the service's two protected resources are served, and the addresses derived from them: the
 * one home of these paths for REST, MCP and the authorization server (which sit beside each other
 * and do not import one another). Access tokens carry one of the two resources as their audience.
 */
export const MCP_PATH = '/mcp';
export const API_PREFIX = '/api/v1';

export interface ProtectedResources {
  mcp: string;
  api: string;
}

export function protectedResources(publicUrl: string): ProtectedResources {
  return { mcp: `${publicUrl}${MCP_PATH}`, api: `${publicUrl}${API_PREFIX}` };
}

/** The protected-resource metadata document (RFC 9728) of the resource at `resourcePath`. */
export function resourceMetadataUrl(publicUrl: string, resourcePath: string): string {
  return `${publicUrl}/.well-known/oauth-protected-resource${resourcePath}`;
}
