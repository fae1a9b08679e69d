import http from 'node:http';
import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Registry } from './registry/registry.js';
import type { Services } from './services.js';
import type { Caller } from './registry/context.js';
import { restApi } from '../rest/router.js';
import { docsPage } from '../rest/docs.js';
import { mcpMiddleware } from './mcp/server.js';
import { badgeImages } from './web/badge-route.js';
import { securityHeaders } from './web/security-headers.js';
import { ResultCache } from './registry/result-cache.js';

export interface AppParts {
  config: Config;
  db: Database;
  registry: Registry;
  now?: () => Date;
}

export interface App {
  koa: Koa;
  services: Services;
  server: http.Server;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/** The composition root: one Koa application serving REST, MCP, the docs and badge images. */
export function createApp(parts: AppParts): App {
  const services: Services = { config: parts.config, db: parts.db, now: parts.now ?? (() => new Date()), resultCache: new ResultCache() };
  const resolveCaller = async (): Promise<Caller | null> => null; // accounts and tokens arrive with the auth issue
  const koa = new Koa({ proxy: false });
  koa.use(async (ctx, next) => {
    ctx.state.requestId = randomUUID();
    ctx.set('Request-Id', ctx.state.requestId);
    await next();
  });
  koa.use(securityHeaders());
  koa.use(mcpMiddleware({
    registry: parts.registry,
    services,
    publicUrl: parts.config.publicUrl,
    allowedHosts: parts.config.allowedHosts,
    resolveCaller,
    newRequestId: randomUUID,
  }));
  const logFailure = (error: unknown, requestId: string) => console.error(`request ${requestId} failed:`, error);
  koa.use(restApi({ registry: parts.registry, services, publicUrl: parts.config.publicUrl, resolveCaller, onError: logFailure }));
  koa.use(docsPage({ registry: parts.registry, publicUrl: parts.config.publicUrl }));
  koa.use(badgeImages(services));
  const server = http.createServer(koa.callback());
  return {
    koa,
    services,
    server,
    listen(port = parts.config.port, host = parts.config.host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address();
          resolve(typeof address === 'object' && address ? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}` : String(address));
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}
