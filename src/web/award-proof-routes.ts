import type { Middleware } from 'koa';
import type { Services } from '../services.js';
import { awardPublicKeys } from '../catalogue/award-proofs.js';
import { findAward } from '../catalogue/awards.js';

const JWKS_PATH = '/.well-known/jwks.json';
/** /awards/{week}/{rank}.jwt: the proof of one award, as list_awards gives it. */
const PROOF_PATH = /^\/awards\/(\d{4}-\d{2}-\d{2})\/([1-3])\.jwt$/;

/**
 * The public keys award proofs are signed with (a JWK Set anyone can fetch to verify a proof offline), and each
 * award's proof at an address of its own, so a badge or a page can link to it.
 */
export function awardProofRoutes(services: Services): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === JWKS_PATH) {
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.type = 'application/jwk-set+json';
      ctx.body = await awardPublicKeys(services.db);
      return;
    }
    const match = PROOF_PATH.exec(ctx.path);
    if (!match) return next();
    const award = await findAward(services.db, match[1]!, Number(match[2]), services.config.publicUrl, services.signAward);
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (!award) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'No such award.';
      return;
    }
    ctx.type = 'application/jwt';
    ctx.body = award.proof;
  };
}
