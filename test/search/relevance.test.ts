import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/demo.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { evaluate, KINDS, type Report, type Summary } from './relevance/evaluate.js';
import { BLIND_FIGURES, BLIND_QUERIES } from './relevance-blind/set.js';
import { BLIND_2_FIGURES, BLIND_2_QUERIES } from './relevance-blind-2/set.js';
import {
  compareWithMcp,
  FIGURES,
  type Figures,
  figuresOf,
  judgedDirectory,
  loadQuerySet,
  mcpSample,
  restSearch,
  writeFigures,
} from './relevance/measure.js';

/**
 * The relevance of search_listings on the demo directory (test/search/relevance/README.md): the judged query set
 * asked over REST, as `npm run bench:relevance` asks it, may not measure below the committed floor
 * test/search/relevance/figures.json, overall or for any kind of query: precision@5 and NDCG@10 no lower, no more
 * empty answers where the directory holds the need. After an intended change of the search, write the new floor
 * with UPDATE_RELEVANCE_FIGURES=1.
 *
 * Then the blind judged set (test/search/relevance-blind/README.md), a set the search is not tuned against, on the
 * same service (the demo is seeded once): held to its own floor test/search/relevance-blind/figures.json, with
 * failures that name no query, so that whoever tunes the search stays blind to the set. The second blind set
 * (test/search/relevance-blind-2/README.md) is held the same way to its own floor test/search/relevance-blind-2/figures.json.
 */
const set = loadQuerySet();
const blindSet = loadQuerySet(BLIND_QUERIES);
const blind2Set = loadQuerySet(BLIND_2_QUERIES);
const NOW = new Date(set.now);
const UPDATE = Boolean(process.env.UPDATE_RELEVANCE_FIGURES);
/** The floor is written to 4 places. */
const ROUNDING = 0.000_05;

let t: TestApp;
let report: Report;
let floor: Figures;
let blindReport: Report;
let blindFloor: Figures;
let blind2Report: Report;
let blind2Floor: Figures;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW, prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
  report = await evaluate(set, judgedDirectory(NOW), restSearch(t.url));
  if (UPDATE) writeFigures(FIGURES, figuresOf(set, report));
  floor = JSON.parse(readFileSync(FIGURES, 'utf8')) as Figures;
  blindReport = await evaluate(blindSet, judgedDirectory(NOW), restSearch(t.url));
  if (UPDATE) writeFigures(BLIND_FIGURES, figuresOf(blindSet, blindReport));
  blindFloor = JSON.parse(readFileSync(BLIND_FIGURES, 'utf8')) as Figures;
  blind2Report = await evaluate(blind2Set, judgedDirectory(NOW), restSearch(t.url));
  if (UPDATE) writeFigures(BLIND_2_FIGURES, figuresOf(blind2Set, blind2Report));
  blind2Floor = JSON.parse(readFileSync(BLIND_2_FIGURES, 'utf8')) as Figures;
}, 300_000);
afterAll(() => t?.close());

function expectAtLeast(name: string, measured: Summary, held: Summary | undefined) {
  expect(held, `${name}: no floor; write it with UPDATE_RELEVANCE_FIGURES=1`).toBeDefined();
  expect(measured.queries, `${name}: queries`).toBe(held!.queries);
  expect(measured.p_at_5, `${name}: precision@5`).toBeGreaterThanOrEqual(held!.p_at_5 - ROUNDING);
  expect(measured.ndcg_at_10, `${name}: NDCG@10`).toBeGreaterThanOrEqual(held!.ndcg_at_10 - ROUNDING);
  expect(measured.empty, `${name}: empty answers where the directory holds the need`).toBeLessThanOrEqual(held!.empty);
}

describe('search_listings relevance on the demo directory', () => {
  it('was judged on the directory this test seeds', () => {
    expect(floor.now).toBe(set.now);
    expect(set.queries.length).toBeGreaterThanOrEqual(60);
  });

  it('measures no lower than the committed floor, overall', () => {
    expectAtLeast('overall', report.overall, floor.overall);
  });

  it('measures no lower than the committed floor, for each kind of query', () => {
    for (const kind of KINDS) if (report.by_kind[kind]) expectAtLeast(kind, report.by_kind[kind], floor.by_kind[kind]);
  });

  it('answers no query with relevant listings empty, once the floor says none is', () => {
    const empty = report.results.filter((r) => r.empty).map((r) => r.q);
    if (floor.overall.empty === 0) expect(empty).toEqual([]);
    else expect(empty.length).toBeLessThanOrEqual(floor.overall.empty);
  });

  it('answers the same over MCP as over REST', async () => {
    expect(await compareWithMcp(t.url, mcpSample(set))).toEqual([]);
  });
});

describe('search_listings relevance on the blind set (not tuned against)', () => {
  it('was judged on the directory this test seeds', () => {
    expect(blindFloor.now).toBe(blindSet.now);
    expect(blindSet.queries.length).toBeGreaterThanOrEqual(50);
  });

  it('measures no lower than the committed floor, overall', () => {
    expectAtLeast('overall', blindReport.overall, blindFloor.overall);
  });

  it('measures no lower than the committed floor, for each kind of query', () => {
    for (const kind of KINDS) if (blindReport.by_kind[kind]) expectAtLeast(kind, blindReport.by_kind[kind], blindFloor.by_kind[kind]);
  });

  it('answers no query with relevant listings empty, once the floor says none is (counted, not named)', () => {
    const empty = blindReport.results.filter((r) => r.empty).length;
    expect(empty, 'blind queries answered empty').toBeLessThanOrEqual(blindFloor.overall.empty);
  });

  it('answers the same over MCP as over REST (counted, not named)', async () => {
    const differ = await compareWithMcp(t.url, mcpSample(blindSet));
    expect(differ.length, 'blind queries answered otherwise over MCP').toBe(0);
  });
});

describe('search_listings relevance on the second blind set (not tuned against)', () => {
  it('was judged on the directory this test seeds', () => {
    expect(blind2Floor.now).toBe(blind2Set.now);
    expect(Date.parse(blind2Set.now)).toBe(NOW.getTime());
    expect(blind2Set.queries.length).toBeGreaterThanOrEqual(60);
  });

  it('measures no lower than the committed floor, overall', () => {
    expectAtLeast('overall', blind2Report.overall, blind2Floor.overall);
  });

  it('measures no lower than the committed floor, for each kind of query', () => {
    for (const kind of KINDS) if (blind2Report.by_kind[kind]) expectAtLeast(kind, blind2Report.by_kind[kind], blind2Floor.by_kind[kind]);
  });

  it('answers no query with relevant listings empty, once the floor says none is (counted, not named)', () => {
    const empty = blind2Report.results.filter((r) => r.empty).length;
    expect(empty, 'second blind set queries answered empty').toBeLessThanOrEqual(blind2Floor.overall.empty);
  });

  it('answers the same over MCP as over REST (counted, not named)', async () => {
    const differ = await compareWithMcp(t.url, mcpSample(blind2Set));
    expect(differ.length, 'second blind set queries answered otherwise over MCP').toBe(0);
  });
});
