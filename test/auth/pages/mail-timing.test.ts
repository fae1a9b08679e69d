import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createApp, type App } from '../../../src/app.js';
import { loadRegistry } from '../../../src/registry/registry.js';
import { readOutbox } from '../../../src/mail/mailer.js';
import { createLogger } from '../../../src/logging/logger.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';
import { freePort } from '../../support/app.js';
import { TestBrowser } from '../../support/browser.js';
import { createAccount } from '../../../src/accounts/accounts.js';
import { PASSWORD, uniqueEmail } from './page-flows.js';

/**
 * Whether an address has an account must not show in how long the reset and sign-up pages take to
 * answer. Here the mail server accepts connections and never answers (nodemailer would wait 30 s
 * for its greeting): a page that waited for the mail of a known address would hang.
 */
const PROMPTLY_MS = 5000;

let database: TestDatabase;
let app: App;
let url: string;
let smtp: net.Server;
const stalled = new Set<net.Socket>();
let hangingUp = false;

beforeAll(async () => {
  smtp = net.createServer((socket) => {
    if (hangingUp) return void socket.destroy();
    stalled.add(socket);
    socket.on('close', () => stalled.delete(socket));
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.address() as net.AddressInfo).port;
  database = await createTestDatabase();
  const port = await freePort();
  const config = {
    ...loadConfig({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
    host: '127.0.0.1',
  };
  // The stalled deliveries are expected: their failures are not logged here.
  app = await createApp({ config, db: database.db, registry: await loadRegistry(), log: createLogger({ level: 'silent' }) });
  url = await app.listen(port, '127.0.0.1');
});

afterAll(async () => {
  // Let the stalled deliveries fail (and be noted on their outbox rows) before the database goes.
  hangingUp = true;
  for (const socket of stalled) socket.destroy();
  const until = Date.now() + 10_000;
  while (database && Date.now() < until && (await readOutbox(database.db, { limit: 100 })).some((mail) => mail.error === null)) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await app?.close();
  await database?.drop();
  await new Promise((resolve) => smtp?.close(resolve));
});

async function timedPost(path: string, fields: Record<string, string>) {
  const browser = new TestBrowser();
  const form = await browser.get(`${url}${path}`);
  const started = performance.now();
  const answer = await browser.post(`${url}${path}`, { ...fields, csrf: form.field('csrf') });
  return { answer, ms: performance.now() - started };
}

const mailsTo = (email: string) => readOutbox(database.db, { to: email });

async function existingAddress(): Promise<string> {
  const email = uniqueEmail('owner');
  await createAccount(database.db, { email, password: PASSWORD, verified: true, now: new Date() });
  return email;
}

describe('with a mail server that never answers', () => {
  it('answers a reset request for a known address as promptly as for an unknown one', async () => {
    const person = { email: await existingAddress() };
    const unknown = uniqueEmail('nobody');
    const known = await timedPost('/reset-password', { email: person.email });
    const notKnown = await timedPost('/reset-password', { email: unknown });
    expect(known.answer.status).toBe(200);
    expect(notKnown.answer.status).toBe(200);
    expect(known.ms).toBeLessThan(PROMPTLY_MS);
    expect(notKnown.ms).toBeLessThan(PROMPTLY_MS);
    // The link was still made and handed to the mail server.
    await expect.poll(async () => (await mailsTo(person.email)).length).toBe(1);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('answers a sign-up with a taken address as promptly as with a new one', async () => {
    const owner = { email: await existingAddress() };
    const fresh = uniqueEmail('fresh');
    const taken = await timedPost('/signup', { email: owner.email, display_name: 'Timed', password: PASSWORD });
    const created = await timedPost('/signup', { email: fresh, display_name: 'Timed', password: PASSWORD });
    expect(taken.answer.status).toBe(200);
    expect(created.answer.status).toBe(200);
    expect(taken.ms).toBeLessThan(PROMPTLY_MS);
    expect(created.ms).toBeLessThan(PROMPTLY_MS);
    await expect.poll(async () => (await mailsTo(owner.email)).length).toBe(1);
    await expect.poll(async () => (await mailsTo(fresh)).length).toBe(1);
  });
});
