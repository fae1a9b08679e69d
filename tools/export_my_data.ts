import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { exportAccount } from '../src/accounts/account-export.js';
import { accountExport } from '../src/accounts/account-export-schema.js';

export default defineTool({
  name: 'export_my_data',
  title: 'Export my data',
  toolset: 'account',
  description:
    'Everything the service holds about your account as one JSON document: account, drafts, listings, votes, follows, reviews, comments, orders, claims, webhooks and API keys (no secrets), connected apps, reports.',
  http: { method: 'GET', path: '/me/export', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  input: z.strictObject({}),
  output: accountExport,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(_input, { services, caller }) {
    return exportAccount(services.db, caller.accountId, services.now());
  },
});
