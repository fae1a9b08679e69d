import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { isoDateTime, someText } from '../src/schema.js';
import { answerInterview } from '../src/listings/interview-answers.js';

export default defineTool({
  name: 'answer_interview',
  title: 'Answer the founder interview',
  toolset: 'listings',
  description:
    "Answers founder interview questions in the founder's own words, shown on your public founder profile (get_founder); answering again replaces the answer. Your profile is the first founder of your earliest listing until linked. Unknown question ids: 400.",
  http: { method: 'PUT', path: '/me/interview', status: 200 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [409],
  crossFieldRules: [{ path: /^\/answers\/\d+\/question_id$/, message: /No question|answered twice/ }],
  input: z.strictObject({
    answers: z
      .array(
        z.strictObject({
          question_id: z.number().int().min(1).max(2_147_483_647).describe('From list_interview_questions'),
          answer: someText(4000),
        }),
      )
      .min(1)
      .max(30),
  }),
  output: z.object({
    founder: z.object({ slug: z.string(), name: z.string(), profile_url: z.string() }),
    answers: z
      .array(z.object({ question_id: z.number().int(), question: z.string(), answer: z.string(), answered_at: isoDateTime }))
      .describe('Every answer on the profile now, in the order of the questions'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ answers }, { services, caller }) {
    return answerInterview(services.db, caller.accountId, answers, services.now(), services.config.publicUrl);
  },
});
