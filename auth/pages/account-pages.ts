import type Router from '@koa/router';
import type { PageEnv } from './env.js';
import { signupRoutes } from './signup-page.js';
import { emailVerificationRoutes } from './email-verification.js';
import { signinRoutes } from './signin-page.js';
import { signoutRoutes } from './signout.js';
import { passwordResetRoutes } from './password-reset-pages.js';
import { accountRoutes } from './account-page.js';
import { apiKeysRoutes } from './api-keys-page.js';
import { listingImagesRoutes } from './listing-images-page.js';
import { listingStatsRoutes } from './listing-stats-page.js';
import { deleteAccountRoutes } from './delete-account-page.js';

/** Sign up, sign in, sign out, e-mail verification, password reset, the account, API keys, listing images and listing statistics pages, and deleting the account. */
export function accountPageRoutes(router: Router, env: PageEnv): void {
  signupRoutes(router, env);
  emailVerificationRoutes(router, env);
  signinRoutes(router, env);
  signoutRoutes(router, env);
  passwordResetRoutes(router, env);
  accountRoutes(router, env);
  apiKeysRoutes(router, env);
  listingImagesRoutes(router, env);
  listingStatsRoutes(router, env);
  deleteAccountRoutes(router, env);
}
