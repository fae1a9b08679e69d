import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Two tiers. `npm test` runs both (CI does, on both databases); `npm run test:fast` runs the fast one,
 * the everyday loop (under a minute on two cores). A test file is slow when its source matches one
 * of these, so that a new test lands in the right tier by itself:
 */
const SLOW_MARKS: readonly RegExp[] = [
  /support\/(browser|chromium)\.js|playwright-core/, // drives a browser
  /support\/service-process\.js|node:child_process/, // starts services or workers as processes
  /from 'fast-check'/, // fuzz and property tests
  /seedDemo\(/, // works on the whole demo catalogue
  /drafting\/corpus|corpus\/measure\.js/, // the drafter against its corpus of sites
];

/** Slow by name: two instances of the service on one database. */
const SLOW_NAMES = /two-instances\.test\.ts$/;

const TESTS = 'test';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const SLOW_FILES = testFiles(TESTS).filter((file) => {
  const source = readFileSync(file, 'utf8');
  return SLOW_NAMES.test(file) || SLOW_MARKS.some((mark) => mark.test(source));
});

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['test/support/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'fast', include: [`${TESTS}/**/*.test.ts`], exclude: SLOW_FILES } },
      { extends: true, test: { name: 'slow', include: SLOW_FILES } },
    ],
  },
});
