import { describe, expect, it } from 'vitest';
import { extractPage } from '../../src/crawler/page-extract.js';
import { createExtractiveDrafter } from '../../src/drafting/extractive-drafter.js';

/** The crawler and the drafter read pages with one reader: what one treats as hidden, so does the other. */
describe('the one HTML reader', () => {
  const html = (attribute: string) =>
    `<!doctype html><html><head><title>Acme</title><meta name="description" content="Acme makes rockets for coyotes, reliably and fast."></head>
     <body><h1>Acme rockets</h1><p ${attribute}>Founded in 1999 in Lisbon, Portugal, by people who love rockets a great deal indeed.</p></body></html>`;

  it.each(['hidden', 'aria-hidden="true"', 'aria-hidden="TRUE"', 'style="display: none"'])(
    'keeps text marked %s out of the crawled text and out of the draft',
    async (attribute) => {
      const { page } = extractPage('https://acme.example/', html(attribute));
      expect(page.text).not.toContain('Lisbon');
      const proposal = await createExtractiveDrafter().draft([page]);
      expect(JSON.stringify(proposal)).not.toContain('Lisbon');
    },
  );

  it('reads the same text when it is visible (the checks above could fail)', async () => {
    const { page } = extractPage('https://acme.example/', html('class="about"'));
    expect(page.text).toContain('Lisbon');
    const proposal = await createExtractiveDrafter().draft([page]);
    expect(proposal.fields.city?.value ?? proposal.fields.founded_year?.value).toBeDefined();
  });
});
