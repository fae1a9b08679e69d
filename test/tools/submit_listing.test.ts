import { describe, expect, it } from 'vitest';
import tool from '../../tools/submit_listing.js';
import { openApiOperation } from '../../rest/openapi.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour end to end (crawl, draft, edit, submit, invite, 404 for other accounts): test/drafting/submission-flow.test.ts;
// one listing per product (409 already_listed, the open draft answered again with 200): test/drafting/one-listing-per-product.test.ts.
describe('submit_listing', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{}, ['/url']],
    [{ url: 'ftp://quillnote.com/' }, ['/url']],
    [{ url: 'https://user:secret@quillnote.com/' }, ['/url']],
    [{ url: `https://quillnote.com/${'a'.repeat(2048)}` }, ['/url']], // over 2048 characters
    [{ url: 'https://quillnote.com/', slug: 'quillnote' }, ['/slug']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('answers REST 201 for a new draft and 200 for the open draft answered again, both documented, and 409', () => {
    expect(tool.http.status).toBe(201);
    expect(tool.http.existing?.status).toBe(200);
    expect(tool.http.existing?.when({ created: false } as never)).toBe(true);
    expect(tool.http.existing?.when({ created: true } as never)).toBe(false);
    expect(Object.keys((openApiOperation(tool) as { responses: object }).responses)).toEqual(expect.arrayContaining(['200', '201', '409']));
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
