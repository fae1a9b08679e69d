import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory } from '../support/fixtures.js';
import { caller, person, readyDraft as readyDraftOf, type Call, type Person } from './support.js';
import type { DraftRecord } from '../../src/drafting/draft-store.js';
import { applyProposal } from '../../src/drafting/draft-proposal.js';
import { emptyProposal } from '../../src/drafting/profile-fields.js';

/**
 * Names and taglines lose bidirectional controls and zero-width characters before they are stored, through the real
 * operations (update_draft, submit_draft, update_my_listing over REST) and from a drafter's proposal; a name of
 * nothing else is refused with 400 at its field.
 */
let t: TestApp;
let call: Call;
let founder: Person;
let categoryName: string;

beforeAll(async () => {
  t = await startTestApp();
  call = caller(t);
  founder = await person(t.db);
  categoryName = `Terminals ${Date.now()}`;
  await insertCategory(t.db, { name: categoryName });
}, 60_000);
afterAll(() => t?.close());

const readyDraft = () => readyDraftOf(t.db, founder, 'terminal');
const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path).sort();

describe('names and taglines without invisible characters', () => {
  it('a reversed name and a tagline with zero-width characters are stored stripped, on the draft and the listing', async () => {
    const id = await readyDraft();
    const edited = await call(founder, 'PATCH', `/drafts/${id}`, {
      fields: {
        name: '\u202eppA lanimreT',
        tagline: 'Zero\u200bwidth\u200d tagline\ufeff for\u2066 teams\u2069',
        categories: [categoryName],
      },
      founders: [{ name: '\u202eAda\u200c Lovelace' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.fields.name.value).toBe('ppA lanimreT');
    expect(edited.body.fields.tagline.value).toBe('Zerowidth tagline for teams');
    expect(edited.body.founders[0].name).toBe('Ada Lovelace');
    const submitted = await call(founder, 'POST', `/drafts/${id}/submit`);
    expect(submitted.status).toBe(200);
    const listingId = submitted.body.listing_id;
    const row = await t.db.one<{ name: string; tagline: string; slug: string }>('SELECT name, tagline, slug FROM listings WHERE id = $1', [
      listingId,
    ]);
    expect(row).toMatchObject({ name: 'ppA lanimreT', tagline: 'Zerowidth tagline for teams' });
    expect(row!.slug).toMatch(/^ppa-lanimret/);
    const founders = await t.db.query<{ name: string }>(
      'SELECT f.name FROM founders f JOIN listing_founders lf ON lf.founder_id = f.id WHERE lf.listing_id = $1',
      [listingId],
    );
    expect(founders).toEqual([{ name: 'Ada Lovelace' }]);

    // The owner's later edit of the tagline is stripped too.
    const retagged = await call(founder, 'PATCH', `/me/listings/${listingId}`, {
      fields: { tagline: '\u200fThe \u202dterminal\u2060 app' },
    });
    expect(retagged.status).toBe(200);
    expect(await t.db.one('SELECT tagline FROM listings WHERE id = $1', [listingId])).toEqual({ tagline: 'The terminal app' });
  });

  it('refuses a name, tagline or founder name of nothing but invisible characters with 400 naming the field, changing nothing', async () => {
    const id = await readyDraft();
    const draftEdit = await call(founder, 'PATCH', `/drafts/${id}`, {
      fields: { name: '\u202e\u200b\u2066', tagline: '\ufeff' },
      founders: [{ name: '\u200b \u200d' }],
    });
    expect(draftEdit.status).toBe(400);
    expect(paths(draftEdit.body)).toEqual(['/fields/name', '/fields/tagline', '/founders/0/name']);
    expect((await call(founder, 'GET', `/drafts/${id}`)).body.fields.name.value).toBeNull();

    await call(founder, 'PATCH', `/drafts/${id}`, { fields: { name: 'Plain name', categories: [categoryName] } });
    const { listing_id: listingId } = (await call(founder, 'POST', `/drafts/${id}/submit`)).body;
    const listingEdit = await call(founder, 'PATCH', `/me/listings/${listingId}`, { fields: { tagline: '\u202e\u202c' } });
    expect(listingEdit.status).toBe(400);
    expect(paths(listingEdit.body)).toEqual(['/fields/tagline']);
    // "" still clears a tagline.
    expect((await call(founder, 'PATCH', `/me/listings/${listingId}`, { fields: { tagline: '' } })).status).toBe(200);
  });

  it('a draft stored before the stripping reaches its listing stripped', async () => {
    const id = await readyDraft();
    await call(founder, 'PATCH', `/drafts/${id}`, { fields: { name: 'Placeholder', tagline: 'Placeholder', categories: [categoryName] } });
    await t.db.query(
      `UPDATE drafts SET fields = jsonb_set(jsonb_set(fields, '{name,value}', to_jsonb($2::text)), '{tagline,value}', to_jsonb($3::text)) WHERE id = $1`,
      [id, '\u202eOld\u200b name', 'Old\u2060 tagline'],
    );
    const { listing_id: listingId } = (await call(founder, 'POST', `/drafts/${id}/submit`)).body;
    expect(await t.db.one('SELECT name, tagline FROM listings WHERE id = $1', [listingId])).toEqual({
      name: 'Old name',
      tagline: 'Old tagline',
    });
  });
});

describe("a drafter's proposal", () => {
  it('loses invisible characters in the name, tagline and founders; one left empty is not proposed', () => {
    const draft = { fields: {}, faqs: [], founders: [], companySocials: {}, founderSocials: {} } as unknown as DraftRecord;
    const evidence = [{ quote: 'Terminal App', url: 'https://terminal.example/' }];
    const proposal = emptyProposal();
    proposal.fields.name = { value: '\u202eppA lanimreT', evidence };
    proposal.fields.tagline = { value: '\u200b\u200d', evidence };
    proposal.founders = [
      { value: { name: 'Grace\u200b Hopper' }, evidence },
      { value: { name: '\u2066\u2069' }, evidence },
    ];
    applyProposal(draft, proposal);
    expect(draft.fields.name).toMatchObject({ value: 'ppA lanimreT', state: 'ai', ai: { value: 'ppA lanimreT' } });
    expect(draft.fields.tagline).toMatchObject({ value: null, state: 'not_found' });
    expect(draft.founders.map((f) => f.name)).toEqual(['Grace Hopper']);
    expect(proposal.fields.name.value).toBe('\u202eppA lanimreT'); // the drafter's own proposal is left as it was
  });
});
