import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../../src/web/html.js';
import { acceptInvite, findPendingInvite } from '../../src/drafting/draft-invites.js';
import { csrfFor, submittedForm, type PageEnv } from './env.js';
import { hiddenCsrf, renderPage } from './layout.js';
import { queryValue } from './request-values.js';
import { requireSignedIn } from './require-sign-in.js';

/** The link of a co-founder invite: a signed-in person confirms, and becomes an owner of the draft and its listing. */
export function inviteRoutes(router: Router, env: PageEnv): void {
  router.get('/invites/accept', async (ctx) => {
    const token = queryValue(ctx, 'token') ?? '';
    const account = await requireSignedIn(ctx, env, `/invites/accept?token=${encodeURIComponent(token)}`);
    if (!account) return;
    const invite = token ? await findPendingInvite(env.db, token, env.now()) : undefined;
    if (!invite) return inviteNoLongerValid(ctx);
    renderPage(
      ctx,
      'Join as a co-founder?',
      html`<p>You were invited to co-own <strong>${invite.name ?? invite.url}</strong> (${invite.url}) on the launch directory.</p>
<p>Accepting makes <strong>${account.email}</strong> an owner of its draft and listing.</p>
<form method="post" action="/invites/accept">${hiddenCsrf(csrfFor(ctx, env))}<input type="hidden" name="token" value="${token}"><button type="submit">Accept</button></form>`,
      { signedInEmail: account.email },
    );
  });

  router.post('/invites/accept', async (ctx) => {
    const form = await submittedForm(ctx, env);
    if (!form) return;
    const account = await requireSignedIn(ctx, env, '/account');
    if (!account) return;
    const invite = await acceptInvite(env.db, form.token ?? '', account.id, env.now());
    if (!invite) return inviteNoLongerValid(ctx);
    renderPage(ctx, 'You are a co-founder now', html`<p class="notice" role="status">You now co-own <strong>${invite.name ?? invite.url}</strong>. Your assistant can see it with list_my_drafts.</p>`, {
      signedInEmail: account.email,
    });
  });
}

function inviteNoLongerValid(ctx: Context): void {
  ctx.status = 400;
  renderPage(ctx, 'This invite is no longer valid', html`<p class="error" role="alert">The invite was already used, has expired, or the link is incomplete. Ask the founder who invited you to send a new one.</p>`);
}
