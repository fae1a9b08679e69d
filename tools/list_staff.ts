import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { listStaff, STAFF_ROLES } from '../src/staff/roles.js';

export default defineTool({
  name: 'list_staff',
  title: 'List the site team',
  toolset: 'admin',
  description: 'Every account with a staff role, admins first: e-mail and role. set_account_role changes them.',
  http: { method: 'GET', path: '/admin/roles', status: 200 },
  scopes: ['admin'],
  staffRole: 'admin',
  idempotencyKey: false,
  input: z.strictObject({}),
  output: z.object({ items: z.array(z.object({ email: z.string(), role: z.enum(STAFF_ROLES) })) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(_input, { services }) {
    return { items: await listStaff(services.db) };
  },
});
