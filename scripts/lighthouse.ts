/**
 * Lighthouse on the public site: `npm run lighthouse`. Starts the service on a fresh embedded database with the
 * demo directory (as `npm run screenshots` does), takes a live listing, a category and a founder from the service's
 * own API, and runs Lighthouse (the npm package) in Debian's Chromium (`apt-get install chromium`, or CHROMIUM_PATH)
 * on the home, listing, category, founder and search pages, each on mobile (Lighthouse's default: a mid-range phone
 * on a slow 4G network, simulated) and on desktop (its desktop configuration), one run after another, three times
 * each (LIGHTHOUSE_RUNS), keeping the median run by performance (the score that varies with the machine's load).
 * Prints a Markdown table of the four category scores, then every audit that cost points, and exits 1 when a score
 * is under 95 (the search page's SEO excepted: it is noindex). LIGHTHOUSE_REPORTS=<folder> also writes the median
 * runs' HTML reports there.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, desktopConfig, type Flags } from 'lighthouse';
import { startDemoService } from './demo-service.js';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Root needs no sandbox; the rest keeps a closed network quiet. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TITLES: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};
const GOAL = 95;
/** Runs of each page and form factor (LIGHTHOUSE_RUNS): performance varies from run to run, the median is reported. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

interface Target {
  name: string;
  path: string;
  /** Categories not held to the goal (shown in brackets). */
  exempt: Category[];
}

interface Measure {
  scores: Record<Category, number | null>;
  /** Audits that cost points: `category: id (score) title: what was found`. */
  losses: string[];
  /** The run's HTML report. */
  report: string;
}

interface Run extends Measure {
  target: Target;
  formFactor: 'mobile' | 'desktop';
  /** The performance score of each run, in the order run. */
  performanceRuns: (number | null)[];
}

async function main() {
  const service = await startDemoService();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const runs: Run[] = [];
  const started = Date.now();
  try {
    const targets = await pagesToTest(service.url);
    for (const target of targets) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const measures: Measure[] = [];
        for (let i = 0; i < RUNS; i++) measures.push(await audit(`${service.url}${target.path}`, chrome.port, formFactor));
        const performanceRuns = measures.map((m) => m.scores.performance);
        runs.push({ target, formFactor, performanceRuns, ...medianRun(measures) });
        console.error(`${target.name} (${formFactor}): performance ${performanceRuns.join(', ')}`);
      }
    }
  } finally {
    chrome.kill();
    await service.close();
  }
  if (REPORTS) {
    await mkdir(REPORTS, { recursive: true });
    for (const run of runs) await writeFile(path.join(REPORTS, `${run.target.name}-${run.formFactor}.html`), run.report);
  }
  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
  console.log(
    `\nLighthouse ${version}, ${new Date().toISOString().slice(0, 10)}, ${chromeVersion()}; the median of ${RUNS} run${RUNS === 1 ? '' : 's'} each (by performance), ${Math.round((Date.now() - started) / 1000)} s in all. Goal: ≥ ${GOAL}; exempt scores in brackets.\n`,
  );
  console.log(table(runs));
  const lost = runs.filter((run) => run.losses.length > 0);
  if (lost.length > 0) console.log('\nAudits that cost points (in the median run):');
  for (const run of lost) console.log(`\n${run.target.name} (${run.formFactor}):\n${run.losses.map((line) => `  - ${line}`).join('\n')}`);
  const failed = runs.flatMap((run) =>
    CATEGORIES.filter((c) => !run.target.exempt.includes(c) && (run.scores[c] ?? 0) < GOAL).map(
      (c) => `${run.target.name} (${run.formFactor}) ${TITLES[c]}`,
    ),
  );
  if (failed.length > 0) {
    console.log(`\nUnder ${GOAL}: ${failed.join('; ')}`);
    process.exitCode = 1;
  }
}

/** The run whose performance score is the median (accessibility, best practices and SEO do not vary between runs). */
function medianRun(measures: Measure[]): Measure {
  const sorted = [...measures].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function chromeVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return CHROMIUM_PATH;
  }
}

/** The pages, with a live listing, a category with live listings and a founder taken from the REST API. */
async function pagesToTest(origin: string): Promise<Target[]> {
  const get = async <T>(route: string): Promise<T> => {
    const answer = await fetch(`${origin}/api/v1${route}`);
    if (!answer.ok) throw new Error(`GET /api/v1${route}: ${answer.status}`);
    return (await answer.json()) as T;
  };
  const listings = await get<{ items: { slug: string; name: string }[] }>('/listings?per_page=1');
  const categories = await get<{ items: { slug: string; live_count: number }[] }>('/categories?include_empty=false');
  const founders = await get<{ items: { slug: string }[] }>('/founders?per_page=1');
  const listing = listings.items[0];
  const category = categories.items.find((c) => c.live_count > 0);
  const founder = founders.items[0];
  if (!listing || !category || !founder) throw new Error('the demo directory has no live listing, category or founder');
  const query = listing.name.split(/\s+/)[0] ?? listing.name;
  return [
    { name: 'home', path: '/', exempt: [] },
    { name: 'listing', path: `/listings/${listing.slug}`, exempt: [] },
    { name: 'category', path: `/categories/${category.slug}`, exempt: [] },
    { name: 'founder', path: `/founders/${founder.slug}`, exempt: [] },
    { name: 'search', path: `/search?q=${encodeURIComponent(query)}`, exempt: ['seo'] },
  ];
}

async function audit(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<Measure> {
  const flags: Flags = { port, logLevel: 'error', output: 'html', onlyCategories: [...CATEGORIES] };
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url} (${formFactor}): ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round((lhr.categories[c].score ?? 0) * 100)]),
  ) as Record<Category, number | null>;
  const losses: string[] = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audited = lhr.audits[ref.id];
      if (!audited || ref.weight === 0 || audited.score === null || audited.score >= 1) continue;
      if (['notApplicable', 'informative', 'manual'].includes(audited.scoreDisplayMode)) continue;
      losses.push(
        `${c}: ${ref.id} (${audited.score.toFixed(2)}) ${audited.title}${audited.displayValue ? `: ${audited.displayValue}` : ''}${foundItems(audited.details)}`,
      );
    }
  }
  return { scores, losses, report: String(result.report) };
}

/** The first few things an audit found (a node, a URL), to say where the points went. */
function foundItems(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items;
  if (!Array.isArray(items) || items.length === 0) return '';
  const found = items.slice(0, 3).map((item) => {
    const text = [item.node, item.source, item.url, item.description, item.statistic].map(named).find(Boolean);
    return (text ?? JSON.stringify(item)).slice(0, 200);
  });
  return ` [${found.join(' | ')}${items.length > 3 ? ` | … ${items.length - 3} more` : ''}]`;
}

/** A node's markup, a URL or a text, as an audit's item gives it. */
function named(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const { snippet, url, value: text } = value as { snippet?: unknown; url?: unknown; value?: unknown };
    return [snippet, url, text].find((v): v is string => typeof v === 'string');
  }
  return undefined;
}

function table(runs: Run[]): string {
  const lines = [
    `| page | form factor | ${CATEGORIES.map((c) => TITLES[c]).join(' | ')} | performance, each run |`,
    `|---|---|${CATEGORIES.map(() => '---:').join('|')}|---|`,
  ];
  for (const run of runs) {
    const cells = CATEGORIES.map((c) => {
      const score = run.scores[c] === null ? '–' : String(run.scores[c]);
      if (run.target.exempt.includes(c)) return `(${score})`;
      return (run.scores[c] ?? 0) < GOAL ? `**${score}**` : score;
    });
    lines.push(
      `| ${run.target.name} | ${run.formFactor} | ${cells.join(' | ')} | ${run.performanceRuns.map((p) => p ?? '–').join(', ')} |`,
    );
  }
  return lines.join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
