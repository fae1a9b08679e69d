import Router from '@koa/router';
import type { Middleware } from 'koa';
import compose from 'koa-compose';
import type Provider from 'oidc-provider';
import type { Database } from '../src/db/database.js';
import type { Mailer } from '../src/mail/mailer.js';
import type { Logger } from '../src/logging/logger.js';
import type { HostLookup } from '../src/security/public-address.js';
import { randomToken } from '../src/security/random.js';
import { sharedSecret } from '../src/security/service-secrets.js';
import { callerResolver, type CallerResolver } from './credentials.js';
import { createOAuthServer } from './oauth-server.js';
import { protectedResourceMetadata } from './resource-metadata.js';
import { API_PREFIX, MCP_PATH, protectedResources } from '../src/web/paths.js';
import { csrfFor, currentAccount, formGuard, submittedForm, type PageEnv } from './pages/env.js';
import { consentRoutes } from './pages/consent-page.js';
import { accountPageRoutes } from './pages/account-pages.js';
import type { PageKit } from '../src/web/page-kit.js';
import { setCardSiteName } from '../src/web/layout.js';
import { cachedSiteSettings, SETTINGS_CACHE_SECONDS } from '../src/catalogue/site-settings.js';
import { signInPath } from './pages/require-sign-in.js';
import { hiddenCsrf } from './pages/form-parts.js';

export interface AuthParts {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  trustProxy: boolean;
  now: () => Date;
  log: Logger;
  outbound?: { fetch?: typeof fetch; lookup?: HostLookup };
}

export interface Auth {
  /** The authorization server, its metadata, the protected-resource metadata and the sign-in, account and consent pages. */
  middleware: Middleware;
  provider: Provider;
  /** Who calls the MCP server. */
  mcpCaller: CallerResolver;
  /** Who calls the REST API. */
  apiCaller: CallerResolver;
  /** The paths of every page form (POST route): each one passes formGuard. */
  formRoutes: string[];
  /** Sessions, CSRF and the form guard, for the public site's pages. */
  pageKit: PageKit;
}

const AUTHORIZATION_SERVER_PATHS = /^\/(oauth\/|\.well-known\/(oauth-authorization-server|openid-configuration)$)/;

export async function createAuth(parts: AuthParts): Promise<Auth> {
  const provider = await createOAuthServer(parts);
  const resources = protectedResources(parts.publicUrl);
  const secure = parts.publicUrl.startsWith('https:');
  const csrfKey = await sharedSecret(parts.db, 'csrf_key', () => randomToken(32));
  // The site's name in the pages' header, title, text and mail, from the settings as this instance keeps them.
  const settings = cachedSiteSettings(parts.db, SETTINGS_CACHE_SECONDS * 1000);
  const siteName = async () => (await settings()).site_name;
  const env: PageEnv = {
    db: parts.db,
    now: parts.now,
    secure,
    mailer: parts.mailer,
    log: parts.log,
    publicUrl: parts.publicUrl,
    siteName,
    csrf: { key: csrfKey, secure, origin: new URL(parts.publicUrl).origin },
  };
  const pages = new Router();
  pages.use(async (ctx, next) => {
    setCardSiteName(ctx, await siteName());
    return next();
  });
  // Before every route: each POST form is read and its CSRF token and Origin checked here, once.
  pages.use(formGuard(env));
  consentRoutes(pages, env, provider);
  accountPageRoutes(pages, env);

  const serveAuthorizationServer = provider.callback();
  const authorizationServer: Middleware = async (ctx, next) => {
    if (!AUTHORIZATION_SERVER_PATHS.test(ctx.path)) return next();
    ctx.respond = false;
    await serveAuthorizationServer(ctx.req, ctx.res);
  };

  const deps = { db: parts.db, provider, now: parts.now };
  const authRoutes = compose([
    authorizationServer,
    protectedResourceMetadata(parts.publicUrl, siteName),
    pages.routes() as Middleware,
    pages.allowedMethods() as Middleware,
  ]);
  return {
    // No page or endpoint of sign-in lives under the API or MCP paths: their requests skip the matching.
    middleware: (ctx, next) => (ctx.path === MCP_PATH || ctx.path.startsWith(`${API_PREFIX}/`) ? next() : authRoutes(ctx, next)),
    provider,
    mcpCaller: callerResolver(deps, resources.mcp),
    apiCaller: callerResolver(deps, resources.api),
    formRoutes: pages.stack.filter((layer) => layer.methods.includes('POST')).map((layer) => String(layer.path)),
    pageKit: {
      account: (ctx) => currentAccount(ctx, env),
      csrfField: (ctx) => hiddenCsrf(csrfFor(ctx, env)),
      formGuard: formGuard(env),
      form: submittedForm,
      signInPath,
    },
  };
}
