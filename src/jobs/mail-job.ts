import { randomUUID } from 'node:crypto';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import type { JobQueue } from './queue.js';

const SEND_MAIL_JOB = 'send_mail';

/** A mail job carries the id its message is recorded under, chosen when it is enqueued. */
type MailJob = MailMessage & { mail_id: string };

/**
 * Mail sent in the background goes through Mailer.send (recorded in mail_outbox, then SMTP when
 * configured) under the id chosen at enqueue time: a job that runs again (a retry after a database
 * failure, a worker that died, the outbox relay handing it over twice) finds its message recorded
 * and sends nothing more. Mailer.send records an SMTP failure on the outbox row instead of throwing.
 */
export function defineMailJob(queue: JobQueue, mailer: Mailer): void {
  queue.define<MailJob>(SEND_MAIL_JOB, ({ mail_id, ...message }) => mailer.send({ id: mail_id, ...message }), {
    // Sends wait on the mail server, not on this process: several at once, so one slow server does not hold the rest.
    concurrency: 8,
    maxAttempts: 5,
  });
}

/** Sends the message from a job: the caller does not wait for the mail server. `id`: a stable mail id (mail-id.ts). */
export function queueMail(queue: JobQueue, message: MailMessage & { id?: string }): Promise<void> {
  const { id, ...content } = message;
  return queue.enqueue<MailJob>(SEND_MAIL_JOB, { mail_id: id ?? randomUUID(), ...content });
}

/** A Mailer whose messages go out through the job queue (the pages' mail: sign-up, confirmation, reset). */
export function queuedMailer(queue: JobQueue): Mailer {
  return { send: (message) => queueMail(queue, message) };
}
