import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser, type PageResponse } from '../../support/browser.js';
import { startTestApp } from '../../support/app.js';
import { makeAccount, PASSWORD, uniqueEmail, type PagesApp } from './page-flows.js';
import { hashedKeyPart } from '../../../src/security/keyed-hash.js';

// Requests come through a trusted proxy on loopback, so each test picks the client address with X-Forwarded-For.
let t: PagesApp;
beforeAll(async () => {
  const clock = { now: new Date('2026-03-02T10:00:00Z') };
  const app = await startTestApp({ now: () => new Date(clock.now), env: { TRUSTED_PROXIES: '127.0.0.1,::1' } });
  t = Object.assign(app, {
    clock,
    advance(seconds: number) {
      clock.now = new Date(clock.now.getTime() + seconds * 1000);
    },
  });
});
afterAll(() => t?.close());

/** Posts the sign-in form from client address `from`. */
async function signInFrom(from: string, email: string, password = PASSWORD, browser = new TestBrowser()): Promise<PageResponse> {
  const form = await browser.get(`${t.url}/signin`);
  return browser.post(
    `${t.url}/signin`,
    { email, password, csrf: form.field('csrf'), return_to: '' },
    { follow: false, headers: { 'x-forwarded-for': from } },
  );
}

const failures = async (key: string) =>
  (await t.db.query<{ hits: number }>('SELECT hits FROM rate_limit_windows WHERE key = $1', [key]))[0]?.hits ?? 0;
/** A key's part for an address or e-mail address: its keyed hash. */
const hashed = (value: string) => hashedKeyPart(t.db, value);

describe('sign-in limits', () => {
  it('an attacker failing 10 times for a victim gets 429 with Retry-After; the victim still signs in from their own address', async () => {
    const victim = await makeAccount(t);
    for (let i = 0; i < 10; i++) expect((await signInFrom('203.0.113.66', victim.email, `guess ${i}`)).status).toBe(401);
    const refused = await signInFrom('203.0.113.66', victim.email, 'guess 11');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.text).toContain('Too many attempts');
    // Even the right password, from the attacker's address, waits.
    expect((await signInFrom('203.0.113.66', victim.email)).status).toBe(429);

    expect((await signInFrom('198.51.100.7', victim.email)).status).toBe(303);
    // And from the victim's address a typo is just a typo.
    expect((await signInFrom('198.51.100.7', victim.email, 'typo')).status).toBe(401);
    expect((await signInFrom('198.51.100.7', victim.email)).status).toBe(303);
  });

  it('does not count successful sign-ins: 20 in a row from one address all get in', async () => {
    const person = await makeAccount(t);
    for (let i = 0; i < 20; i++) expect((await signInFrom('198.51.100.20', person.email)).status).toBe(303);
    expect(await failures(`signin:pair:${await hashed(person.email)}:${await hashed('198.51.100.20')}`)).toBe(0);
    expect(await failures(`signin:ip:${await hashed('198.51.100.20')}`)).toBe(0);
  });

  it('a sign-in clears the failures of its own pair only, not those of other addresses', async () => {
    const person = await makeAccount(t);
    for (const from of ['198.51.100.30', '203.0.113.31'])
      for (let i = 0; i < 9; i++) expect((await signInFrom(from, person.email, `wrong ${i}`)).status).toBe(401);
    expect((await signInFrom('198.51.100.30', person.email)).status).toBe(303);
    // Nine failures forgotten: ten more are allowed before a refusal.
    for (let i = 0; i < 10; i++) expect((await signInFrom('198.51.100.30', person.email, `again ${i}`)).status).toBe(401);
    expect((await signInFrom('198.51.100.30', person.email)).status).toBe(429);
    // The other address keeps its nine: one more failure, then a refusal.
    expect((await signInFrom('203.0.113.31', person.email, 'wrong 10')).status).toBe(401);
    expect((await signInFrom('203.0.113.31', person.email)).status).toBe(429);
  });

  it('refuses a client address past 50 failures across accounts, and only that address', async () => {
    const from = '203.0.113.50';
    // 50 failures, 5 for each of 10 addresses (each pair well within its own limit); the unknown addresses count too.
    for (let i = 0; i < 10; i++) {
      const email = uniqueEmail('sprayed');
      for (let j = 0; j < 5; j++) expect((await signInFrom(from, email, `spray ${j}`)).status).toBe(401);
    }
    const person = await makeAccount(t);
    const refused = await signInFrom(from, person.email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signInFrom('203.0.113.51', person.email)).status).toBe(303);
    t.advance(15 * 60);
    expect((await signInFrom(from, person.email)).status).toBe(303);
  });

  it('past 100 failures an hour for one account, each address gets only 3 tries, while an unused address still signs in', async () => {
    const victim = await makeAccount(t);
    // Stand in for a distributed attack (each failure costs a password hash).
    await t.db.query(`INSERT INTO rate_limit_windows (key, window_start, hits) VALUES ($1, $2, 100)`, [
      `signin:email:${await hashed(victim.email)}`,
      t.clock.now.toISOString(),
    ]);
    for (let i = 0; i < 3; i++) expect((await signInFrom('203.0.113.90', victim.email, `wrong ${i}`)).status).toBe(401);
    expect((await signInFrom('203.0.113.90', victim.email, 'wrong 4')).status).toBe(429);
    expect((await signInFrom('198.51.100.90', victim.email)).status).toBe(303);
    expect(await failures(`signin:email:${await hashed(victim.email)}`)).toBe(103);
  });

  it('one address alone cannot reach the account-wide threshold: its pair limit stops it at 10 per 15 minutes', async () => {
    const victim = await makeAccount(t);
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 12; i++) await signInFrom('203.0.113.99', victim.email, `wrong ${round}-${i}`);
      t.advance(15 * 60);
    }
    expect(await failures(`signin:email:${await hashed(victim.email)}`)).toBe(40);
    expect((await signInFrom('198.51.100.99', victim.email)).status).toBe(303);
  });

  it('keeps no address and no e-mail address in any window: keys hold keyed hashes (issue 52, part 6)', async () => {
    const person = await makeAccount(t);
    const stranger = uniqueEmail('stranger');
    expect((await signInFrom('203.0.113.151', person.email, 'wrong')).status).toBe(401);
    expect((await signInFrom('203.0.113.151', stranger, 'wrong')).status).toBe(401);
    expect((await signInFrom('198.51.100.152', person.email)).status).toBe(303);
    const reset = new TestBrowser();
    const form = await reset.get(`${t.url}/reset-password`);
    await reset.post(
      `${t.url}/reset-password`,
      { email: person.email, csrf: form.field('csrf') },
      { headers: { 'x-forwarded-for': '203.0.113.153' } },
    );
    const signup = new TestBrowser();
    const signupForm = await signup.get(`${t.url}/signup`);
    await signup.post(
      `${t.url}/signup`,
      { email: person.email, password: PASSWORD, display_name: 'Someone', csrf: signupForm.field('csrf'), return_to: '' },
      { headers: { 'x-forwarded-for': '203.0.113.154' } },
    );
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${t.url}/api/v1/categories`, { headers: { 'x-forwarded-for': '203.0.113.155' } })).status).toBe(200);

    const keys = (await t.db.query<{ key: string }>('SELECT key FROM rate_limit_windows')).map((row) => row.key);
    for (const prefix of ['signin:ip:', 'signin:email:', 'signin:pair:', 'reset:email:', 'signup:ip:', 'requests:ip:'])
      expect(keys.some((key) => key.startsWith(prefix))).toBe(true);
    const plain = [person.email, stranger, '203.0.113.', '198.51.100.', '127.0.0.1', '@'];
    expect(keys.filter((key) => plain.some((value) => key.includes(value)))).toEqual([]);
    expect(keys).toContain(`signin:email:${await hashed(person.email)}`);
    expect(keys).toContain(`requests:ip:${await hashed('203.0.113.155')}`);
  });
});
