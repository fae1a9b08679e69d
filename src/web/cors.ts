import type { Context, Middleware } from 'koa';
import { API_PREFIX, MCP_PATH } from './paths.js';

interface CorsArea {
  path: RegExp;
  methods: string;
}

/**
 * Where browser pages of any origin may call: the API, MCP and its server card, the metadata documents and client
 * registration. /oauth/token and /oauth/revoke are left to oidc-provider's own CORS (it echoes the
 * Origin, which clientBasedCORS allows for every client); pages and /oauth/authorize get none.
 */
const AREAS: CorsArea[] = [
  { path: new RegExp(`^${API_PREFIX}(/|$)`), methods: 'GET, POST, PUT, PATCH, DELETE' },
  { path: new RegExp(`^${MCP_PATH}$`), methods: 'GET, POST, DELETE' },
  { path: new RegExp(`^${MCP_PATH}/server-card$`), methods: 'GET' },
  { path: /^\/\.well-known\//, methods: 'GET' },
  { path: /^\/oauth\/register(\/|$)/, methods: 'GET, POST' },
];

const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Last-Event-ID',
  'If-None-Match',
];
/** MCP clients mirror tool arguments into Mcp-Param-<name> headers, whose names no list can hold. */
const MCP_HEADER = /^mcp-[a-z0-9-]+$/;

const EXPOSED_HEADERS = [
  'Request-Id',
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
  'Idempotent-Replayed',
  'WWW-Authenticate',
  'Location',
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  'ETag',
];

/** Browsers cap it (Chromium at two hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/**
 * CORS for bearer-authenticated clients: any origin, never credentials (no cookie is accepted on
 * these paths, so Access-Control-Allow-Credentials is never sent). Mount it before the handlers:
 * preflights are answered here, before MCP's Origin check and before any authentication.
 */
export function cors(): Middleware {
  const answerHeaders = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(', ') };
  return (ctx, next) => {
    const area = AREAS.find((candidate) => candidate.path.test(ctx.path));
    if (!area) return next();
    if (isPreflight(ctx)) return answerPreflight(ctx, area);
    // Set before the handler runs: the OAuth server and the MCP endpoint write their answers themselves.
    ctx.set(answerHeaders);
    return next();
  };
}

function isPreflight(ctx: Context): boolean {
  return ctx.method === 'OPTIONS' && ctx.get('Origin') !== '' && ctx.get('Access-Control-Request-Method') !== '';
}

function answerPreflight(ctx: Context, area: CorsArea): void {
  ctx.status = 204;
  ctx.set({
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': area.methods,
    'Access-Control-Allow-Headers': allowedHeaders(ctx.get('Access-Control-Request-Headers')).join(', '),
    'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
  });
  ctx.vary('Access-Control-Request-Headers');
}

function allowedHeaders(requested: string): string[] {
  const known = new Set(ALLOWED_HEADERS.map((name) => name.toLowerCase()));
  const mcpHeaders = requested
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => MCP_HEADER.test(name) && !known.has(name));
  return [...ALLOWED_HEADERS, ...new Set(mcpHeaders)];
}
