import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { deletionBlocker } from '../src/accounts/account-deletion.js';

export default defineTool({
  name: 'delete_my_account',
  title: 'Delete my account',
  toolset: 'account',
  description:
    'Deletes nothing itself: answers delete_url, the page where the person deletes their account after typing their password again (give them the link). blocked_by says what must happen first.',
  http: { method: 'GET', path: '/me/deletion', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  input: z.strictObject({}),
  output: z.object({
    delete_url: z.string().describe('The page that explains what deletion does, asks the password and deletes'),
    blocked_by: z.string().nullable().describe('What stands in the way now (a pending order, the last admin), or null'),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  personLink: (answer) => ({
    url: answer.delete_url,
    message: 'Delete your account on this page: it says what happens and asks for your password again.',
  }),
  async handler(_input, { services, caller }) {
    return {
      delete_url: `${services.config.publicUrl}/account/delete`,
      blocked_by: (await deletionBlocker(services.db, caller.accountId, services.now())) ?? null,
    };
  },
});
