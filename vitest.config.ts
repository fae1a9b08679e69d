import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Three tiers, which `npm test` runs together (CI does, on both databases):
 * - fast (`npm run test:fast`, the everyday loop): the unit tests and the tool tests (test/tools/, each tool on
 *   the embedded database). It runs without per-file isolation: a worker loads the modules once.
 * - integration (`npm run test:integration`): the service on a database, with its jobs, pages and fixture sites.
 * - slow (`npm run test:slow`): browsers, child processes, fuzzing, the whole demo catalogue, the drafter corpus.
 * A file's tier follows from its source, so that a new test lands in the right one by itself. It is slow when
 * its source matches one of these:
 */
const SLOW_MARKS: readonly RegExp[] = [
  /support\/(browser|chromium)\.js|playwright-core/, // drives a browser
  /support\/service-process\.js|node:child_process/, // starts services or workers as processes
  /from 'fast-check'/, // fuzz and property tests
  /seedDemo\(/, // works on the whole demo catalogue
  /drafting\/corpus|corpus\/(measure|blind-set)\.js/, // the drafter against its corpus of sites
];

/** Slow by name: two instances of the service on one database. */
const SLOW_NAMES = /two-instances\.test\.ts$/;

/**
 * Outside test/tools/, a file is an integration test when it starts the service or opens a database: directly,
 * or through the helpers that do (a folder's own support.js, the page flows, accounts and admin commands).
 */
const INTEGRATION_MARKS = /support\/(app|database|fixtures|oauth|admin|services)\.js|page-flows\.js|from '\.\/support\.js'/;
const TOOL_TESTS = `test/tools/`;

const TESTS = 'test';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const FILES = testFiles(TESTS).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
const SLOW_FILES = FILES.filter(({ file, source }) => SLOW_NAMES.test(file) || SLOW_MARKS.some((mark) => mark.test(source))).map(
  ({ file }) => file,
);
const INTEGRATION_FILES = FILES.filter(
  ({ file, source }) => !SLOW_FILES.includes(file) && !file.startsWith(TOOL_TESTS) && INTEGRATION_MARKS.test(source),
).map(({ file }) => file);

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
        test: { name: 'fast', include: [`${TESTS}/**/*.test.ts`], exclude: [...SLOW_FILES, ...INTEGRATION_FILES], isolate: false },
      },
      { extends: true, test: { name: 'integration', include: INTEGRATION_FILES } },
      { extends: true, test: { name: 'slow', include: SLOW_FILES } },
    ],
  },
});
