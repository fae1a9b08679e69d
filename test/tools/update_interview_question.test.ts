import { describe, expect, it } from 'vitest';
import tool from '../../tools/update_interview_question.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role, with the audit entries: test/editorial/interview-questions.test.ts.

describe('update_interview_question', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming every path', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/question_id']);
    expect(await refusedPaths(tool, { question_id: 0, text: '', hint: '', retired: 'yes', position: 2 })).toEqual([
      '/hint',
      '/position',
      '/question_id',
      '/retired',
      '/text',
    ]);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
