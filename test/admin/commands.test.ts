/** The operator commands (npm run admin) run against a test database, as the service runs them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/admin/commands.js';
import { adminDeps } from '../support/admin.js';
import { authenticate } from '../../src/accounts/accounts.js';
import { createMailer } from '../../src/mail/mailer.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const NOW = new Date('2026-11-18T15:45:30.000Z');

describe('runAdminCommand', () => {
  let test: TestDatabase;
  const admin = (...argv: string[]) =>
    runAdminCommand(
      adminDeps(test.db, () => NOW),
      argv,
    );
  const lastLine = (output: string) => output.trimEnd().split('\n').at(-1)!;
  const keyCount = async () => Number((await test.db.one<{ n: string }>('SELECT count(*) AS n FROM api_keys'))!.n);

  beforeAll(async () => {
    test = await createTestDatabase();
    expect((await admin('create-user', 'owner@example.com')).exitCode).toBe(0);
  });
  afterAll(() => test?.drop());

  it('create-user makes a verified account whose printed password signs in', async () => {
    const result = await admin('create-user', ' Ada@Example.com ');
    expect(result.exitCode).toBe(0);
    expect(result.output).toContain('ada@example.com');
    const password = lastLine(result.output);
    expect(password.length).toBeGreaterThanOrEqual(20);
    const account = await authenticate(test.db, 'ada@example.com', password);
    expect(account).toMatchObject({ email: 'ada@example.com', emailVerified: true });
  });

  it('create-user refuses a taken e-mail (exit 1) and an implausible one (exit 2, with usage)', async () => {
    expect(await admin('create-user', 'OWNER@example.com')).toEqual({ exitCode: 1, output: 'admin: an account with that e-mail exists' });
    const bad = await admin('create-user', 'not-an-address');
    expect(bad.exitCode).toBe(2);
    expect(bad.output).toContain('"not-an-address" is not an e-mail address');
    expect(bad.output).toContain('usage: npm run admin');
    expect((await admin('create-user')).exitCode).toBe(2);
  });

  it('create-api-key prints the key alone on the last line; only its hash is stored, with the scopes asked for', async () => {
    const result = await admin('create-api-key', 'owner@example.com', '--scopes', 'account:read,listings:write', '--name', 'deploy bot');
    expect(result.exitCode).toBe(0);
    const key = lastLine(result.output);
    expect(key).toMatch(/^ldk_[A-Za-z0-9_-]{40,}$/);
    const stored = await test.db.query<{ key_hash: string; scopes: string[]; name: string }>(
      `SELECT key_hash, scopes, name FROM api_keys WHERE account_id = (SELECT id FROM accounts WHERE email = 'owner@example.com')`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].key_hash).not.toBe(key);
    expect(stored[0].key_hash).not.toContain(key.slice(4));
    expect(stored[0].scopes).toEqual(['account:read', 'listings:write']);
    expect(stored[0].name).toBe('deploy bot');
  });

  it('create-api-key without --scopes gives all three', async () => {
    const result = await admin('create-api-key', 'owner@example.com');
    expect(result.exitCode).toBe(0);
    const row = await test.db.one<{ scopes: string[] }>('SELECT scopes FROM api_keys WHERE prefix = $1', [
      lastLine(result.output).slice(0, 12),
    ]);
    expect(row?.scopes).toEqual(['account:read', 'listings:write', 'orders:write']);
  });

  it('create-api-key refuses an unknown scope (exit 2) and an unknown account (exit 1), creating nothing', async () => {
    const before = await keyCount();
    const badScope = await admin('create-api-key', 'owner@example.com', '--scopes', 'account:read,admin:all');
    expect(badScope.exitCode).toBe(2);
    expect(badScope.output).toContain('unknown scope admin:all');
    const nobody = await admin('create-api-key', 'nobody@example.com', '--scopes', 'account:read');
    expect(nobody).toEqual({ exitCode: 1, output: 'admin: no account has the e-mail nobody@example.com' });
    expect((await admin('create-api-key', 'owner@example.com', '--scope', 'account:read')).exitCode).toBe(2);
    expect(await keyCount()).toBe(before);
  });

  it('outbox prints the newest mails, optionally to one address', async () => {
    const mailer = createMailer({ db: test.db, smtpUrl: '', from: 'test@example.com', now: () => NOW });
    await mailer.send({ to: 'ada@example.com', subject: 'Confirm your e-mail', text: 'Open https://example.com/verify?token=abc' });
    const result = await admin('outbox', '--to', 'ADA@example.com');
    expect(result.exitCode).toBe(0);
    expect(result.output).toContain('Subject: Confirm your e-mail');
    expect(result.output).toContain('https://example.com/verify?token=abc');
    expect(result.output).toContain('not sent (no SMTP)');
    expect((await admin('outbox', '--to', 'owner@example.com')).output).toBe('no mail to owner@example.com in the outbox');
    expect((await admin('outbox', '--limit', '0')).exitCode).toBe(2);
  });

  it('help and unknown commands', async () => {
    expect((await admin('help')).output).toContain('create-api-key <email>');
    expect((await admin()).exitCode).toBe(0);
    const unknown = await admin('drop-everything');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.output).toContain('unknown command "drop-everything"');
  });

  it('set-price sets a product price read back by list_products; refuses an unknown product and a bad amount', async () => {
    await test.db.query(
      `INSERT INTO products (id, name, description, price_cents, needs_listing) VALUES ('launch', 'Launch', 'x', 100, true)`,
    );
    expect(await admin('set-price', 'launch', '4900')).toEqual({
      exitCode: 0,
      output: 'launch now costs 4900 cents ($49.00) excluding VAT',
    });
    expect((await test.db.one<{ p: number }>(`SELECT price_cents AS p FROM products WHERE id = 'launch'`))!.p).toBe(4900);
    expect(await admin('set-price', 'rocket', '100')).toEqual({
      exitCode: 1,
      output: 'admin: no product "rocket"; list_products names them',
    });
    for (const bad of ['49.00', '-5', 'free', '100000001']) expect((await admin('set-price', 'launch', bad)).exitCode, bad).toBe(2);
    expect((await admin('set-price', 'launch')).exitCode).toBe(2);
    expect((await test.db.one<{ p: number }>(`SELECT price_cents AS p FROM products WHERE id = 'launch'`))!.p).toBe(4900);
  });

  it('set-vat changes a rate (every database starts with the EU ones), adds a country, and refuses bad input', async () => {
    const rate = async (country: string) =>
      test.db.one<{ bp: number; eu: boolean }>('SELECT rate_basis_points AS bp, eu FROM vat_rates WHERE country = $1', [country]);
    expect(await rate('FI')).toEqual({ bp: 2550, eu: true });
    expect(await admin('set-vat', 'fi', '25.5')).toEqual({ exitCode: 0, output: 'FI VAT set: 25.5%' });
    expect(await admin('set-vat', 'DE', '20')).toEqual({ exitCode: 0, output: 'DE VAT set: 20%' });
    expect(await rate('DE')).toEqual({ bp: 2000, eu: true });
    expect(await admin('set-vat', 'CH', '8.1', '--not-eu')).toEqual({ exitCode: 0, output: 'CH VAT added: 8.1%' });
    expect(await rate('CH')).toEqual({ bp: 810, eu: false });
    for (const bad of [['DEU', '19'], ['DE', '101'], ['DE', '19.123'], ['DE', 'x'], ['DE', '19', '--eu', '--not-eu'], ['DE']])
      expect((await admin('set-vat', ...bad)).exitCode, bad.join(' ')).toBe(2);
    expect(await rate('DE')).toEqual({ bp: 2000, eu: true });
  });
});
