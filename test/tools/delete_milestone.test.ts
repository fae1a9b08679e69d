import { describe, it } from 'vitest';
import tool from '../../tools/delete_milestone.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly } from '../support/services.js';

// Behaviour over REST with a real database and job queue (owners, 404 for other accounts, bounds, jobs): test/listings/.
describe('delete_milestone', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
