import { describe, expect, it } from 'vitest';
import tool from '../../tools/update_draft.js';
import { expectContractUnchanged } from '../support/contract.js';
import { invokeTool } from '../../src/registry/invoke.js';
import type { Services } from '../../src/services.js';

// Behaviour end to end (crawl, draft, edit, submit, invite, 404 for other accounts): test/drafting/submission-flow.test.ts.
describe('update_draft', () => {
  it('needs a signed-in caller with its scope', async () => {
    await expect(invokeTool(tool, {}, { services: {} as Services, caller: null, requestId: 't' })).rejects.toMatchObject({ status: 401 });
    const wrongScope = tool.scopes[0] === 'account:read' ? 'orders:write' : 'account:read';
    await expect(
      invokeTool(tool, {}, { services: {} as Services, caller: { accountId: 'a', scopes: [wrongScope], credential: { kind: 'api_key', keyId: 'k', name: 'n', prefix: 'ldk_x' } }, requestId: 't' }),
    ).rejects.toMatchObject({ status: 403, code: 'insufficient_scope' });
  });

  it('keeps its published contract', async () => {
    await expectContractUnchanged(tool);
  });
});
