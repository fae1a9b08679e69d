import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLIND_2_CORPUS } from './blind-2/sites/index.js';
import { MEASURED_FIELDS, figuresOf, figuresTable, measureCorpus, type CorpusRun, type MeasuredField } from './corpus/measure.js';

/**
 * The offline drafter measured on the second blind corpus (test/drafting/blind-2/): twenty product sites written from
 * the field list alone, by someone who had read neither the drafter nor the crawler nor the other corpora's sites, so
 * that these figures say how it does on sites it was not tuned on. The committed floor is
 * test/drafting/blind-2/figures.json: found may not drop below it, wrong may not rise above it. After improving the
 * drafter, write the new floor with UPDATE_BLIND2_FIGURES=1 — and never edit the sites to raise it.
 */
const FIGURES = new URL('./blind-2/figures.json', import.meta.url);
type Figures = Record<MeasuredField, { found: number; wrong: number }>;

/**
 * Pages the crawler did not read when the set was first measured (drafter and crawler at 26c2e50, the same on every
 * run), as host + path. Each is linked from its site's navigation or from a page that was read. Among them are
 * Stapelwerk's and Tratoviva's feature, about and FAQ pages (German and Spanish paths: /funktionen, /ueber-uns,
 * /fragen; /funciones, /precios, /nosotros, /preguntas), Gridwell's /license and Sketchferry's /buy (their prices),
 * Parlino's /plus and /chi-siamo (its prices, founders, city and year), Cutloom's /tools (its features) and the post
 * where Docsprout's founder signs. Remove an entry once the crawler reads the page (the found figures may then rise,
 * and the floor with them). Since the crawler reads a site's other linked pages when its budget has room (3c01976),
 * only two blog posts are left out (the crawler does not read blog posts).
 */
const KNOWN_UNREAD: readonly string[] = ['rankfield.example/blog/local-seo-2025', 'docsprout.example/blog/seed-round'];

/** The site pages the crawler did not read, as host + path. */
const unreadPages = (sites: CorpusRun['sites']): string[] =>
  sites.flatMap((site, i) => {
    const paths = site.pages.map((p) => new URL(p.url).pathname);
    return Object.keys(BLIND_2_CORPUS[i].pages)
      .filter((path) => !paths.includes(path))
      .map((path) => `${site.host}${path}`);
  });

let run: CorpusRun;
beforeAll(async () => {
  run = await measureCorpus(BLIND_2_CORPUS);
}, 120_000);

afterAll(() => {
  if (!run) return;
  const stated = MEASURED_FIELDS.reduce((n, f) => n + run.counts[f].stated, 0);
  const found = MEASURED_FIELDS.reduce((n, f) => n + run.counts[f].found, 0);
  const wrong = MEASURED_FIELDS.reduce((n, f) => n + run.counts[f].wrong, 0);
  const share = stated ? Math.round((found / stated) * 100) : 100;
  console.log(
    `Offline drafter on ${BLIND_2_CORPUS.length} sites of the second blind set:\n${figuresTable(run.counts)}\n` +
      `Overall: ${found}/${stated} stated facts found (${share}%), ${wrong} wrong or invented values.\n` +
      `Pages not read: ${unreadPages(run.sites).join(', ') || 'none'}`,
  );
  if (process.env.CORPUS_DETAILS)
    for (const site of run.sites) console.log(`${site.host}\n  missed: ${site.misses.join(' | ')}\n  wrong: ${site.wrongs.join(' | ')}`);
});

/** A page's text as a reader sees it, near enough to find a stated fact in it: tags out, the escapes the sites use decoded. */
const readable = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

describe('the second blind corpus itself', () => {
  it('states every expected fact on the site (the corpus is consistent with its own pages)', () => {
    for (const site of BLIND_2_CORPUS) {
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

  it('links every page from another page of its site, so that a reader (and a crawler) can reach it', () => {
    for (const site of BLIND_2_CORPUS) {
      const html = Object.values(site.pages).join('\n');
      for (const path of Object.keys(site.pages).filter((p) => p !== '/')) expect(html, `${site.host}${path}`).toContain(`href="${path}"`);
    }
  });

  it('has twenty sites on distinct hosts, each with a home page', () => {
    expect(BLIND_2_CORPUS).toHaveLength(20);
    expect(new Set(BLIND_2_CORPUS.map((site) => site.host)).size).toBe(20);
    for (const site of BLIND_2_CORPUS) expect(Object.keys(site.pages), site.host).toContain('/');
  });
});

describe('the offline drafter on the second blind corpus', () => {
  it('reads every page of every site, but the ones it is known to leave out', () => {
    expect(unreadPages(run.sites).filter((page) => !KNOWN_UNREAD.includes(page))).toEqual([]);
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
    if (process.env.UPDATE_BLIND2_FIGURES) writeFileSync(FIGURES, `${JSON.stringify(measured, null, 2)}\n`);
    const floor = JSON.parse(readFileSync(FIGURES, 'utf8')) as Figures;
    expect(Object.keys(floor).sort()).toEqual([...MEASURED_FIELDS].sort());
    for (const field of MEASURED_FIELDS) {
      expect(measured[field].found, `${field}: found`).toBeGreaterThanOrEqual(floor[field].found);
      expect(measured[field].wrong, `${field}: wrong`).toBeLessThanOrEqual(floor[field].wrong);
    }
  });
});
