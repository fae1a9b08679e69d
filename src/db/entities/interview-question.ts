import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** interview_questions: questions founders can answer in their story. */
export const InterviewQuestion = defineEntity({
  name: 'InterviewQuestion',
  tableName: 'interview_questions',
  properties: {
    id: p.integer().primary().autoincrement(),
    text: p.text(),
    hint: p.text().nullable(),
    position: p.integer().default(0),
    active: p.boolean().default(true),
  },
});
export type InterviewQuestion = InferEntity<typeof InterviewQuestion>;
