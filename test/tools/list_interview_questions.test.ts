import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/list_interview_questions.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, testServices, refusedPaths } from '../support/services.js';
import { expectContractUnchanged } from '../support/contract.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

async function insertQuestion(text: string, position: number, fields: { hint?: string; active?: boolean } = {}): Promise<number> {
  const row = await t.db.one<{ id: number }>(
    'INSERT INTO interview_questions (text, hint, position, active) VALUES ($1, $2, $3, $4) RETURNING id',
    [text, fields.hint ?? null, position, fields.active ?? true],
  );
  return row!.id;
}

describe('list_interview_questions', () => {
  it('lists the active questions in their set order, with hints', async () => {
    const second = await insertQuestion('What did you learn?', 2);
    const first = await insertQuestion('Why did you start?', 1, { hint: 'The moment you decided.' });
    await insertQuestion('Retired question', 0, { active: false });
    const tieLater = await insertQuestion('What is next?', 2);

    expect(await callTool(tool, testServices(t.db), {})).toEqual({
      items: [
        { id: first, text: 'Why did you start?', hint: 'The moment you decided.' },
        { id: second, text: 'What did you learn?', hint: null },
        { id: tieLater, text: 'What is next?', hint: null },
      ],
    });
  });

  it('refuses any input property', async () => {
    expect(await refusedPaths(tool, { active: false })).toEqual(['/active']);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
