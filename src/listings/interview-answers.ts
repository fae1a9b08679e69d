import type { Database, Transaction } from '../db/database.js';
import { Founder } from '../db/entities/founder.js';
import { InterviewAnswer } from '../db/entities/owner-listing.js';
import { InvalidStateError, ValidationError } from '../errors.js';

export interface AnswerInput {
  question_id: number;
  answer: string;
}

export interface AnsweredInterview {
  founder: { slug: string; name: string; profile_url: string };
  answers: { question_id: number; question: string; answer: string; answered_at: string }[];
}

/**
 * answer_interview: the caller's answers, shown on the founder profile their account speaks for.
 * That profile is the one linked to the account, or else (and then linked) the first founder of the
 * earliest listing the account owns whose first founder no account speaks for yet. An answer to a
 * question answered before replaces it. Unknown or retired question ids, or one id twice, are 400.
 */
export async function answerInterview(
  db: Database,
  accountId: string,
  answers: readonly AnswerInput[],
  now: Date,
  publicUrl: string,
): Promise<AnsweredInterview> {
  return db.transaction(async (tx) => {
    await checkQuestions(tx, answers);
    const founder = await speakingFounder(tx, accountId);
    for (const { question_id, answer } of answers) {
      const existing = await tx.em.findOne(InterviewAnswer, { founder: founder.id, question: question_id });
      if (existing) tx.em.assign(existing, { answer, answeredAt: now });
      else tx.em.create(InterviewAnswer, { founder: founder.id, question: question_id, answer, answeredAt: now });
    }
    await tx.em.flush();
    const stored = await tx.query<AnsweredInterview['answers'][number]>(
      `SELECT a.question_id, q.text AS question, a.answer, iso_time(a.answered_at) AS answered_at
       FROM interview_answers a JOIN interview_questions q ON q.id = a.question_id
       WHERE a.founder_id = $1 ORDER BY q.position, q.id`,
      [founder.id],
    );
    return { founder: { slug: founder.slug, name: founder.name, profile_url: `${publicUrl}/founders/${founder.slug}` }, answers: stored };
  });
}

async function checkQuestions(tx: Transaction, answers: readonly AnswerInput[]): Promise<void> {
  const ids = answers.map((a) => a.question_id);
  const active = new Set(
    (await tx.query<{ id: number }>('SELECT id FROM interview_questions WHERE active AND id = ANY($1::int[])', [ids])).map((r) => r.id),
  );
  const errors = answers.flatMap(({ question_id }, index) => {
    if (!active.has(question_id))
      return [{ path: `/answers/${index}/question_id`, message: `No question ${question_id}; list_interview_questions lists them` }];
    if (ids.indexOf(question_id) !== index)
      return [{ path: `/answers/${index}/question_id`, message: `Question ${question_id} is answered twice in this call` }];
    return [];
  });
  if (errors.length > 0) throw new ValidationError(errors);
}

async function speakingFounder(tx: Transaction, accountId: string): Promise<Founder> {
  const linked = await tx.em.findOne(Founder, { account: accountId });
  if (linked) return linked;
  const candidate = await tx.query<{ id: number }>(
    `SELECT f.id FROM listing_owners o
       JOIN listings l ON l.id = o.listing_id
       JOIN LATERAL (SELECT founder_id FROM listing_founders WHERE listing_id = l.id ORDER BY position, founder_id LIMIT 1) first ON true
       JOIN founders f ON f.id = first.founder_id
     WHERE o.account_id = $1::uuid AND f.account_id IS NULL
     ORDER BY l.created_at, l.id LIMIT 1 FOR UPDATE OF f`,
    [accountId],
  );
  const founder = candidate[0] ? await tx.em.findOne(Founder, { id: candidate[0].id }) : null;
  if (!founder) {
    throw new InvalidStateError(
      "Your account has no founder profile to answer for. Answers appear on a founder's public profile, and founders come with listings: " +
        'name yourself as the first founder of your draft (update_draft founders), submit it, then answer.',
    );
  }
  tx.em.assign(founder, { account: accountId });
  return founder;
}
