import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { setStaffRole, STAFF_ROLES, staffActor } from '../src/staff/roles.js';

export default defineTool({
  name: 'set_account_role',
  title: 'Give or take a staff role',
  toolset: 'admin',
  description:
    'Gives the account with this e-mail a staff role (admin: everything; editor: blog, categories, interview questions; ' +
    'moderator: listings and reports) or takes it away (role null). It applies at once, to every key and token of the ' +
    'account, and is recorded in the audit log. The last admin cannot be demoted (409).',
  http: { method: 'PUT', path: '/admin/roles', status: 200 },
  scopes: ['admin'],
  staffRole: 'admin',
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    email: z.email().max(254).describe("The account's e-mail address (the person signs up first)"),
    role: z.enum(STAFF_ROLES).nullable().describe('The new role, or null for none'),
  }),
  output: z.object({
    email: z.string(),
    role: z.enum(STAFF_ROLES).nullable(),
    previous: z.enum(STAFF_ROLES).nullable().describe('The role before'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ email, role }, ctx) {
    return setStaffRole(ctx.services.db, { actor: staffActor(staffOf(ctx)), email, role, now: ctx.services.now() });
  },
});
