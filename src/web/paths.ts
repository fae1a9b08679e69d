/**
 * Where the two protected resources are served. In a module of their own so that auth/resources.ts
 * can use them without importing the MCP server or the REST router (which import it).
 */
export const MCP_PATH = '/mcp';
export const API_PREFIX = '/api/v1';
