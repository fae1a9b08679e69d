import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQuery } from '../../src/catalogue/query-reading.js';
import { KeptTermDictionary, TERM_CHANGES_CHANNEL, TermDictionary, trigramsOf } from '../../src/catalogue/term-dictionary.js';
import type { StopListening } from '../../src/db/change-listener.js';
import { CATEGORY_TREE } from '../../src/seed/categories.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/**
 * The typo dictionary in memory answers as the statement it replaces: for thousands of misspellings (ASCII and not),
 * the query reading with the dictionary in memory is the reading PostgreSQL gives (pg_trgm's `%` and similarity,
 * prefix sums, stems), and it stays so as search_terms changes, each change heard through migration 0035's
 * notifications.
 */
const countries = createRequire(import.meta.url)('i18n-iso-countries') as {
  getNames(lang: string): Record<string, string | string[]>;
};

let t: TestDatabase;
let kept: KeptTermDictionary;
let stopListening: StopListening;
/** The dictionary's words: the demo categories' text and country names in English, French and German. */
let words: string[];

/** A deterministic shuffle, so that document counts are distinct and unordered (no ties left to a collation). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Typos of a word: a letter dropped, two swapped, one replaced, one doubled, each at a place the index picks. */
function typosOf(word: string, i: number): string[] {
  const chars = Array.from(word);
  const at = 1 + (i % Math.max(1, chars.length - 2));
  const out = [
    [...chars.slice(0, at), ...chars.slice(at + 1)],
    [...chars.slice(0, at - 1), chars[at] ?? '', chars[at - 1], ...chars.slice(at + 1)],
    [...chars.slice(0, at), 'x', ...chars.slice(at + 1)],
    [...chars.slice(0, at), chars[at] ?? 'e', ...chars.slice(at)],
  ];
  return out.map((c) => c.join(''));
}

beforeAll(async () => {
  t = await createTestDatabase();
  const text = [
    JSON.stringify(CATEGORY_TREE),
    ...['en', 'fr', 'de'].flatMap((lang) => Object.values(countries.getNames(lang)).flat()),
  ].join(' ');
  words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter((w) => w.length >= 2);
  const documents = shuffled(
    words.map((_, i) => i + 1),
    7,
  );
  await t.db.query('INSERT INTO search_terms (term, documents) SELECT * FROM unnest($1::text[], $2::int[])', [words, documents]);
  kept = new KeptTermDictionary(t.db);
  stopListening = (
    await t.db.listen(TERM_CHANGES_CHANNEL, { onChange: () => kept.changed(), onListening: (listening) => kept.setListening(listening) })
  ).stop;
  await until(async () => (await kept.current())?.lookup(words[0]) !== undefined);
}, 60_000);

afterAll(async () => {
  await stopListening?.();
  await kept?.close();
  await t?.drop();
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the typo dictionary in memory', () => {
  it('holds every word of search_terms with the stems the trigger stored', async () => {
    const dictionary = (await kept.current())!;
    expect(dictionary.size).toBe(words.length);
    expect(words.length).toBeGreaterThan(1_500);
    const [row] = await t.db.query<{ stems: string[] }>('SELECT stems FROM search_terms WHERE term = $1', ['invoicing']);
    expect(row.stems).toEqual(['invoic']);
    expect(dictionary.lookup('invoicing')?.stems).toEqual(['invoic']);
    expect(dictionary.lookup('the')?.stems).toEqual([]); // a stop word has no stem
    expect(dictionary.lookup('invoicin')).toBeUndefined();
  });

  it('finds the trigrams pg_trgm finds (show_trgm), for words of letters and digits', async () => {
    const sample = words.filter((w) => /^[a-z0-9]+$/.test(w)).slice(0, 300);
    const rows = await t.db.query<{ word: string; trigrams: string[] }>(
      'SELECT w AS word, show_trgm(w) AS trigrams FROM unnest($1::text[]) w',
      [sample],
    );
    for (const row of rows) expect([...trigramsOf(row.word)].sort(), row.word).toEqual([...row.trigrams].sort());
  });

  it('computes the similarity pg_trgm computes, non-ASCII words included', async () => {
    const pairs = words.slice(0, 1_500).map((w, i) => [typosOf(w, i)[i % 4], w]);
    const rows = await t.db.query<{ a: string; b: string; similarity: number }>(
      'SELECT a, b, similarity(a, b) AS similarity FROM unnest($1::text[], $2::text[]) AS p(a, b)',
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    let nonAscii = 0;
    for (const row of rows) {
      const dictionary = new TermDictionary([{ term: row.b, documents: 2, stems: ['x'] }]);
      const close = dictionary.similarTo(row.a, 0, 1);
      const expected = Math.fround(row.similarity);
      if (expected >= 0.3 && !row.b.startsWith(row.a)) expect(close[0]?.similarity, `${row.a} ~ ${row.b}`).toBe(expected);
      else expect(close, `${row.a} ~ ${row.b}`).toEqual([]);
      if (/[^\p{ASCII}]/u.test(row.b)) nonAscii++;
    }
    expect(nonAscii).toBeGreaterThan(20);
  });

  it('reads thousands of misspelled queries exactly as PostgreSQL reads them', async () => {
    const dictionary = (await kept.current())!;
    const queries = words.flatMap((w, i) => (i % 2 === 0 ? typosOf(w, i) : [typosOf(w, i)[i % 4]]));
    expect(queries.length).toBeGreaterThan(4_000);
    let corrected = 0;
    for (let i = 0; i < queries.length; i += 8) {
      const batch = queries.slice(i, i + 8).filter((q, j, all) => all.indexOf(q) === j);
      const inDatabase = await readQuery(t.db, batch);
      const inMemory = await readQuery(t.db, batch, dictionary);
      expect(inMemory, batch.join(' ')).toEqual(inDatabase);
      corrected += inDatabase.words.filter((w) => w.corrections.length > 0).length;
    }
    // Most misspellings are corrected: the comparison covers corrections, not only words left as typed.
    expect(corrected).toBeGreaterThan(queries.length / 2);
  });

  it('hears a new word and a removed one, and reads the dictionary again', async () => {
    const before = (await kept.current())!;
    expect(before.lookup('zorblaxing')).toBeUndefined();
    await t.db.query('INSERT INTO search_terms (term, documents) VALUES ($1, 500000)', ['zorblaxing']);
    await until(async () => (await kept.current())?.lookup('zorblaxing') !== undefined);
    const after = (await kept.current())!;
    expect(after.lookup('zorblaxing')?.stems).toEqual(['zorblax']);
    const reading = await readQuery(t.db, ['zorblaxng'], after);
    expect(reading.words[0].corrections.map((c) => c.term)).toContain('zorblaxing');
    expect(reading).toEqual(await readQuery(t.db, ['zorblaxng']));

    await t.db.query('DELETE FROM search_terms WHERE term = $1', ['zorblaxing']);
    await until(async () => (await kept.current())?.lookup('zorblaxing') === undefined);
  });

  it('gives no dictionary while notifications are not heard, and a current one once they are again', async () => {
    kept.setListening(false);
    expect(await kept.current()).toBeUndefined();
    kept.setListening(true);
    await until(async () => (await kept.current()) !== undefined);
    expect((await kept.current())!.size).toBe(words.length);
  });
});
