import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { staffActor } from '../src/staff/roles.js';
import { createInterviewQuestion, editedInterviewQuestion, interviewQuestionFieldsInput } from '../src/editorial/interview-questions.js';

export default defineTool({
  name: 'create_interview_question',
  title: 'Add a founder interview question',
  toolset: 'admin',
  description:
    'Adds a question to the founder interview, asked after the others: it shows in list_interview_questions at once ' +
    'and founders answer it with answer_interview. Optional hint: what a good answer covers. Audited.',
  http: { method: 'POST', path: '/admin/interview-questions', status: 201 },
  scopes: ['admin'],
  staffRole: 'editor',
  idempotencyKey: true,
  input: z.strictObject({
    text: interviewQuestionFieldsInput.text,
    hint: interviewQuestionFieldsInput.hint.optional(),
  }),
  output: editedInterviewQuestion,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async handler(input, ctx) {
    return createInterviewQuestion(ctx.services.db, input, { actor: staffActor(staffOf(ctx)), now: ctx.services.now() });
  },
});
