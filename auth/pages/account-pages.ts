import type Router from '@koa/router';
import type { PageEnv } from './env.js';
import { signupRoutes } from './signup-page.js';
import { emailVerificationRoutes } from './email-verification.js';
import { signinRoutes } from './signin-page.js';
import { signoutRoutes } from './signout.js';
import { passwordResetRoutes } from './password-reset-pages.js';
import { accountRoutes } from './account-page.js';
import { apiKeysRoutes } from './api-keys-page.js';
import { deleteAccountRoutes } from './delete-account-page.js';

/**
 * Sign up, sign in, sign out, e-mail verification, password reset, the account, API keys and deleting the account. (A
 * listing's images and statistics are owner pages of the site: src/site/listing-images-page.ts, listing-stats-page.ts.)
 */
export function accountPageRoutes(router: Router, env: PageEnv): void {
  signupRoutes(router, env);
  emailVerificationRoutes(router, env);
  signinRoutes(router, env);
  signoutRoutes(router, env);
  passwordResetRoutes(router, env);
  accountRoutes(router, env);
  apiKeysRoutes(router, env);
  deleteAccountRoutes(router, env);
}
