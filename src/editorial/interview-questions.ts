/**
 * The founder interview's questions as editors keep them: new questions (asked last), rewording, retiring (a retired
 * question is no longer asked or answerable; answers already given stay on founders' profiles) and bringing back.
 * Each change in the audit log.
 */
import { z } from 'zod';
import type { Database, Statements } from '../db/database.js';
import { NotFoundError } from '../errors.js';
import { someText } from '../schema.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';

const INTERVIEW_QUESTION_LIMITS = { text: 300, hint: 500 } as const;

export const interviewQuestionFieldsInput = {
  text: someText(INTERVIEW_QUESTION_LIMITS.text).describe('The question, up to 300 characters'),
  hint: someText(INTERVIEW_QUESTION_LIMITS.hint).nullable().describe('What a good answer covers, up to 500 characters; null for none'),
};

/** A question as the editorial operations answer it. */
export const editedInterviewQuestion = z.object({
  id: z.number().int().describe('The question_id founders answer with'),
  text: z.string(),
  hint: z.string().nullable(),
  position: z.number().int().describe('Questions are asked in this order'),
  retired: z.boolean().describe('Retired: no longer asked or answerable; answers given stay on founder profiles'),
  answers: z.number().int().describe('Answers founders have given to it'),
});
export type EditedInterviewQuestion = z.infer<typeof editedInterviewQuestion>;

interface Change {
  actor: Actor;
  now: Date;
}

const COLUMNS = `q.id, q.text, q.hint, q.position, NOT q.active AS retired,
  (SELECT count(*)::int FROM interview_answers a WHERE a.question_id = q.id) AS answers`;

async function lockedQuestion(tx: Statements, id: number): Promise<EditedInterviewQuestion> {
  const [row] = await tx.query<EditedInterviewQuestion & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM interview_questions q WHERE q.id = $1 FOR UPDATE OF q`,
    [id],
  );
  if (!row) throw new NotFoundError('interview question', id, 'list_interview_questions lists the questions asked now.');
  return row;
}

const auditView = (q: { text: string; hint: string | null; retired: boolean }) => ({ text: q.text, hint: q.hint, retired: q.retired });

/** A new question, asked after the others; recorded as interview_question.create. */
export async function createInterviewQuestion(
  db: Database,
  fields: { text: string; hint?: string | null },
  change: Change,
): Promise<EditedInterviewQuestion> {
  return db.transaction(async (tx) => {
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO interview_questions (text, hint, position, active)
       VALUES ($1, $2, (SELECT coalesce(max(position) + 1, 0) FROM interview_questions), true) RETURNING id`,
      [fields.text, fields.hint ?? null],
    );
    const question = await lockedQuestion(tx, created!.id);
    await recordAudit(tx, {
      actor: change.actor,
      action: 'interview_question.create',
      target: { type: 'interview_question', id: question.id },
      before: null,
      after: auditView(question),
      at: change.now,
    });
    return question;
  });
}

/**
 * Rewords, retires or brings back a question; recorded as interview_question.retire or .restore when `retired`
 * changes, else interview_question.update. 404 for an unknown id.
 */
export async function updateInterviewQuestion(
  db: Database,
  id: number,
  fields: { text?: string; hint?: string | null; retired?: boolean },
  change: Change,
): Promise<EditedInterviewQuestion> {
  return db.transaction(async (tx) => {
    const before = await lockedQuestion(tx, id);
    const retired = fields.retired ?? before.retired;
    await tx.query('UPDATE interview_questions SET text = $2, hint = $3, active = $4 WHERE id = $1', [
      id,
      fields.text ?? before.text,
      fields.hint === undefined ? before.hint : fields.hint,
      !retired,
    ]);
    const after = await lockedQuestion(tx, id);
    const verb = retired === before.retired ? 'update' : retired ? 'retire' : 'restore';
    await recordAudit(tx, {
      actor: change.actor,
      action: `interview_question.${verb}`,
      target: { type: 'interview_question', id },
      before: auditView(before),
      after: auditView(after),
      at: change.now,
    });
    return after;
  });
}

/** Every question, asked ones first in their order, then the retired ones (the console). */
export function allInterviewQuestions(db: Database): Promise<EditedInterviewQuestion[]> {
  return db.query<EditedInterviewQuestion & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM interview_questions q ORDER BY NOT q.active, q.position, q.id`,
  );
}
