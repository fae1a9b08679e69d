import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Three tiers, which `npm test` runs together (CI does, on both databases); `npm run test:tiers` prints how many files
 * each holds and how long they took in the last run.
 * - fast (`npm run test:fast`, the everyday loop): the unit tests and the tool tests (test/tools/, each tool on
 *   the embedded database). It runs without per-file isolation: a worker loads the modules once.
 * - integration (`npm run test:integration`): the service on a database, with its jobs, pages and fixture sites.
 * - slow (`npm run test:slow`): browsers, child processes, fuzzing, the whole demo catalogue, the drafter corpus.
 * A file's tier is marked by what it imports, so that a new test lands in the right one by itself, and the few files
 * whose imports do not tell are named in TIER_OF. In this order:
 * 1. TIER_OF, by path;
 * 2. slow when its source has one of SLOW_MARKS (a browser is support/chromium.js, the only module that launches
 *    one; support/browser.js is a cookie-keeping fetch client, and a type import of playwright-core drives nothing);
 * 3. fast for the tool tests (test/tools/);
 * 4. integration when its source has one of INTEGRATION_MARKS;
 * 5. fast otherwise.
 */
type Tier = 'fast' | 'integration' | 'slow';

const TIER_OF: Readonly<Record<string, Tier>> = {
  'test/app/two-instances.test.ts': 'slow', // two service instances on one database
  'test/moderation/two-instances.test.ts': 'slow',
  'test/crawler/crawl-site.test.ts': 'integration', // crawls the fixture sites for 10 to 20 s
};

const SLOW_MARKS: readonly RegExp[] = [
  /support\/chromium\.js|^import (?!type )[^;]*from 'playwright-core'/m, // drives a browser
  /support\/service-process\.js|node:child_process/, // starts services or workers as processes
  /from 'fast-check'/, // fuzz and property tests
  /seedDemo\(/, // works on the whole demo catalogue
  /drafting\/corpus|corpus\/(measure|blind-set)\.js/, // the drafter against its corpus of sites
];

/**
 * Starts the service or opens a database: directly, or through the helpers that do (a folder's own support.js,
 * the page flows, the fetch client of pages, accounts and admin commands).
 */
const INTEGRATION_MARKS = /support\/(app|database|fixtures|oauth|admin|services|browser)\.js|page-flows\.js|from '\.\/support\.js'/;
const TOOL_TESTS = 'test/tools/';

const TESTS = 'test';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

function tierOf(file: string): Tier {
  const marked = TIER_OF[file];
  if (marked) return marked;
  const source = readFileSync(file, 'utf8');
  if (SLOW_MARKS.some((mark) => mark.test(source))) return 'slow';
  if (file.startsWith(TOOL_TESTS)) return 'fast';
  return INTEGRATION_MARKS.test(source) ? 'integration' : 'fast';
}

/** Each tier's files, by path from the repository's root (`npm run test:tiers` prints them). */
export const TIERS: Readonly<Record<Tier, readonly string[]>> = (() => {
  const tiers: Record<Tier, string[]> = { fast: [], integration: [], slow: [] };
  for (const file of testFiles(TESTS)) tiers[tierOf(file)].push(file);
  for (const file of Object.keys(TIER_OF))
    if (!tiers[TIER_OF[file]!].includes(file)) throw new Error(`TIER_OF names ${file}, which is no test file`);
  return tiers;
})();

/** The tiers in the order their files start: the longest files first, so that the short ones fill the end of the run. */
const TIER_ORDER = ['slow', 'integration', 'fast'];

/**
 * Vitest's own order (a file that failed, then the longest by the last run's durations, or the largest without them),
 * with the slow tier first instead of last (projects go by name: fast, integration, slow). With the slow files last,
 * two of them (the fuzzing and the backup commands, two minutes each) ran while the other worker had nothing left.
 */
class SlowTierFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted.sort((a, b) => TIER_ORDER.indexOf(a.project.name) - TIER_ORDER.indexOf(b.project.name));
  }
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // A snapshot (the tools' contracts, test/support/contract.ts) is written only when asked, with
    // `npx vitest run <file> -u`: never by a plain run, in CI or not, so that a missing one fails.
    update: 'none',
    hookTimeout: 60_000,
    // A browser page on a loaded 2-core machine can take seconds to load: polls wait up to 15 s, not vitest's 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['test/support/global-setup.ts'],
    sequence: { sequencer: SlowTierFirst },
    projects: [
      {
        extends: true,
        test: { name: 'fast', include: [`${TESTS}/**/*.test.ts`], exclude: [...TIERS.slow, ...TIERS.integration], isolate: false },
      },
      { extends: true, test: { name: 'integration', include: [...TIERS.integration] } },
      { extends: true, test: { name: 'slow', include: [...TIERS.slow] } },
    ],
  },
});
