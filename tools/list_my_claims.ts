import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging } from '../src/schema.js';
import { listClaims } from '../src/claims/claims.js';
import { claimSchema } from '../src/claims/claim-schema.js';

export default defineTool({
  name: 'list_my_claims',
  title: 'List my claims',
  toolset: 'claims',
  description:
    'Your listing claims, newest first: status (pending, verified, failed, expired), what to publish, instructions ' +
    'and what the last check found.',
  http: { method: 'GET', path: '/claims', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  input: z.strictObject({ ...paging }),
  output: pageOf(claimSchema),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ page, per_page }, { services, caller }) {
    const { items, total } = await listClaims(services.db, caller.accountId, { page, per_page });
    return pageResult(items, total, { page, per_page });
  },
});
