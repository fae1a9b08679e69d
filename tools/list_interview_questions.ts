import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { activeInterviewQuestions, interviewQuestion } from '../src/catalogue/interview.js';

export default defineTool({
  name: 'list_interview_questions',
  title: 'List founder interview questions',
  toolset: 'listings',
  description:
    'Questions about the founder and their company, in order, each with an optional hint on what a good answer covers. Answer them with answer_interview, by id.',
  http: { method: 'GET', path: '/interview-questions', status: 200 },
  scopes: [],
  idempotencyKey: false,
  input: z.strictObject({}),
  output: z.object({
    items: z.array(interviewQuestion),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(_input, { services }) {
    return { items: await activeInterviewQuestions(services.db) };
  },
});
