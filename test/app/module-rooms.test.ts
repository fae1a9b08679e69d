/**
 * The domain's rooms (.dependency-cruiser.cjs, NEIGHBOURS): the check refuses an import a module has not declared,
 * type-only ones too, so no two domain modules can come to import each other; and it refuses a declared circle.
 * Each case runs the real dependency-cruiser on a scratch tree shaped like ours.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPCRUISE = path.join(ROOT, 'node_modules/.bin/depcruise');

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'rooms-'));
  await writeFile(
    path.join(scratch, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' } }),
  );
  await writeFile(path.join(scratch, 'package.json'), JSON.stringify({ type: 'module' }));
  await mkdir(path.join(scratch, 'src/catalogue'), { recursive: true });
  await mkdir(path.join(scratch, 'src/text'), { recursive: true });
  await mkdir(path.join(scratch, 'src/security'), { recursive: true });
  await writeFile(path.join(scratch, 'src/security/random.ts'), 'export const random = 1;\n');
  await writeFile(
    path.join(scratch, 'src/catalogue/weeks.ts'),
    "import { random } from '../security/random.js';\nexport interface Week { n: number }\nexport const w = random;\n",
  );
});

afterAll(() => rm(scratch, { recursive: true, force: true }));

async function cruise(config = path.join(ROOT, '.dependency-cruiser.cjs')): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(DEPCRUISE, ['src', '--config', config], { cwd: scratch });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('the domain rooms', () => {
  it('let a module import what it declared (catalogue imports security)', async () => {
    const result = await cruise();
    expect(result.output).toContain('no dependency violations');
    expect(result.code).toBe(0);
  });

  it('refuse an undeclared import, even one of a type only: text may not reach catalogue', async () => {
    const probe = path.join(scratch, 'src/text/probe.ts');
    await writeFile(probe, "import type { Week } from '../catalogue/weeks.js';\nexport type W = Week;\n");
    try {
      const result = await cruise();
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/room-text: src\/text\/probe\.ts → src\/catalogue\/weeks\.ts/);
    } finally {
      await rm(probe);
    }
  });

  it('refuse a declared circle when the check loads', async () => {
    const source = await readFile(path.join(ROOT, '.dependency-cruiser.cjs'), 'utf8');
    const circled = source.replace(/\n {2}text: \[\],/, "\n  text: ['catalogue'],");
    expect(circled).not.toBe(source);
    const config = path.join(scratch, 'circled.cjs');
    await writeFile(config, circled);
    const result = await cruise(config);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/declared domain neighbours run in a circle: [a-z -]*text -> catalogue/);
  });

  it('declare every domain folder, so a new module must say where it stands', async () => {
    const source = await readFile(path.join(ROOT, '.dependency-cruiser.cjs'), 'utf8');
    const declared = [...source.matchAll(/^ {2}'?([a-z-]+)'?: \[/gm)].map((match) => match[1]);
    const folders = (await readdir(path.join(ROOT, 'src'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((e) => e.name);
    const adaptersAndLayers = new Set(['mcp', 'admin', 'cli', 'site', 'console', 'web', 'registry', 'db']);
    expect(folders.filter((name) => !adaptersAndLayers.has(name) && !declared.includes(name))).toEqual([]);
  });
});
