/**
 * Adding one operation is adding its files: tools/<name>.ts, test/tools/<name>.test.ts and its contract snapshot
 * (test/tools/__contracts__/<name>.json), plus the domain code it calls. Nothing else keeps a table of operations:
 * the registry finds the file, defineTool derives what follows from the declaration (the 401 and 403, the sentence
 * saying who may call it), the surfaces (REST, OpenAPI and the /docs built on it, MCP) read the registry, and the per-tool exceptions
 * the tests need are fields of the tool (crossFieldRules). This file proves it twice: it adds a throwaway operation
 * in a folder of its own and serves it on every surface, and it scans the other files for hand-kept tables of
 * operations. Its contract snapshot is not written for it: a plain run fails the contract test of an operation without
 * one, and says how to write it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createRegistry, loadRegistry, type Registry } from '../../src/registry/registry.js';
import type { AnyTool } from '../../src/registry/tool.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectContractUnchanged } from '../support/contract.js';
import { person, type Person } from '../listings/support.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ADDED = 'count_words';

/** The whole file of a new operation, as someone adding one writes it (imports relative to a folder beside tools/). */
const ADDED_FILE = `import { z } from 'zod';
import { defineTool } from '../../../src/registry/tool.js';

export default defineTool({
  name: '${ADDED}',
  title: 'Count words',
  toolset: 'account',
  description: 'Counts the words of a text: a throwaway operation that test/registry/add-operation.test.ts adds.',
  http: { method: 'POST', path: '/word-counts', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  crossFieldRules: [{ path: /^\\/text$/, message: /blank/ }],
  input: z.strictObject({ text: z.string().max(1000).describe('Any text') }),
  output: z.object({ words: z.number().int().describe('How many words') }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ text }) {
    return { words: text.split(/\\s+/).filter(Boolean).length };
  },
});
`;

let dir: string;
let added: AnyTool;
let registry: Registry;
beforeAll(async () => {
  // Beside tools/ in depth, so that the file's imports read as they would in tools/.
  dir = mkdtempSync(path.join(ROOT, 'test/registry/.added-operation-'));
  writeFileSync(path.join(dir, `${ADDED}.ts`), ADDED_FILE);
  const found = await loadRegistry(dir);
  added = found.get(ADDED)!;
  registry = createRegistry([...(await loadRegistry()).tools, added]);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('adding an operation', () => {
  it('is found by the registry from its file alone, with what defineTool derives from its scopes', () => {
    expect(added).toBeDefined();
    expect(added.description).toBe(
      'Counts the words of a text: a throwaway operation that test/registry/add-operation.test.ts adds. Needs account:read.',
    );
    expect(added.errorStatuses).toEqual([401, 403]);
    expect(added.crossFieldRules).toHaveLength(1);
  });

  it('fails its contract test until its snapshot is written and committed (a plain run never writes one)', async ({ skip }) => {
    // Under -u the snapshot would be written (into test/tools/__contracts__/): this check is for plain runs.
    if (expect.getState().snapshotState.snapshotUpdateState === 'all') skip();
    await expect(expectContractUnchanged(added)).rejects.toThrow(
      `${ADDED} has no contract snapshot (test/tools/__contracts__/${ADDED}.json). Write it with \`npx vitest run test/registry/add-operation.test.ts -u\``,
    );
  });

  describe('on every surface', () => {
    let t: TestApp;
    let founder: Person;
    beforeAll(async () => {
      t = await startTestApp({ registry });
      founder = await person(t.db);
    }, 60_000);
    afterAll(() => t?.close());

    it('is an operation of the OpenAPI document, with 401 and 403 and its scope', async () => {
      const doc = await (await fetch(`${t.url}/api/v1/openapi.json`)).json();
      const operation = doc.paths['/word-counts'].post;
      expect(operation.operationId).toBe(ADDED);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
      expect(operation.security).toContainEqual({ oauth2: ['account:read'] });
    });

    it('answers over REST, refusing a caller without a credential', async () => {
      const post = (headers: Record<string, string>) =>
        fetch(`${t.url}/api/v1/word-counts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ text: 'one two  three' }),
        });
      expect((await post({})).status).toBe(401);
      const answer = await post({ authorization: `Bearer ${founder.key}` });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ words: 3 });
    });

    it('is listed and called over MCP, in its toolset', async () => {
      const client = new Client({ name: 'add-operation-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${t.url}/mcp?toolsets=account`), {
          requestInit: { headers: { authorization: `Bearer ${founder.key}` } },
        }),
      );
      try {
        const listed = (await client.listTools()).tools.find((tool) => tool.name === ADDED);
        expect(listed?.description).toBe(added.description);
        const result = await client.callTool({ name: ADDED, arguments: { text: 'a b' } });
        expect(result.structuredContent).toEqual({ words: 2 });
      } finally {
        await client.close();
      }
    });
  });
});

describe('an MCP server whose registry lacks the tools its prompts recommend', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ registry: createRegistry([added]) });
  }, 60_000);
  afterAll(() => t?.close());

  it('serves its tools without the prompts that would name missing tools', async () => {
    const client = new Client({ name: 'add-operation-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`)));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([ADDED]);
      const prompts = await client.listPrompts().then(
        (answer) => answer.prompts,
        () => [],
      );
      expect(prompts).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

// ---- No hand-kept table of operations outside a tool's own files ----

/** The folders that hold code and tests; tools/ and test/tools/ hold each operation's own files. */
const SCANNED = ['src', 'rest', 'auth', 'test', 'bench'];
const OWN_FILES = /^(tools\/|test\/tools\/)/;

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    const relative = `${folder}/${name}`;
    if (name.startsWith('.') || name === 'node_modules') return [];
    if (statSync(path.join(ROOT, relative)).isDirectory()) return filesUnder(relative);
    return /\.(ts|js|cjs|mjs)$/.test(name) ? [relative] : [];
  });
}

/**
 * The shapes a table of per-operation facts takes, each found by a tool's name: a record keyed by operation names,
 * a list of `operation: '<name>'` entries, a list or set of names that code looks an operation up in, code that
 * branches on one operation's name, and a test expecting an exact list of operations (each grows with a new one). A test or an MCP prompt that calls or recommends a tool by name is none of these.
 */
function tablesIn(file: string, text: string, names: readonly string[]): string[] {
  const anyName = `(?:${names.join('|')})`;
  const found: string[] = [];
  const at = (index: number) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(new RegExp(`^\\s*['"]?${anyName}['"]?\\s*:`, 'gm')))
    found.push(`${at(match.index)}: keyed by an operation name: ${match[0].trim()}`);
  // In src/ the domain code of an operation records it by name (e.g. in a listing's version history).
  const entries = file.startsWith('src/') ? [] : [...text.matchAll(new RegExp(`\\boperation:\\s*['"\`]${anyName}['"\`]`, 'g'))];
  if (entries.length > 1) found.push(...entries.map((match) => `${at(match.index)}: operation entries: ${match[0]}`));
  for (const match of text.matchAll(new RegExp(`\\.(?:name|id)\\s*[!=]==?\\s*['"\`]${anyName}['"\`]`, 'g')))
    found.push(`${at(match.index)}: branches on an operation name: ${match[0]}`);
  for (const match of text.matchAll(new RegExp(`\\.toEqual\\(\\[\\s*['"\`]${anyName}['"\`]\\s*,\\s*['"\`]${anyName}['"\`]`, 'g')))
    found.push(`${at(match.index)}: expects an exact list of operations: ${match[0]}`);
  for (const match of text.matchAll(/const (\w+)\s*=\s*(?:new Set\(\s*)?\[([^\]]*)\]/g)) {
    const [, variable, items] = match;
    const lookedUp = new RegExp(`\\b${variable}\\.(?:has|includes)\\(\\s*[\\w.]*\\.(?:name|id)\\s*\\)`).test(text);
    if (lookedUp && new RegExp(`['"\`]${anyName}['"\`]`).test(items!))
      found.push(`${at(match.index)}: operations looked up in ${variable}`);
  }
  return found;
}

describe('the files outside an operation’s own', () => {
  it('keep no table of operations', async () => {
    const names = (await loadRegistry()).tools.map((tool) => tool.name);
    const files = SCANNED.flatMap(filesUnder).filter((file) => !OWN_FILES.test(file));
    expect(files.length).toBeGreaterThan(100);
    const tables = files.flatMap((file) =>
      tablesIn(file, readFileSync(path.join(ROOT, file), 'utf8'), names).map((hit) => `${file}:${hit}`),
    );
    expect(tables).toEqual([]);
  });

  it('would be caught keeping one (the tables this replaced)', () => {
    // Written with placeholders, so that this file does not keep the tables it shows.
    const names = ['compare_listings', 'get_listing', 'quote_order'];
    const named = (sample: string) => sample.replace(/%(\d)/g, (_, i: string) => names[Number(i)]!);
    const samples = [
      `const PUBLIC_OPERATIONS = {\n  %1: 'GET /listings/{slug}',\n};`,
      `const RULES = [\n  { operation: '%0', path: /b/ },\n  { operation: '%1', path: /a/ },\n];`,
      `const SETTINGS_OPERATIONS = new Set(['%2']);\nif (!SETTINGS_OPERATIONS.has(op.id)) return;`,
      `const readOnlyPosts = ['%2'];\nreadOnlyPosts.includes(tool.name);`,
      `if (tool.name === '%2') skip();`,
      `expect(readOnly).toEqual(['%1', '%2']);`,
    ];
    for (const sample of samples) expect(tablesIn('test/x.test.ts', named(sample), names), sample).not.toEqual([]);
    const calls = named(`await call('%1', { slug });\nconst steps = ['%1', '%2'];\nrecord({ operation: '%2' });`);
    expect(tablesIn('test/x.test.ts', calls, names)).toEqual([]);
  });
});
