/**
 * The founder interview's questions as editors keep them (issue 29), over REST: adding, rewording, retiring (gone
 * from list_interview_questions and answer_interview, answers given still on the founder's profile) and bringing
 * back, with the audit entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { caller, ownedListing, person, type Call, type Person } from '../listings/support.js';
import { staffCast, type StaffPerson } from '../console/support.js';
import { insertFounder, linkFounder } from '../support/fixtures.js';

let t: TestApp;
let call: Call;
let editor: StaffPerson;
let moderator: StaffPerson;
let admin: StaffPerson;
let nobody: Person;
beforeAll(async () => {
  t = await startTestApp();
  call = caller(t);
  ({ editor, moderator, admin, nobody } = await staffCast(t.db));
});
afterAll(() => t?.close());

const asked = async () => ((await call(null, 'GET', '/interview-questions')).body.items as { id: number; text: string }[]).map((q) => q.id);

describe('who may change the interview', () => {
  it('editors and admins; moderators (insufficient_role), non-staff keys (insufficient_scope) and anonymous (401) are refused', async () => {
    const { body: question } = await call(editor, 'POST', '/admin/interview-questions', { text: 'Who may change this?' });
    for (const [who, expected] of [
      [moderator, { status: 403, code: 'insufficient_role' }],
      [nobody, { status: 403, code: 'insufficient_scope' }],
      [null, { status: 401, code: 'unauthorized' }],
    ] as const) {
      expect((await call(who, 'POST', '/admin/interview-questions', { text: 'Sneaky?' })).body).toMatchObject(expected);
      expect((await call(who, 'PATCH', `/admin/interview-questions/${question.id}`, { retired: true })).body).toMatchObject(expected);
    }
    expect((await call(admin, 'PATCH', `/admin/interview-questions/${question.id}`, { text: 'Who may?' })).body.text).toBe('Who may?');
  });
});

describe('interview questions', () => {
  it('are added last and asked at once; reworded; audited', async () => {
    const created = await call(editor, 'POST', '/admin/interview-questions', { text: 'What surprised you?', hint: 'One story.' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ text: 'What surprised you?', hint: 'One story.', retired: false, answers: 0 });
    expect((await asked()).at(-1)).toBe(created.body.id);
    const reworded = await call(editor, 'PATCH', `/admin/interview-questions/${created.body.id}`, {
      text: 'What surprised you most?',
      hint: null,
    });
    expect(reworded.body).toMatchObject({ id: created.body.id, text: 'What surprised you most?', hint: null });
    const log = await call(admin, 'GET', `/admin/audit-log?target_type=interview_question&target_id=${created.body.id}`);
    expect(log.body.items.map((e: { action: string; before: unknown; after: unknown }) => [e.action, e.before, e.after])).toEqual([
      [
        'interview_question.update',
        { text: 'What surprised you?', hint: 'One story.', retired: false },
        { text: 'What surprised you most?', hint: null, retired: false },
      ],
      ['interview_question.create', null, { text: 'What surprised you?', hint: 'One story.', retired: false }],
    ]);
  });

  it('retired leave list_interview_questions and cannot be answered, but answers given stay on the profile; restored come back', async () => {
    const { body: question } = await call(editor, 'POST', '/admin/interview-questions', { text: 'Why now?' });
    const founderAccount = await person(t.db);
    const listing = await ownedListing(t.db, founderAccount, { status: 'live' });
    const founder = await insertFounder(t.db, { slug: 'retire-founder', name: 'Retire Founder' });
    await linkFounder(t.db, listing.id, founder);
    const answered = await call(founderAccount, 'PUT', '/me/interview', { answers: [{ question_id: question.id, answer: 'Because.' }] });
    expect(answered.status).toBe(200);

    const retired = await call(editor, 'PATCH', `/admin/interview-questions/${question.id}`, { retired: true });
    expect(retired.body).toMatchObject({ retired: true, answers: 1 });
    expect(await asked()).not.toContain(question.id);
    const refused = await call(founderAccount, 'PUT', '/me/interview', { answers: [{ question_id: question.id, answer: 'Again.' }] });
    expect(refused.body).toMatchObject({ status: 400, errors: [{ path: '/answers/0/question_id' }] });
    const profile = await call(null, 'GET', '/founders/retire-founder');
    expect(profile.body.interview).toEqual([expect.objectContaining({ question: 'Why now?', answer: 'Because.' })]);
    expect(await fetch(`${t.url}/founders/retire-founder`).then((r) => r.text())).toContain('Because.');

    const restored = await call(editor, 'PATCH', `/admin/interview-questions/${question.id}`, { retired: false });
    expect(restored.body).toMatchObject({ retired: false });
    expect(await asked()).toContain(question.id);
    const log = await call(admin, 'GET', `/admin/audit-log?target_type=interview_question&target_id=${question.id}`);
    expect(log.body.items.map((e: { action: string }) => e.action)).toEqual([
      'interview_question.restore',
      'interview_question.retire',
      'interview_question.create',
    ]);
  });

  it('refuse an unknown id (404) and bad input (400 naming every path)', async () => {
    expect((await call(editor, 'PATCH', '/admin/interview-questions/999999', { retired: true })).body).toMatchObject({ status: 404 });
    const bad = await call(editor, 'POST', '/admin/interview-questions', { text: 'x'.repeat(301), hint: 5, position: 1 });
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/hint', '/position', '/text']);
    const badPatch = await call(editor, 'PATCH', '/admin/interview-questions/0', { text: ' ', retired: 'yes' });
    expect(badPatch.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/question_id', '/retired', '/text']);
  });
});
