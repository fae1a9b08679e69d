import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASURED_FIELDS, figuresOf, figuresTable, measureCorpus, type CorpusRun, type MeasuredField } from './corpus/measure.js';
import { CORPUS } from './corpus/sites/index.js';

/**
 * The offline drafter measured on a corpus of product sites written for the tests (test/drafting/corpus/):
 * per field, how often a stated fact is found and how often a proposed value is wrong. The committed
 * floor is test/drafting/corpus/figures.json: found may not drop below it, wrong may not rise above it.
 * After improving the drafter, write the new floor with UPDATE_CORPUS_FIGURES=1.
 */
const FIGURES = new URL('./corpus/figures.json', import.meta.url);
type Figures = Record<MeasuredField, { found: number; wrong: number }>;

let run: CorpusRun;
beforeAll(async () => {
  run = await measureCorpus(CORPUS);
}, 120_000);

afterAll(() => {
  if (!run) return;
  console.log(`Offline drafter on ${CORPUS.length} corpus sites:\n${figuresTable(run.counts)}`);
  if (process.env.CORPUS_DETAILS)
    for (const site of run.sites) console.log(`${site.host}\n  missed: ${site.misses.join(' | ')}\n  wrong: ${site.wrongs.join(' | ')}`);
});

describe('the offline drafter on the corpus', () => {
  it('reads every page of every site', () => {
    for (const [i, site] of run.sites.entries()) {
      const paths = site.pages.map((p) => new URL(p.url).pathname).sort();
      expect(paths, site.host).toEqual(Object.keys(CORPUS[i].pages).sort());
    }
  });

  it('quotes every value verbatim from the page it cites', () => {
    expect(run.sites.flatMap((site) => site.unverifiedQuotes)).toEqual([]);
    for (const site of run.sites) {
      const quotes = [
        ...Object.values(site.proposal.fields).flatMap((v) => v?.evidence ?? []),
        ...site.proposal.faqs.flatMap((f) => f.evidence),
        ...site.proposal.founders.flatMap((f) => f.evidence),
        ...Object.values(site.proposal.socials).flatMap((s) => s?.evidence ?? []),
      ];
      for (const quote of quotes)
        expect(
          site.pages.map((p) => p.url),
          site.host,
        ).toContain(quote.url);
    }
  });

  it('finds at least as much, and proposes no more wrong values, than the committed figures', () => {
    const measured = figuresOf(run.counts);
    if (process.env.UPDATE_CORPUS_FIGURES) writeFileSync(FIGURES, `${JSON.stringify(measured, null, 2)}\n`);
    const floor = JSON.parse(readFileSync(FIGURES, 'utf8')) as Figures;
    expect(Object.keys(floor).sort()).toEqual([...MEASURED_FIELDS].sort());
    for (const field of MEASURED_FIELDS) {
      expect(measured[field].found, `${field}: found`).toBeGreaterThanOrEqual(floor[field].found);
      expect(measured[field].wrong, `${field}: wrong`).toBeLessThanOrEqual(floor[field].wrong);
    }
  });
});
