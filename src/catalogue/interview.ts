import type { Database } from '../db/database.js';

export interface InterviewQuestion {
  id: number;
  text: string;
  hint: string | null;
}

/** The questions founders are asked now, in the order the site team set. */
export function activeInterviewQuestions(db: Database): Promise<InterviewQuestion[]> {
  return db.query<InterviewQuestion & Record<string, unknown>>(
    'SELECT id, text, hint FROM interview_questions WHERE active ORDER BY position, id',
  );
}
