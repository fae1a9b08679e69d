import { describe, it } from 'vitest';
import tool from '../../tools/submit_listing.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly } from '../support/services.js';

// Behaviour end to end (crawl, draft, edit, submit, invite, 404 for other accounts): test/drafting/submission-flow.test.ts.
describe('submit_listing', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
