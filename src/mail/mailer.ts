import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { normalizeEmail } from '../accounts/email.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends plain-text mail. Every message is recorded in mail_outbox; without SMTP that is where it stays. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  db: Database;
  smtpUrl: string;
  from: string;
  now: () => Date;
  /** A delivery that failed (the message stays in mail_outbox with the error). */
  onError?: (error: unknown, outboxId: string) => void;
}

/**
 * With SMTP_URL the message goes out through nodemailer after it is recorded; a failing mail server
 * is noted on the outbox row and never fails the request that sent it.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transportReady = options.smtpUrl ? loadSmtpTransport(options.smtpUrl) : undefined;
  return {
    async send(message) {
      const id = randomUUID();
      await options.db.query('INSERT INTO mail_outbox (id, to_address, subject, text_body, created_at) VALUES ($1, $2, $3, $4, $5)', [
        id,
        message.to,
        message.subject,
        message.text,
        options.now().toISOString(),
      ]);
      if (!transportReady) return;
      try {
        const transport = await transportReady;
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
        // Once delivered, the body (which may hold a one-time link) is not kept in the database.
        await options.db.query(`UPDATE mail_outbox SET sent_at = $2, text_body = '(delivered by SMTP; body not kept)' WHERE id = $1`, [
          id,
          options.now().toISOString(),
        ]);
      } catch (error) {
        await options.db.query('UPDATE mail_outbox SET error = $2 WHERE id = $1', [
          id,
          error instanceof Error ? error.message : String(error),
        ]);
        options.onError?.(error, id);
      }
    },
  };
}

async function loadSmtpTransport(smtpUrl: string) {
  const nodemailer = await import('nodemailer');
  return nodemailer.createTransport(smtpUrl);
}

export type OutboxEntry = {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
};

/** The newest messages first, optionally only those to one address. */
export function readOutbox(db: Database, options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  return db.query<OutboxEntry>(
    `SELECT id, to_address AS "to", subject, text_body AS "text", iso_time(created_at) AS "createdAt",
            iso_time(sent_at) AS "sentAt", error
     FROM mail_outbox WHERE ($1::text IS NULL OR to_address = $1) ORDER BY created_at DESC, id LIMIT $2`,
    [options.to === undefined ? null : normalizeEmail(options.to), options.limit ?? 20],
  );
}
