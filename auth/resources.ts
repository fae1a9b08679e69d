/** The two protected resources of the service; access tokens carry one of them as their audience. */
export const MCP_RESOURCE_PATH = '/mcp';
export const API_RESOURCE_PATH = '/api/v1';

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
