import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What an instance loads before it answers: the packages only a crawl, a draft with Claude, a payment with Stripe,
 * an image or a trace needs are imported when first used (a fifth of a second of start-up between them), not at
 * start-up. Checked in a process of its own that imports what src/main.ts imports, with a loader hook naming every
 * package resolved.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const LOADED_ONLY_WHEN_USED = [
  '@crawlee/cheerio',
  '@crawlee/utils',
  '@anthropic-ai/sdk',
  'stripe',
  'sharp',
  '@opentelemetry/sdk-trace',
  '@opentelemetry/exporter-trace-otlp-http',
];
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'start-up-imports-'));
  await writeFile(
    path.join(dir, 'hook.mjs'),
    `export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const name = /node_modules\\/((@[^/]+\\/)?[^/]+)/.exec(resolved.url)?.[1];
  if (name) process.stderr.write('package ' + name + '\\n');
  return resolved;
}`,
  );
  await writeFile(
    path.join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(path.join(dir, 'hook.mjs')).href)});`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('start-up', () => {
  it('imports neither the crawler, the Claude and Stripe SDKs, sharp nor the tracing SDK', async () => {
    const modules = ['config', 'db/database', 'registry/registry', 'app', 'seed/demo', 'admin/commands', 'admin/control-socket'];
    const script = modules.map((m) => `await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'src', `${m}.ts`)).href)});`).join('\n');
    const { stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--import', pathToFileURL(path.join(dir, 'register.mjs')).href, '--input-type=module', '-e', script],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
    const loaded = new Set(stderr.split('\n').flatMap((line) => (line.startsWith('package ') ? [line.slice('package '.length)] : [])));
    expect([...loaded], 'the hook saw the packages start-up needs').toEqual(expect.arrayContaining(['koa', 'pg', '@mikro-orm/core']));
    expect(LOADED_ONLY_WHEN_USED.filter((name) => loaded.has(name))).toEqual([]);
  }, 60_000);
});
