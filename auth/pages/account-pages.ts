import type Router from '@koa/router';
import type { PageEnv } from './env.js';

/** Sign up, sign in, sign out, e-mail verification, password reset, the account and API keys pages. */
export function accountPageRoutes(_router: Router, _env: PageEnv): void {}
