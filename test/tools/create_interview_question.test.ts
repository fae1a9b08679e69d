import { describe, expect, it } from 'vitest';
import tool from '../../tools/create_interview_question.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role, with the audit entries: test/editorial/interview-questions.test.ts.

describe('create_interview_question', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming every path', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/text']);
    expect(await refusedPaths(tool, { text: 'q'.repeat(301), hint: 'h'.repeat(501), retired: true })).toEqual([
      '/hint',
      '/retired',
      '/text',
    ]);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
