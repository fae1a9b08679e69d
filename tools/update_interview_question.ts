import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { recordId } from '../src/schema.js';
import { staffActor } from '../src/staff/roles.js';
import { editedInterviewQuestion, interviewQuestionFieldsInput, updateInterviewQuestion } from '../src/editorial/interview-questions.js';

export default defineTool({
  name: 'update_interview_question',
  title: 'Reword, retire or restore an interview question',
  toolset: 'admin',
  description:
    'Changes a founder interview question; send only what changes. retired true takes it out of ' +
    'list_interview_questions and answer_interview (answers already given stay on founder profiles); false brings ' +
    'it back. Unknown id 404. Audited.',
  http: { method: 'PATCH', path: '/admin/interview-questions/{question_id}', status: 200 },
  scopes: ['admin'],
  staffRole: 'editor',
  idempotencyKey: true,
  errorStatuses: [404],
  input: z.strictObject({
    question_id: recordId('The question id (from list_interview_questions)'),
    text: interviewQuestionFieldsInput.text.optional(),
    hint: interviewQuestionFieldsInput.hint.optional(),
    retired: z.boolean().optional().describe('true retires the question, false brings it back'),
  }),
  output: editedInterviewQuestion,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ question_id, ...fields }, ctx) {
    return updateInterviewQuestion(ctx.services.db, question_id, fields, { actor: staffActor(staffOf(ctx)), now: ctx.services.now() });
  },
});
