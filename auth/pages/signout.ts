import type Router from '@koa/router';
import { endWebSession } from '../web-session.js';
import type { PageEnv } from './env.js';

/**
 * Where sign-out lands: the home page, which says "You are signed out." at the top of its main part for this flag
 * (src/site/home-page.ts keeps that page apart from the plain home page in its cache).
 */
const SIGNED_OUT_PATH = '/?signed_out=1';

/**
 * POST /signout: ends this browser's session (a POST with the CSRF token, so no other site can sign you out) and goes
 * to the home page, which says so.
 */
export function signoutRoutes(router: Router, env: PageEnv): void {
  router.post('/signout', async (ctx) => {
    await endWebSession(ctx, env);
    ctx.status = 303;
    ctx.redirect(SIGNED_OUT_PATH);
  });
}
