import type Router from '@koa/router';
import { endWebSession } from '../web-session.js';
import type { PageEnv } from './env.js';

/** POST /signout: ends this browser's session (a POST with the CSRF token, so no other site can sign you out). */
export function signoutRoutes(router: Router, env: PageEnv): void {
  router.post('/signout', async (ctx) => {
    await endWebSession(ctx, env);
    ctx.status = 303;
    ctx.redirect('/signin');
  });
}
