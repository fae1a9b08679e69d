import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { ownDraft } from '../src/drafting/draft-access.js';
import { inviteCofounder, INVITE_LIFETIME_DAYS } from '../src/drafting/draft-invites.js';
import { findAccount } from '../src/accounts/accounts.js';
import { queueMail } from '../src/jobs/mail-job.js';
import { LIMITS } from '../src/drafting/profile-fields.js';
import { loadSiteName } from '../src/catalogue/site-settings.js';

export default defineTool({
  name: 'invite_cofounder',
  title: 'Invite a co-founder',
  toolset: 'submission',
  description:
    'E-mails a co-founder a link to become, once signed in, an owner of this draft and its listing; only that address can accept. Up to 10 invites per draft; inviting the same address again (after 10 minutes) sends a fresh link. Sent in the background.',
  http: { method: 'POST', path: '/drafts/{id}/invites', status: 201 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    id: z.uuid(),
    email: z.email().max(254),
  }),
  output: z.object({
    email: z.string(),
    invited_at: z.string(),
    invites: z.number().int().describe('Invites on this draft so far'),
    invites_left: z.number().int(),
    expires_in_days: z.number().int(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async handler({ id, email }, { services, caller }) {
    const draft = await ownDraft(services.db, caller, id);
    const inviter = await findAccount(services.db, caller.accountId);
    const invite = await inviteCofounder(services.db, draft, {
      email,
      invitedBy: caller.accountId,
      inviterEmail: inviter?.email ?? '',
      now: services.now(),
    });
    const named = typeof draft.fields.name?.value === 'string' ? draft.fields.name.value : draft.url;
    const product = named.length > 80 ? `${named.slice(0, 79)}…` : named;
    const siteName = await loadSiteName(services.db);
    await queueMail(services.jobs, {
      to: invite.email,
      subject: `You are invited to co-own ${product} on ${siteName}`,
      text: [
        'Hello,',
        '',
        `${inviter?.email ?? 'A founder'} invited you to co-own the listing of ${product} (${draft.url}) on ${siteName}.`,
        'Open this link, sign in or create an account, and accept:',
        '',
        `${services.config.publicUrl}/invites/accept?token=${invite.token}`,
        '',
        `The link works once, for ${INVITE_LIFETIME_DAYS} days. If you do not know this person, ignore this message.`,
      ].join('\n'),
    });
    return {
      email: invite.email,
      invited_at: invite.createdAt,
      invites: invite.invites,
      invites_left: LIMITS.invites - invite.invites,
      expires_in_days: INVITE_LIFETIME_DAYS,
    };
  },
});
