/**
 * The relevance of search_listings (`npm run bench:relevance`): the service on a fresh database (DATABASE_URL, else
 * embedded PGlite) seeded with the demo directory at the judged set's `now`, every query of
 * test/search/relevance/queries.json asked over REST (GET /api/v1/listings?q=…&per_page=10), then a table of
 * precision@5, NDCG@10 and empty answers per kind and overall, and the 15 worst queries with their first five
 * answers. A few queries are also asked as the MCP tool, which must answer the same. `--out <path>` writes the
 * figures and every query's result as JSON. Goals (issue): no empty answer where the directory holds the need,
 * precision@5 ≥ 0.85, NDCG@10 ≥ 0.85; test/search/relevance.test.ts holds the committed floor.
 *
 * Then the blind set (test/search/relevance-blind/, not tuned against) on the same service: its table apart, and
 * no query of it (no worst queries, no answers, no MCP disagreement by query), so that its figures stay an honest
 * check of the tuning; `--out` adds its figures only. test/search/relevance.test.ts holds its floor too. The second
 * blind set (test/search/relevance-blind-2/) likewise, under its own heading.
 */
import { seedDemo } from '../src/seed/demo.js';
import { startTestApp } from '../test/support/app.js';
import { BLIND_QUERIES } from '../test/search/relevance-blind/set.js';
import { BLIND_2_QUERIES } from '../test/search/relevance-blind-2/set.js';
import { evaluate, KINDS, type Report, type Summary } from '../test/search/relevance/evaluate.js';
import {
  compareWithMcp,
  figuresOf,
  judgedDirectory,
  loadQuerySet,
  mcpSample,
  restSearch,
  writeFigures,
} from '../test/search/relevance/measure.js';

const GOALS = { p_at_5: 0.85, ndcg_at_10: 0.85, empty: 0 };

const fixed = (n: number) => n.toFixed(3);
const met = (summary: Summary) =>
  summary.p_at_5 >= GOALS.p_at_5 && summary.ndcg_at_10 >= GOALS.ndcg_at_10 && summary.empty <= GOALS.empty ? 'met' : 'NOT met';

function printTable(report: Report) {
  console.log('\n| queries | n | P@5 | NDCG@10 | empty answers |\n|---|---|---|---|---|');
  for (const kind of KINDS) {
    const s = report.by_kind[kind];
    if (s) console.log(`| ${kind} | ${s.queries} | ${fixed(s.p_at_5)} | ${fixed(s.ndcg_at_10)} | ${s.empty} |`);
  }
  const all = report.overall;
  console.log(`| **all** | ${all.queries} | **${fixed(all.p_at_5)}** | **${fixed(all.ndcg_at_10)}** | **${all.empty}** |`);
  console.log(
    `\ngoals: P@5 ≥ ${GOALS.p_at_5}, NDCG@10 ≥ ${GOALS.ndcg_at_10}, no empty answer where the directory holds the need: ${met(all)}`,
  );
}

function printWorst(report: Report) {
  const worst = [...report.results].sort((a, b) => a.ndcg_at_10 - b.ndcg_at_10 || a.p_at_5 - b.p_at_5).slice(0, 15);
  console.log(
    '\nThe 15 worst queries (by NDCG@10):\n\n| query | kind | relevant | P@5 | NDCG@10 | first five answered |\n|---|---|---|---|---|---|',
  );
  for (const r of worst) {
    const top = r.empty ? '(empty)' : r.top.slice(0, 5).join(', ');
    console.log(`| ${r.q} | ${r.kind} | ${r.relevant} | ${fixed(r.p_at_5)} | ${fixed(r.ndcg_at_10)} | ${top} |`);
  }
}

async function main() {
  const outAt = process.argv.indexOf('--out');
  const out = outAt >= 0 ? process.argv[outAt + 1] : undefined;
  const set = loadQuerySet();
  const blind = loadQuerySet(BLIND_QUERIES);
  if (Date.parse(blind.now) !== Date.parse(set.now))
    throw new Error(`the blind set was judged at ${blind.now}, the tuned set at ${set.now}: one directory serves both`);
  const blind2 = loadQuerySet(BLIND_2_QUERIES);
  if (Date.parse(blind2.now) !== Date.parse(set.now))
    throw new Error(`the second blind set was judged at ${blind2.now}, the tuned set at ${set.now}: one directory serves all`);
  const now = new Date(set.now);
  const started = Date.now();
  const app = await startTestApp({ now: () => now, prepare: (db) => seedDemo(db, { now }).then(() => undefined) });
  try {
    console.log(`the demo directory at ${set.now} seeded and the service started in ${Date.now() - started} ms`);
    const directory = judgedDirectory(now);
    console.log(`\n## The tuned set (test/search/relevance/queries.json, ${set.queries.length} queries)`);
    const report = await evaluate(set, directory, restSearch(app.url));
    printTable(report);
    printWorst(report);
    const sample = mcpSample(set);
    const differ = await compareWithMcp(app.url, sample);
    console.log(`\nover MCP (search_listings on /mcp): ${sample.length - differ.length} of ${sample.length} queries answered as over REST`);
    for (const d of differ) console.log(`  ${d.q}: REST ${d.rest.join(', ')}; MCP ${d.mcp.join(', ')}`);

    console.log(`\n## The blind set (not tuned against): test/search/relevance-blind/, ${blind.queries.length} queries, not printed`);
    const blindReport = await evaluate(blind, directory, restSearch(app.url));
    printTable(blindReport);
    const blindSample = mcpSample(blind);
    const blindDiffer = await compareWithMcp(app.url, blindSample);
    console.log(`\nblind set over MCP: ${blindSample.length - blindDiffer.length} of ${blindSample.length} queries answered as over REST`);

    console.log(
      `\n## The second blind set (not tuned against): test/search/relevance-blind-2/, ${blind2.queries.length} queries, not printed`,
    );
    const blind2Report = await evaluate(blind2, directory, restSearch(app.url));
    printTable(blind2Report);
    const blind2Sample = mcpSample(blind2);
    const blind2Differ = await compareWithMcp(app.url, blind2Sample);
    console.log(
      `\nsecond blind set over MCP: ${blind2Sample.length - blind2Differ.length} of ${blind2Sample.length} queries answered as over REST`,
    );
    if (out) {
      writeFigures(out, {
        ...figuresOf(set, report),
        mcp_disagreements: differ,
        results: report.results,
        blind: { ...figuresOf(blind, blindReport), mcp_disagreements: blindDiffer.length },
        blind_2: { ...figuresOf(blind2, blind2Report), mcp_disagreements: blind2Differ.length },
      });
      console.log(`\nfigures written to ${out} (of the blind sets, their figures only)`);
    }
    if (differ.length > 0 || blindDiffer.length > 0 || blind2Differ.length > 0) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
