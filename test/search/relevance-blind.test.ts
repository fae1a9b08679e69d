import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/demo.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { BLIND_FIGURES, BLIND_QUERIES } from './relevance-blind/set.js';
import { evaluate, KINDS, type Report, type Summary } from './relevance/evaluate.js';
import {
  compareWithMcp,
  type Figures,
  figuresOf,
  judgedDirectory,
  loadQuerySet,
  mcpSample,
  restSearch,
  writeFigures,
} from './relevance/measure.js';

/**
 * The relevance of search_listings on the blind judged set (test/search/relevance-blind/README.md), a set the search
 * is not tuned against: asked over REST as the tuned set is (test/search/relevance.test.ts), it may not measure below
 * its committed floor test/search/relevance-blind/figures.json, overall or for any kind of query. The failures name
 * no query, so that whoever tunes the search stays blind to the set. After an intended change of the search, write
 * the new floor with UPDATE_RELEVANCE_FIGURES=1.
 */
const set = loadQuerySet(BLIND_QUERIES);
const NOW = new Date(set.now);
const UPDATE = Boolean(process.env.UPDATE_RELEVANCE_FIGURES);
/** The floor is written to 4 places. */
const ROUNDING = 0.000_05;

let t: TestApp;
let report: Report;
let floor: Figures;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW, prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
  report = await evaluate(set, judgedDirectory(NOW), restSearch(t.url));
  if (UPDATE) writeFigures(BLIND_FIGURES, figuresOf(set, report));
  floor = JSON.parse(readFileSync(BLIND_FIGURES, 'utf8')) as Figures;
}, 240_000);
afterAll(() => t?.close());

function expectAtLeast(name: string, measured: Summary, held: Summary | undefined) {
  expect(held, `${name}: no floor; write it with UPDATE_RELEVANCE_FIGURES=1`).toBeDefined();
  expect(measured.queries, `${name}: queries`).toBe(held!.queries);
  expect(measured.p_at_5, `${name}: precision@5`).toBeGreaterThanOrEqual(held!.p_at_5 - ROUNDING);
  expect(measured.ndcg_at_10, `${name}: NDCG@10`).toBeGreaterThanOrEqual(held!.ndcg_at_10 - ROUNDING);
  expect(measured.empty, `${name}: empty answers where the directory holds the need`).toBeLessThanOrEqual(held!.empty);
}

describe('search_listings relevance on the blind set (not tuned against)', () => {
  it('was judged on the directory this test seeds', () => {
    expect(floor.now).toBe(set.now);
    expect(set.queries.length).toBeGreaterThanOrEqual(50);
  });

  it('measures no lower than the committed floor, overall', () => {
    expectAtLeast('overall', report.overall, floor.overall);
  });

  it('measures no lower than the committed floor, for each kind of query', () => {
    for (const kind of KINDS) if (report.by_kind[kind]) expectAtLeast(kind, report.by_kind[kind], floor.by_kind[kind]);
  });

  it('answers no query with relevant listings empty, once the floor says none is (counted, not named)', () => {
    const empty = report.results.filter((r) => r.empty).length;
    expect(empty, 'blind queries answered empty').toBeLessThanOrEqual(floor.overall.empty);
  });

  it('answers the same over MCP as over REST (counted, not named)', async () => {
    const differ = await compareWithMcp(t.url, mcpSample(set));
    expect(differ.length, 'blind queries answered otherwise over MCP').toBe(0);
  });
});
