import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { splitStatements } from '../../src/db/sql-statements.js';
import { createAccount, findAccountByEmail } from '../../src/accounts/accounts.js';
import { canonicalEmail } from '../../src/text/email.js';
import { createTestDatabase } from '../support/database.js';

/** Migration 0039 fills accounts.email_canonical for the accounts of before, and does not fail on old duplicates. */
const MIGRATION = new URL('../../src/db/migrations/0039-one-mailbox-one-account.sql', import.meta.url);
let db: Database;
let drop: () => Promise<void>;
let statements: string[];

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  statements = splitStatements(await readFile(MIGRATION, 'utf8'));
}, 60_000);
afterAll(() => drop?.());

/** An account as the service stored it before 0039: no canonical form. */
async function oldAccount(email: string, createdAt: string): Promise<string> {
  const id = randomUUID();
  await db.query(`INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at) VALUES ($1, $2, 'x', $3, $3)`, [
    id,
    email,
    createdAt,
  ]);
  return id;
}

/** Every domain in validator's provider lists (its normalizeEmail), read from the installed package. */
function validatorDomains(): string[] {
  const source = readFileSync(createRequire(import.meta.url).resolve('validator/lib/normalizeEmail.js'), 'utf8');
  const lists = [...source.matchAll(/var \w+_domains = \[([^\]]*)\]/g)].map((match) => match[1]);
  expect(lists.length).toBeGreaterThanOrEqual(4);
  return [...lists.join(',').matchAll(/'([^']+)'/g)].map((match) => match[1]);
}

describe('migration 0039', () => {
  it('gives the oldest account of each mailbox its canonical form, keeps the younger duplicates (NULL) reachable by their own address', async () => {
    const ring = await oldAccount('ring@gmail.com', '2025-01-01T00:00:00Z');
    const plus = await oldAccount('ring+1@gmail.com', '2025-01-02T00:00:00Z');
    const dotted = await oldAccount('r.i.n.g@googlemail.com', '2025-01-03T00:00:00Z');
    const ab = await oldAccount('a.b@example.com', '2025-01-04T00:00:00Z');
    const aPlain = await oldAccount('ab@example.com', '2025-01-05T00:00:00Z');

    for (const statement of statements) await db.query(statement);

    const canonical = async (id: string) =>
      (await db.one<{ c: string | null }>('SELECT email_canonical AS c FROM accounts WHERE id = $1', [id]))?.c;
    expect(await canonical(ring)).toBe('ring@gmail.com');
    expect(await canonical(plus)).toBeNull();
    expect(await canonical(dotted)).toBeNull();
    expect(await canonical(ab)).toBe('a.b@example.com');
    expect(await canonical(aPlain)).toBe('ab@example.com');

    // The old duplicates still sign in with their own address; any other alias finds the mailbox's oldest account.
    expect((await findAccountByEmail(db, 'ring+1@gmail.com'))?.id).toBe(plus);
    expect((await findAccountByEmail(db, 'R.I.N.G@googlemail.com'))?.id).toBe(dotted);
    expect((await findAccountByEmail(db, 'rin.g+new@gmail.com'))?.id).toBe(ring);
    // No new account for the mailbox, whichever of its addresses is used.
    const now = new Date();
    for (const email of ['ri.ng@gmail.com', 'ring+2@googlemail.com', 'ring@gmail.com'])
      expect(await createAccount(db, { email, password: 'correct horse battery staple', verified: false, now }), email).toBeUndefined();

    // Run again (as the statements allow): what was filled stays, the duplicates stay NULL.
    for (const statement of statements) await db.query(statement);
    expect(await canonical(ring)).toBe('ring@gmail.com');
    expect(await canonical(plus)).toBeNull();
  });

  it('computes in SQL what canonicalEmail computes, for every provider domain validator lists and any other', async () => {
    const create = statements.find((statement) => statement.startsWith('CREATE OR REPLACE FUNCTION mailbox_0039'));
    expect(create).toBeDefined();
    await db.query(create as string);
    try {
      const locals = ['first.last', 'first.last+tag', 'first..last', 'a-b-c', 'plain-', '+only', '-only', 'x.+y', 'a+b-c.d'];
      // Gmail's two domains are written into validator's code rather than a list.
      const domains = ['gmail.com', 'googlemail.com', ...validatorDomains(), 'example.com', 'gmail.co.uk', 'mail.yahoo.com'];
      expect(domains).toEqual(expect.arrayContaining(['icloud.com', 'outlook.com', 'yahoo.com', 'ya.ru']));
      const addresses = domains.flatMap((domain) => locals.map((local) => `${local}@${domain}`));
      const rows = await db.query<{ address: string; mailbox: string }>(
        'SELECT address, mailbox_0039(address) AS mailbox FROM unnest($1::text[]) AS address',
        [addresses],
      );
      expect(rows.map((row) => [row.address, row.mailbox])).toEqual(addresses.map((address) => [address, canonicalEmail(address)]));
    } finally {
      await db.query('DROP FUNCTION mailbox_0039(text)');
    }
  });
});
