import type { Mailer, MailMessage } from '../mail/mailer.js';
import type { JobQueue } from './queue.js';

const SEND_MAIL_JOB = 'send_mail';

/**
 * Mail sent in the background goes through Mailer.send (recorded in mail_outbox, then SMTP when configured).
 * Mailer.send records an SMTP failure on the outbox row instead of throwing, so only a database failure
 * makes the job retry; a retry after such a failure, or a run whose worker died after the message was
 * recorded, may record (and send) the message twice.
 */
export function defineMailJob(queue: JobQueue, mailer: Mailer): void {
  queue.define<MailMessage>(SEND_MAIL_JOB, ({ to, subject, text }) => mailer.send({ to, subject, text }), {
    concurrency: 2,
    maxAttempts: 5,
  });
}

/** Sends the message from a job: the caller does not wait for the mail server. */
export function queueMail(queue: JobQueue, message: MailMessage): Promise<void> {
  const { to, subject, text } = message;
  return queue.enqueue<MailMessage>(SEND_MAIL_JOB, { to, subject, text });
}
