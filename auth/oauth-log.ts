import type { EventEmitter } from 'node:events';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from '../src/logging/logger.js';

/** oidc-provider's events for requests it refused with an OAuth error (a 4xx the client was told about). */
const REFUSAL_EVENTS = [
  'authorization.error',
  'grant.error',
  'registration_create.error',
  'registration_read.error',
  'revocation.error',
  'discovery.error',
  'jwks.error',
  'pushed_authorization_request.error',
];

interface OAuthErrorFields {
  error?: unknown;
  error_description?: unknown;
}

/**
 * The authorization server's failures, which it otherwise only reports through the debug module.
 * Refusals carry the OAuth error code and description, never the request's parameters (codes,
 * verifiers, tokens); server errors carry the error itself (the logger keeps only its message and stack).
 */
export function logOAuthServer(provider: Provider, log: Logger): void {
  const events = provider as unknown as EventEmitter;
  events.on('server_error', (ctx: KoaContextWithOIDC, error: unknown) => {
    log.error({ request_id: requestIdOf(ctx), path: ctx.path, err: error }, 'authorization server error');
  });
  for (const event of REFUSAL_EVENTS) {
    events.on(event, (ctx: KoaContextWithOIDC, error: OAuthErrorFields) => {
      log.info(
        { request_id: requestIdOf(ctx), event, oauth_error: error.error, error_description: error.error_description },
        'authorization server refused a request',
      );
    });
  }
  // Koa's own error event (oidc-provider is a Koa application): without a listener Koa prints to stderr.
  events.on('error', (error: unknown, ctx?: KoaContextWithOIDC) => {
    log.error({ request_id: ctx && requestIdOf(ctx), path: ctx?.path, err: error }, 'authorization server error');
  });
}

/** The service set Request-Id on the shared response before handing the request to oidc-provider. */
function requestIdOf(ctx: KoaContextWithOIDC): string | undefined {
  const header = ctx.res.getHeader('request-id');
  return typeof header === 'string' ? header : undefined;
}
