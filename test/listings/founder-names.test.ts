import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory } from '../support/fixtures.js';
import { caller, person, readyDraft as readyDraftOf, type Call, type Person } from './support.js';
import type { DraftRecord } from '../../src/drafting/draft-store.js';
import { applyProposal } from '../../src/drafting/draft-proposal.js';
import { emptyProposal } from '../../src/drafting/profile-fields.js';

/**
 * Issue 52, item 4, for founders' names (shown on listings and the founders' pages): the rules of public display
 * names where they make sense for a founder. Names that pose as the site team (in Cyrillic look-alikes too), carry a
 * check mark or look like the "Member ……" name of a person without one are refused with 400 at their field, like a
 * name of nothing visible; a name drafted from a website that breaks the rules never reaches the listing; controls
 * and unseen characters are stripped; an ordinary name, a member's own name included, passes.
 */
let t: TestApp;
let call: Call;
let founder: Person;
let categoryName: string;

beforeAll(async () => {
  t = await startTestApp();
  call = caller(t);
  founder = await person(t.db);
  categoryName = `Workbenches ${Date.now()}`;
  await insertCategory(t.db, { name: categoryName });
}, 60_000);
afterAll(() => t?.close());

/** A draft the crawl has finished with, with a name and a category: ready to submit once it has founders. */
async function readyDraft(): Promise<string> {
  const id = await readyDraftOf(t.db, founder, 'bench');
  expect((await call(founder, 'PATCH', `/drafts/${id}`, { fields: { name: 'Workbench', categories: [categoryName] } })).status).toBe(200);
  return id;
}
/** What each is told (the words of the public display names' rules, src/accounts/display-names.ts). */
const TEAM = /^Founders' names may not speak for the site team: leave out words such as "admin"/;
const BADGE = /^Leave check marks such as ✓, ✔ and ☑ out of a founder's name/;
const MEMBER = /^People without a public name are shown as "Member" and six characters/;
const UNSEEN = /^Holds nothing people can see/;
const POSING: [string, RegExp][] = [
  ['\u0410lice Site Team (\u0430dmin)', TEAM], // Cyrillic А and а
  ['Maker ✓', BADGE],
  ['Member 000000', MEMBER],
  ['\u2800', UNSEEN], // only U+2800 BRAILLE PATTERN BLANK
];

describe("founders' names", () => {
  it('that pose or show nothing are refused with 400 at their field, saying why; the draft keeps what it had', async () => {
    const id = await readyDraft();
    await call(founder, 'PATCH', `/drafts/${id}`, { founders: [{ name: 'Ada Lovelace' }] });
    // The three that pose, at once: each at its own path (a name of nothing visible is the schema's 400, alone below).
    const posing = POSING.slice(0, 3);
    const refused = await call(founder, 'PATCH', `/drafts/${id}`, { founders: posing.map(([name]) => ({ name })) });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    const errors = [...(refused.body.errors as { path: string; message: string }[])].sort((a, b) => a.path.localeCompare(b.path));
    expect(errors).toEqual(posing.map(([, message], i) => ({ path: `/founders/${i}/name`, message: expect.stringMatching(message) })));
    expect((await call(founder, 'GET', `/drafts/${id}`)).body.founders.map((f: { name: string }) => f.name)).toEqual(['Ada Lovelace']);
  });

  it('each posing name alone is refused the same way', async () => {
    const id = await readyDraft();
    for (const [name, message] of POSING) {
      const refused = await call(founder, 'PATCH', `/drafts/${id}`, { founders: [{ name: 'Grace Hopper' }, { name }] });
      expect(refused.status, name).toBe(400);
      expect(refused.body.errors, name).toEqual([{ path: '/founders/1/name', message: expect.stringMatching(message) }]);
    }
  });

  it('an ordinary name passes, controls and unseen characters stripped; a member may found under their own name', async () => {
    const id = await readyDraft();
    await t.db.query(`UPDATE accounts SET display_name = 'Zoë Ødegaard-Smith' WHERE id = $1::uuid`, [founder.id]);
    const names = ['Zoë Ødegaard-Smith', 'Ada\u0007 Love\u00adlace\u034f', 'Admir Modesty', '李小龍', 'Dr. Marie Curie (CTO)'];
    const edited = await call(founder, 'PATCH', `/drafts/${id}`, { founders: names.map((name) => ({ name })) });
    expect(edited.status).toBe(200);
    const stored = ['Zoë Ødegaard-Smith', 'Ada Lovelace', 'Admir Modesty', '李小龍', 'Dr. Marie Curie (CTO)'];
    expect(edited.body.founders.map((f: { name: string }) => f.name)).toEqual(stored);
    const submitted = await call(founder, 'POST', `/drafts/${id}/submit`);
    expect(submitted.status).toBe(200);
    const founders = await t.db.query<{ name: string }>(
      'SELECT f.name FROM founders f JOIN listing_founders lf ON lf.founder_id = f.id WHERE lf.listing_id = $1 ORDER BY lf.position',
      [submitted.body.listing_id],
    );
    expect(founders.map((f) => f.name)).toEqual(stored);
  });

  it('a posing name a drafter read from a website is shown as needing a fix, and the draft cannot become a listing until fixed', async () => {
    const id = await readyDraft();
    await call(founder, 'PATCH', `/drafts/${id}`, { founders: [{ name: 'Placeholder' }] });
    // As a drafter (or a draft of before these rules) left it.
    await t.db.query(`UPDATE drafts SET founders = jsonb_set(founders, '{0,name}', to_jsonb($2::text)) WHERE id = $1`, [
      id,
      'Maker \u2714 Official',
    ]);
    expect((await call(founder, 'GET', `/drafts/${id}`)).body.needed_to_save).toContainEqual({
      path: '/founders/0/name',
      message: expect.stringMatching(BADGE),
    });
    const refused = await call(founder, 'POST', `/drafts/${id}/submit`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([{ path: '/founders/0/name', message: expect.stringMatching(BADGE) }]);
    expect(await t.db.query(`SELECT 1 FROM founders WHERE name LIKE 'Maker%'`)).toEqual([]);
    expect((await call(founder, 'PATCH', `/drafts/${id}`, { founders: [{ name: 'Mira Maker' }] })).status).toBe(200);
    expect((await call(founder, 'POST', `/drafts/${id}/submit`)).status).toBe(200);
  });

  it("a drafter's founder of only blanks (U+2800) or unseen characters is not proposed; controls leave a proposed name", () => {
    const draft = { fields: {}, faqs: [], founders: [], companySocials: {}, founderSocials: {} } as unknown as DraftRecord;
    const evidence = [{ quote: 'Our team', url: 'https://bench.example/' }];
    const proposal = emptyProposal();
    proposal.founders = [
      { value: { name: 'Grace\u001b Hopper\u00ad' }, evidence },
      { value: { name: '\u2800\u2800' }, evidence },
      { value: { name: '\u3164\u034f' }, evidence },
    ];
    applyProposal(draft, proposal);
    expect(draft.founders.map((f) => f.name)).toEqual(['Grace Hopper']);
  });
});
