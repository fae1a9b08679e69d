import { z } from 'zod';
import type { Database } from '../db/database.js';

/** A question of the founder interview, as list_interview_questions answers it. */
export const interviewQuestion = z.object({
  id: z.number().int().describe('The question_id to answer with'),
  text: z.string(),
  hint: z.string().nullable().describe('What a good answer covers'),
});
export type InterviewQuestion = z.infer<typeof interviewQuestion>;

/** The questions founders are asked now, in the order the site team set. */
export function activeInterviewQuestions(db: Database): Promise<InterviewQuestion[]> {
  return db.query<InterviewQuestion & Record<string, unknown>>(
    'SELECT id, text, hint FROM interview_questions WHERE active ORDER BY position, id',
  );
}
