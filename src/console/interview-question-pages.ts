import type Router from '@koa/router';
import type { Context } from 'koa';
import { html } from '../text/html.js';
import type { ProblemError } from '../errors.js';
import { allInterviewQuestions, type EditedInterviewQuestion } from '../editorial/interview-questions.js';
import { staffVisit, type ConsoleDeps, type StaffVisit } from './console-deps.js';
import { problemBox, renderConsoleMissing, renderConsolePage } from './layout.js';
import { noticeOf, runOperation, seeOther } from './run-operation.js';
import { optional, postForm, textArea, textField } from './form-fields.js';

const PATH = '/admin/interview-questions';
const NOTICES = {
  created: 'The question was added; founders are asked it from now on.',
  saved: 'The question was changed.',
  retired: 'The question was retired: no longer asked; answers given stay on founder profiles.',
  restored: 'The question is asked again.',
};

interface QuestionForm {
  text?: string;
  hint?: string;
}

/**
 * /admin/interview-questions: the questions asked (in order) and retired, the form for a new one, and per question
 * a page to reword it and retire or restore it. Forms run create_interview_question and update_interview_question.
 * Editors and admins.
 */
export function interviewQuestionPages(router: Router, deps: ConsoleDeps): void {
  router.get(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (visit) await renderIndex(ctx, deps, visit, {});
  });

  router.post(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const form = deps.kit.form(ctx) as QuestionForm;
    const outcome = await runOperation(ctx, deps, visit, 'create_interview_question', {
      text: form.text?.trim() ?? '',
      hint: optional(form.hint),
    });
    if (outcome.ok) return seeOther(ctx, PATH, 'created');
    await renderIndex(ctx, deps, visit, { problem: outcome.problem, form });
  });

  router.get(`${PATH}/:id`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const question = await questionOf(ctx, deps);
    if (!question) return missing(ctx, visit);
    renderEdit(ctx, deps, visit, question, {});
  });

  router.post(`${PATH}/:id`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const question = await questionOf(ctx, deps);
    if (!question) return missing(ctx, visit);
    const form = deps.kit.form(ctx) as QuestionForm;
    const outcome = await runOperation(ctx, deps, visit, 'update_interview_question', {
      question_id: question.id,
      text: form.text?.trim() ?? '',
      hint: optional(form.hint) ?? null,
    });
    if (outcome.ok) return seeOther(ctx, `${PATH}/${question.id}`, 'saved');
    renderEdit(ctx, deps, visit, question, { problem: outcome.problem, form });
  });

  for (const [verb, retired] of [
    ['retire', true],
    ['restore', false],
  ] as const) {
    router.post(`${PATH}/:id/${verb}`, async (ctx) => {
      const visit = await staffVisit(ctx, deps, 'editor');
      if (!visit) return;
      const question = await questionOf(ctx, deps);
      if (!question) return missing(ctx, visit);
      const outcome = await runOperation(ctx, deps, visit, 'update_interview_question', { question_id: question.id, retired });
      if (outcome.ok) return seeOther(ctx, `${PATH}/${question.id}`, retired ? 'retired' : 'restored');
      renderEdit(ctx, deps, visit, question, { problem: outcome.problem });
    });
  }
}

async function questionOf(ctx: Context, deps: ConsoleDeps): Promise<EditedInterviewQuestion | undefined> {
  const id = Number(ctx.params.id);
  if (!/^[1-9]\d{0,9}$/.test(ctx.params.id ?? '') || id > 2_147_483_647) return undefined;
  return (await allInterviewQuestions(deps.services.db)).find((question) => question.id === id);
}

function missing(ctx: Context, visit: StaffVisit): void {
  renderConsoleMissing(ctx, visit, {
    title: 'No such question',
    message: 'No interview question has this number.',
    back: { path: PATH, label: 'Every question' },
  });
}

async function renderIndex(ctx: Context, deps: ConsoleDeps, visit: StaffVisit, shown: { problem?: ProblemError; form?: QuestionForm }) {
  const questions = await allInterviewQuestions(deps.services.db);
  const table = (caption: string, rows: EditedInterviewQuestion[]) =>
    rows.length
      ? html`<table><caption>${caption}</caption><thead><tr><th scope="col">Question</th><th scope="col">Hint</th><th scope="col">Answers</th></tr></thead><tbody>
${rows.map((q) => html`<tr><td><a href="${PATH}/${q.id}">${q.text}</a></td><td>${q.hint ?? ''}</td><td>${q.answers}</td></tr>`)}
</tbody></table>`
      : html`<p class="muted">${caption}: none.</p>`;
  renderConsolePage(ctx, visit, {
    title: 'Interview questions',
    path: PATH,
    notice: noticeOf(ctx, NOTICES),
    body: html`<p class="muted">Founders answer these on their public profiles (answer_interview). A retired question is no longer asked; the answers already given stay.</p>
${table(
  'Asked now, in order',
  questions.filter((q) => !q.retired),
)}
${table(
  'Retired',
  questions.filter((q) => q.retired),
)}
<h2>New question</h2>
${problemBox(shown.problem)}
${postForm(
  PATH,
  deps.kit.csrfField(ctx),
  [
    textField('text', 'Question', shown.form?.text, { required: true, maxLength: 300 }),
    textArea('hint', 'Hint (optional)', shown.form?.hint, { rows: 2, hint: 'What a good answer covers, up to 500 characters.' }),
  ],
  'Add question',
)}`,
  });
}

function renderEdit(
  ctx: Context,
  deps: ConsoleDeps,
  visit: StaffVisit,
  question: EditedInterviewQuestion,
  shown: { problem?: ProblemError; form?: QuestionForm },
): void {
  const form = shown.form ?? { text: question.text, hint: question.hint ?? '' };
  const path = `${PATH}/${question.id}`;
  renderConsolePage(ctx, visit, {
    title: `Interview question ${question.id}`,
    path,
    notice: noticeOf(ctx, NOTICES),
    body: html`<p><a href="${PATH}">Every question</a> · ${question.retired ? 'retired' : 'asked now'} · ${question.answers} answers</p>
${problemBox(shown.problem)}
<h2>Reword</h2>
${postForm(
  path,
  deps.kit.csrfField(ctx),
  [
    textField('text', 'Question', form.text, { required: true, maxLength: 300 }),
    textArea('hint', 'Hint (optional)', form.hint, { rows: 2, hint: 'Left empty: no hint.' }),
  ],
  'Save',
)}
<h2>${question.retired ? 'Bring back' : 'Retire'}</h2>
<p class="muted">${question.retired ? 'Founders are asked it again.' : 'Founders are no longer asked it and cannot answer it; the answers already given stay on their profiles.'}</p>
${postForm(`${path}/${question.retired ? 'restore' : 'retire'}`, deps.kit.csrfField(ctx), [], question.retired ? 'Bring back' : 'Retire', { secondary: true })}`,
  });
}
