import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASURED_FIELDS, figuresOf, figuresTable, measureCorpus, type CorpusRun, type MeasuredField } from './measure.js';
import type { CorpusSite } from './types.js';

type Figures = Record<MeasuredField, { found: number; wrong: number }>;

export interface BlindSet {
  /** How the describe blocks and the printed table name the set ("blind corpus", "second blind corpus"). */
  name: string;
  corpus: readonly CorpusSite[];
  /** The committed floor: found may not drop below it, wrong may not rise above it. */
  figures: URL;
  /** The environment variable that writes a new floor. */
  updateVariable: string;
  /** Pages the crawler is known to leave out, as host + path. */
  knownUnread: readonly string[];
  /** Also check that every page is linked from its site and that the set has twenty sites on distinct hosts. */
  structureChecks?: boolean;
}

/** A page's text as a reader sees it, near enough to find a stated fact in it: tags out, the escapes the sites use decoded. */
const readable = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

/**
 * The tests of a blind drafter corpus (a set of sites written from the field list alone): the set is consistent with its
 * own pages, the drafter reads its pages and quotes them verbatim, and its figures hold the committed floor.
 */
export function blindSetTests(set: BlindSet): void {
  let run: CorpusRun;
  /** The site pages the crawler did not read, as host + path. */
  const unreadPages = (sites: CorpusRun['sites']): string[] =>
    sites.flatMap((site, i) => {
      const paths = site.pages.map((p) => new URL(p.url).pathname);
      return Object.keys(set.corpus[i].pages)
        .filter((path) => !paths.includes(path))
        .map((path) => `${site.host}${path}`);
    });

  beforeAll(async () => {
    run = await measureCorpus(set.corpus);
  }, 120_000);

  afterAll(() => {
    if (!run) return;
    const stated = MEASURED_FIELDS.reduce((n, f) => n + run.counts[f].stated, 0);
    const found = MEASURED_FIELDS.reduce((n, f) => n + run.counts[f].found, 0);
    const wrong = MEASURED_FIELDS.reduce((n, f) => n + run.counts[f].wrong, 0);
    const share = stated ? Math.round((found / stated) * 100) : 100;
    console.log(
      `Offline drafter on the ${set.corpus.length} sites of the ${set.name}:\n${figuresTable(run.counts)}\n` +
        `Overall: ${found}/${stated} stated facts found (${share}%), ${wrong} wrong or invented values.\n` +
        `Pages not read: ${unreadPages(run.sites).join(', ') || 'none'}`,
    );
    if (process.env.CORPUS_DETAILS)
      for (const site of run.sites) console.log(`${site.host}\n  missed: ${site.misses.join(' | ')}\n  wrong: ${site.wrongs.join(' | ')}`);
  });

  describe(`the ${set.name} itself`, () => {
    it('states every expected fact on the site (the corpus is consistent with its own pages)', () => {
      for (const site of set.corpus) {
        const html = Object.values(site.pages).join('\n');
        const text = readable(html);
        const { facts } = site;
        const stated = [
          facts.name,
          facts.city,
          facts.founded_year,
          facts.contact_email,
          ...facts.features,
          ...facts.founders,
          ...facts.faqs,
          ...facts.pricing.flatMap((tier) => [tier.name, ...(['free', 'contact'].includes(tier.price) ? [] : [tier.price])]),
        ].filter((fact): fact is string => fact !== null);
        for (const fact of stated) expect(text, `${site.host}: ${fact}`).toContain(fact);
        const links = [facts.logo_url, facts.demo_video_url, ...Object.values(facts.socials)].filter((link): link is string => !!link);
        for (const link of links) expect(html, `${site.host}: ${link}`).toContain(link);
      }
    });

    if (set.structureChecks) {
      it('links every page from another page of its site, so that a reader (and a crawler) can reach it', () => {
        for (const site of set.corpus) {
          const html = Object.values(site.pages).join('\n');
          for (const path of Object.keys(site.pages).filter((p) => p !== '/'))
            expect(html, `${site.host}${path}`).toContain(`href="${path}"`);
        }
      });

      it('has twenty sites on distinct hosts, each with a home page', () => {
        expect(set.corpus).toHaveLength(20);
        expect(new Set(set.corpus.map((site) => site.host)).size).toBe(20);
        for (const site of set.corpus) expect(Object.keys(site.pages), site.host).toContain('/');
      });
    }
  });

  describe(`the offline drafter on the ${set.name}`, () => {
    it('reads every page of every site, but the ones it is known to leave out', () => {
      expect(unreadPages(run.sites).filter((page) => !set.knownUnread.includes(page))).toEqual([]);
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
      if (process.env[set.updateVariable]) writeFileSync(set.figures, `${JSON.stringify(measured, null, 2)}\n`);
      const floor = JSON.parse(readFileSync(set.figures, 'utf8')) as Figures;
      expect(Object.keys(floor).sort()).toEqual([...MEASURED_FIELDS].sort());
      for (const field of MEASURED_FIELDS) {
        expect(measured[field].found, `${field}: found`).toBeGreaterThanOrEqual(floor[field].found);
        expect(measured[field].wrong, `${field}: wrong`).toBeLessThanOrEqual(floor[field].wrong);
      }
    });
  });
}
