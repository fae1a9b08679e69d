import type { Middleware } from 'koa';
import { SERVICE_SCOPES } from './oauth-server.js';
import { API_PREFIX, MCP_PATH } from '../src/web/paths.js';

const PREFIX = '/.well-known/oauth-protected-resource';

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) for the MCP server and the REST API: where a
 * client that got a 401 finds the authorization server and the scopes it can ask for.
 */
export function protectedResourceMetadata(publicUrl: string, siteName: () => string | Promise<string>): Middleware {
  // Each resource's name says the site's name as its settings say when the document is asked for.
  const resources = new Map<string, { path: string; name: string }>([
    [`${PREFIX}${MCP_PATH}`, { path: MCP_PATH, name: 'MCP server' }],
    [`${PREFIX}${API_PREFIX}`, { path: API_PREFIX, name: 'REST API' }],
  ]);
  return async (ctx, next) => {
    const resource = resources.get(ctx.path);
    if (!resource) return next();
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET');
      ctx.status = 204;
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD, OPTIONS');
      ctx.status = 405;
      return;
    }
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = document(publicUrl, resource.path, `${await siteName()} ${resource.name}`);
  };
}

function document(publicUrl: string, resourcePath: string, name: string) {
  return {
    resource: `${publicUrl}${resourcePath}`,
    authorization_servers: [publicUrl],
    scopes_supported: SERVICE_SCOPES,
    bearer_methods_supported: ['header'],
    resource_name: name,
    resource_documentation: `${publicUrl}/docs`,
  };
}
