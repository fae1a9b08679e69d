import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, readOutbox } from '../../src/mail/mailer.js';
import { defineMailJob } from '../../src/jobs/mail-job.js';
import { openJobQueue, type JobQueue } from '../../src/jobs/queue.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.js';

/** Mail is sent once per id, however often its job runs; a send that died is taken up again. */
let t: TestDatabase;
let smtp: SmtpPeer;
let queue: JobQueue;
const mailer = () => createMailer({ db: t.db, smtpUrl: smtp.url, from: 'Directory <no-reply@directory.test>', now: () => new Date() });

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpPeer();
  queue = await openJobQueue({ db: t.db, processEveryMs: 50, lockLifetimeMs: 2000, drainTimeoutMs: 2000 });
  defineMailJob(queue, mailer());
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await t?.drop();
  await smtp?.close();
});

const sentTo = (address: string) => smtp.messages.filter((raw) => raw.includes(`To: ${address}`));

describe('mail delivery', () => {
  it('sends a message once per id, with the id as its Message-ID, and records it as sent', async () => {
    const id = randomUUID();
    const message = { id, to: 'once@example.com', subject: 'Hello', text: 'Body' };
    await mailer().send(message);
    await mailer().send(message);
    expect(sentTo('once@example.com')).toHaveLength(1);
    expect(sentTo('once@example.com')[0]).toContain(`Message-ID: <${id}@directory.test>`);
    const [row, ...others] = await readOutbox(t.db, { to: 'once@example.com' });
    expect(others).toEqual([]);
    expect(row).toMatchObject({ id, sentAt: expect.any(String), error: null });
  });

  it('reaches a real SMTP peer as a well-formed mail: envelope, headers and a UTF-8 text part a mail client reads back', async () => {
    const id = randomUUID();
    const text = `Grüße from Zoë ✓\nA second line, and a long one: ${'word '.repeat(40)}`;
    await mailer().send({ id, to: 'parsed@example.com', subject: 'Ünïcode subject ✓', text });
    const index = smtp.envelopes.findIndex((envelope) => envelope.to.includes('parsed@example.com'));
    expect(smtp.envelopes[index]).toEqual({ from: 'no-reply@directory.test', to: ['parsed@example.com'] });
    const mail = smtp.parsed[index]!;
    expect(mail.subject).toBe('Ünïcode subject ✓');
    expect(mail.messageId).toBe(`<${id}@directory.test>`);
    expect(mail.from?.value).toEqual([{ name: 'Directory', address: 'no-reply@directory.test' }]);
    expect(mail.text?.trimEnd()).toBe(text.trimEnd());
    expect(mail.html).toBe(false);
  });

  it('leaves a message another run is sending, and sends one whose run died (its claim lapsed)', async () => {
    const claimed = async (address: string, minutesAgo: number) => {
      const id = randomUUID();
      await t.db.query(
        `INSERT INTO mail_outbox (id, to_address, subject, text_body, created_at, send_claimed_at)
         VALUES ($1, $2, 's', 't', now(), now() - make_interval(mins => $3))`,
        [id, address, minutesAgo],
      );
      return { id, to: address, subject: 's', text: 't' };
    };
    await mailer().send(await claimed('running@example.com', 1));
    expect(sentTo('running@example.com')).toHaveLength(0);
    await mailer().send(await claimed('died@example.com', 10));
    expect(sentTo('died@example.com')).toHaveLength(1);
  });

  it("sends under the site's name as it is at each sending when given fromName (MAIL_FROM unset), at the address alone", async () => {
    let siteName = 'Launch Directory';
    const named = createMailer({
      db: t.db,
      smtpUrl: smtp.url,
      from: 'no-reply@directory.test',
      fromName: () => siteName,
      now: () => new Date(),
    });
    await named.send({ to: 'named-before@example.com', subject: 's', text: 't' });
    siteName = 'Orbit Board';
    await named.send({ to: 'named-after@example.com', subject: 's', text: 't' });
    expect(sentTo('named-before@example.com')[0]).toMatch(/^From: "?Launch Directory"? <no-reply@directory\.test>\r?$/m);
    expect(sentTo('named-after@example.com')[0]).toMatch(/^From: "?Orbit Board"? <no-reply@directory\.test>\r?$/m);
  });

  it('sends one mail when the same mail job is handed to the queue twice (the outbox relay hands over at least once)', async () => {
    const job = { mail_id: randomUUID(), to: 'twice@example.com', subject: 'Invite', text: 'Link' };
    await queue.enqueue('send_mail', job);
    await queue.enqueue('send_mail', job);
    await queue.idle(10_000);
    expect(sentTo('twice@example.com')).toHaveLength(1);
    expect(await readOutbox(t.db, { to: 'twice@example.com' })).toHaveLength(1);
  });
});
