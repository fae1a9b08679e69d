/**
 * What the relevance bench (bench/relevance.ts) and its test (test/search/relevance.test.ts) share: the judged query
 * set and the directory it was judged on, the search over REST and over MCP, and the figures they hold.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { buildDemo } from '../../../src/seed/demo-data.js';
import type { JudgedListing, QueryKind, QuerySet, Report, Search, Summary } from './evaluate.js';

const QUERIES = new URL('./queries.json', import.meta.url);
export const FIGURES = new URL('./figures.json', import.meta.url);

/** The judged set tuned against (queries.json here), or another set of the same format (the blind set). */
export function loadQuerySet(queries: URL | string = QUERIES): QuerySet {
  return JSON.parse(readFileSync(queries, 'utf8')) as QuerySet;
}

/** The live listings of the demo directory built at `now`, with their primary category (what the set was judged on). */
export function judgedDirectory(now: Date): JudgedListing[] {
  const demo = buildDemo(now);
  const slugOf = new Map(demo.categories.map((c) => [c.id, c.slug]));
  return demo.listings
    .filter((l) => l.status === 'live')
    .map((l) => ({ slug: l.slug, primary_category: slugOf.get(l.primary_category_id)! }));
}

/** search_listings over REST: GET /api/v1/listings?q=…&per_page=10, the slugs in the order answered. */
export function restSearch(baseUrl: string): Search {
  return async (q) => {
    const response = await fetch(`${baseUrl}/api/v1/listings?q=${encodeURIComponent(q)}&per_page=10`);
    if (!response.ok) throw new Error(`GET /api/v1/listings?q=${q}: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { items: { slug: string }[] };
    return page.items.map((item) => item.slug);
  };
}

export interface Disagreement {
  q: string;
  rest: string[];
  mcp: string[];
}

/** Asks each query over REST and as the MCP tool search_listings (the SDK's client on /mcp, signed out); the answers that differ. */
export async function compareWithMcp(baseUrl: string, queries: readonly string[]): Promise<Disagreement[]> {
  const client = new Client({ name: 'relevance-bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`)));
  const rest = restSearch(baseUrl);
  const differ: Disagreement[] = [];
  try {
    for (const q of queries) {
      const result = await client.callTool({ name: 'search_listings', arguments: { q, per_page: 10 } });
      if (result.isError) throw new Error(`search_listings ${q}: ${JSON.stringify(result.content)}`);
      const mcp = (result.structuredContent as { items: { slug: string }[] }).items.map((item) => item.slug);
      const overRest = await rest(q);
      if (JSON.stringify(mcp) !== JSON.stringify(overRest)) differ.push({ q, rest: overRest, mcp });
    }
  } finally {
    await client.close();
  }
  return differ;
}

/** The first query of each kind: the ones the bench and the test also ask over MCP. */
export function mcpSample(set: QuerySet): string[] {
  const seen = new Set<QueryKind>();
  return set.queries.filter((query) => !seen.has(query.kind) && seen.add(query.kind)).map((query) => query.q);
}

/** The figures a run is held to (test/search/relevance/figures.json): means to 4 places, and the empty answers. */
export interface Figures {
  now: string;
  overall: Summary;
  by_kind: Partial<Record<QueryKind, Summary>>;
}

const rounded = (s: Summary): Summary => ({
  queries: s.queries,
  p_at_5: Math.round(s.p_at_5 * 10_000) / 10_000,
  ndcg_at_10: Math.round(s.ndcg_at_10 * 10_000) / 10_000,
  empty: s.empty,
});

export function figuresOf(set: QuerySet, report: Report): Figures {
  const byKind = Object.fromEntries(Object.entries(report.by_kind).map(([kind, summary]) => [kind, rounded(summary)]));
  return { now: set.now, overall: rounded(report.overall), by_kind: byKind };
}

export function writeFigures(path: URL | string, figures: unknown): void {
  writeFileSync(path, `${JSON.stringify(figures, null, 2)}\n`);
}
