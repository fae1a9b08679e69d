import { generateKeyPairSync, randomUUID } from 'node:crypto';
import Provider, { errors, type Configuration, type Grant, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../src/db/database.js';
import { findAccount } from '../src/accounts/accounts.js';
import { DEFAULT_SCOPES, SCOPE_NAMES } from '../src/accounts/caller.js';
import { randomToken } from '../src/security/random.js';
import { sharedSecret } from '../src/security/service-secrets.js';
import { hostIsPublic, systemLookup, type HostLookup } from '../src/security/public-address.js';
import { postgresAdapter } from './oauth-storage.js';
import { protectedResources } from '../src/web/paths.js';
import { AddressGuard } from '../src/outbound/address-guard.js';
import { guardedFetch } from '../src/outbound/guarded-fetch.js';
import { renderOAuthError } from './pages/oauth-error-page.js';
import { logOAuthServer } from './oauth-log.js';
import { alignGrantWithRole, splitByRole, STAFF_ROLE, staffRoleOf } from './staff-scopes.js';
import type { Logger } from '../src/logging/logger.js';

export const SERVICE_SCOPES = SCOPE_NAMES;
const ACCESS_TOKEN_SECONDS = 3600;
const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  end_session: '/oauth/end-session',
  introspection: '/oauth/introspect',
  userinfo: '/oauth/userinfo',
  pushed_authorization_request: '/oauth/par',
} as const;

export interface OAuthServerOptions {
  db: Database;
  publicUrl: string;
  trustProxy: boolean;
  log: Logger;
  /**
   * How Client ID Metadata Documents are fetched, and how their host names resolve for the
   * private-address check. Tests put loopback fakes of the outside world here.
   */
  outbound?: { fetch?: typeof fetch; lookup?: HostLookup };
}

/**
 * The OAuth 2.1 authorization server (oidc-provider): authorization code with PKCE S256 for every
 * client, refresh-token rotation, revocation, dynamic registration and Client ID Metadata
 * Documents, resource indicators binding each token to /mcp or /api/v1. State lives in PostgreSQL.
 */
export async function createOAuthServer(options: OAuthServerOptions): Promise<Provider> {
  const resources = protectedResources(options.publicUrl);
  const knownResources = new Set([resources.mcp, resources.api]);
  const cookieKeys = await sharedSecret(options.db, 'oauth_cookie_keys', () => [randomToken(32)]);
  const jwks = await sharedSecret(options.db, 'oauth_signing_keys', () => ({ keys: [signingKey()] }));
  const lookup = options.outbound?.lookup ?? systemLookup;

  const configuration: Configuration = {
    adapter: postgresAdapter(options.db),
    jwks: jwks as Configuration['jwks'],
    cookies: { keys: cookieKeys },
    routes: OAUTH_ROUTES,
    scopes: ['openid', 'offline_access', ...SERVICE_SCOPES],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    clientBasedCORS: () => true,
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    sectorIdentifierUriValidate: () => false,
    extraClientMetadata: { properties: ['redirect_uris'], validator: refuseInsecureRedirects },
    // Tokens outlive the browser session that granted them (refresh tokens last REFRESH_TOKEN_SECONDS).
    expiresWithSession: async () => false,
    features: serverFeatures(resources, knownResources, lookup),
    // Documents are fetched through the outbound address guard: the address is checked when the connection is made.
    fetch: options.outbound?.fetch ?? guardedFetch(new AddressGuard({ allowHosts: [], lookup })),
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Called before the presented token is consumed: a refused target must leave the grant alone.
    rotateRefreshToken: (ctx) => {
      refuseTargetOutsideGrant(ctx, knownResources);
      keepStaffScopesToStaff(ctx);
      return true;
    },
    loadExistingGrant: loadGrantForRole,
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_SECONDS, // when a client asks for openid
      RefreshToken: REFRESH_TOKEN_SECONDS,
      Grant: 365 * 24 * 3600,
      Session: 14 * 24 * 3600,
      Interaction: 3600,
    },
    interactions: { url: async (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: accountFinder(options.db),
    renderError: async (ctx, out) => renderOAuthError(ctx as unknown as KoaContextWithOIDC, out),
  };

  const provider = new Provider(options.publicUrl, configuration);
  provider.proxy = options.trustProxy;
  provider.use(defaultScopeWhenNoneRequested);
  logOAuthServer(provider, options.log);
  return provider;
}

/**
 * The features served: registration, revocation and resource indicators (each token bound to /mcp or /api/v1), and
 * Client ID Metadata Documents from public hosts only; no development interactions, DPoP, logout or userinfo.
 */
function serverFeatures(
  resources: ReturnType<typeof protectedResources>,
  knownResources: ReadonlySet<string>,
  lookup: HostLookup,
): Configuration['features'] {
  return {
    devInteractions: { enabled: false },
    dPoP: { enabled: false },
    registration: { enabled: true },
    revocation: { enabled: true },
    rpInitiatedLogout: { enabled: false },
    userinfo: { enabled: false },
    resourceIndicators: {
      enabled: true,
      defaultResource: async (_ctx, _client, oneOf) => oneOf ?? resources.mcp,
      useGrantedResource: async () => true,
      getResourceServerInfo: async (_ctx, indicator) => {
        if (!knownResources.has(indicator)) throw new errors.InvalidTarget(`unknown resource; use ${resources.mcp} or ${resources.api}`);
        return {
          scope: SERVICE_SCOPES.join(' '),
          audience: indicator,
          accessTokenTTL: ACCESS_TOKEN_SECONDS,
          accessTokenFormat: 'opaque',
        };
      },
    },
    ...({
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        allowFetch: async (_ctx: unknown, clientId: string) => hostIsPublic(new URL(clientId).hostname, lookup),
        cacheDuration: { min: 60, max: 86_400 },
      },
    } as object),
  };
}

/** The account a grant names, with its staff role (for the staff scopes) and its e-mail claims. */
function accountFinder(db: Database): Configuration['findAccount'] {
  return async (_ctx, id) => {
    const account = await findAccount(db, id);
    if (!account) return undefined;
    return {
      accountId: account.id,
      [STAFF_ROLE]: account.role,
      claims: async () => ({ sub: account.id, email: account.email, email_verified: account.emailVerified }),
    };
  };
}

/**
 * A refresh naming a resource this service does not serve, or one the grant never covered, is
 * `invalid_target` before anything is consumed (oidc-provider checks the target only after rotating).
 */
function refuseTargetOutsideGrant(ctx: KoaContextWithOIDC, knownResources: ReadonlySet<string>): void {
  const asked = ctx.oidc.params?.resource;
  if (asked === undefined) return;
  const granted = ctx.oidc.entities.RefreshToken?.resourceIndicators;
  const target = Array.isArray(asked) && asked.length === 1 ? asked[0] : asked;
  if (typeof target !== 'string' || !knownResources.has(target) || !granted?.has(target)) {
    throw new errors.InvalidTarget('the refresh token was not granted for that resource; it stays valid');
  }
}

/**
 * The grant this browser's session holds for the client, in line with the account's role as it is now: staff-only
 * scopes it granted leave it when the account has no staff role (they are not issued, and asking for them again
 * comes to the consent page), and staff-only scopes it rejected leave it when the account has one.
 */
async function loadGrantForRole(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const clientId = ctx.oidc.client?.clientId;
  const grantId = ctx.oidc.result?.consent?.grantId || (clientId && ctx.oidc.session?.grantIdFor(clientId));
  if (!grantId) return undefined;
  const grant = await ctx.oidc.provider.Grant.find(grantId);
  if (grant) alignGrantWithRole(grant, staffRoleOf(ctx.oidc.account));
  return grant;
}

/**
 * A refresh issues no staff-only scope to an account without a staff role, whatever its grant and refresh token
 * say (both may predate a demotion): the grant is put in line with the role in memory and the presented token's
 * scope loses them before the new one copies it.
 */
function keepStaffScopesToStaff(ctx: KoaContextWithOIDC): void {
  const role = staffRoleOf(ctx.oidc.entities.Account);
  const grant = ctx.oidc.entities.Grant;
  const refreshToken = ctx.oidc.entities.RefreshToken;
  if (grant) alignGrantWithRole(grant, role);
  if (refreshToken?.scope) refreshToken.scope = splitByRole(refreshToken.scope.split(' '), role).allowed.join(' ');
}

/** A client that asks for no scope (many MCP clients) is asked for the default scopes (all but webhooks:write); the person still consents. */
async function defaultScopeWhenNoneRequested(ctx: KoaContextWithOIDC, next: () => Promise<unknown>): Promise<void> {
  if (ctx.path === OAUTH_ROUTES.authorization && ctx.method === 'GET' && !ctx.query.scope) {
    ctx.query = { ...ctx.query, scope: DEFAULT_SCOPES.join(' ') };
  }
  await next();
}

/**
 * Redirect URIs must be https, a loopback http address (native apps), or a private-use scheme (com.example.app:/cb),
 * and have no wildcard: `*` would be taken as a literal, but reads as "any host" to a person consenting (issue 52).
 */
function refuseInsecureRedirects(_ctx: unknown, key: string, value: unknown): void {
  if (key !== 'redirect_uris' || !Array.isArray(value)) return;
  for (const uri of value) {
    if (String(uri).includes('*')) throw new errors.InvalidClientMetadata('redirect_uris must not contain a wildcard (*)');
    const url = URL.parse(String(uri));
    if (!url) continue;
    const loopback = url.hostname === '127.0.0.1' || url.hostname === '[::1]' || url.hostname === 'localhost';
    if (url.protocol === 'http:' && !loopback) {
      throw new errors.InvalidClientMetadata('redirect_uris must use https (http only for loopback addresses)');
    }
  }
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' };
}
