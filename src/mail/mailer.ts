import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { normalizeEmail } from '../text/email.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (the digest's); the text part is always sent. */
  html?: string;
  /** Extra header lines, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Sends mail: a text part, and an HTML part when given. Every message is recorded in mail_outbox; without SMTP that is where it stays. */
export interface Mailer {
  /**
   * Records the message under `id` and sends it. The same id again does nothing more (a job handed
   * over twice sends one mail); a new random id is taken when none is given.
   */
  send(message: MailMessage & { id?: string }): Promise<void>;
}

interface MailerOptions {
  db: Database;
  smtpUrl: string;
  /** The sender: an address, or a display name and address (`Name <address>`) that fromName does not replace. */
  from: string;
  /**
   * The sender's display name, asked for at each sending (the site's name as its settings say then); `from` is then
   * the address alone. Without it, `from` is sent as it is.
   */
  fromName?: () => string | Promise<string>;
  now: () => Date;
  /** A delivery that failed (the message stays in mail_outbox with the error). */
  onError?: (error: unknown, outboxId: string) => void;
}

/** A run that claimed a message and has not recorded its outcome after this long is taken to have died. */
const SEND_CLAIM_LAPSES_MS = 5 * 60_000;

/**
 * With SMTP_URL the message goes out through nodemailer after it is recorded; a failing mail server
 * is noted on the outbox row and never fails the request that sent it. The outbox id is also the
 * message's Message-ID, so a mail sent again after a crash between the mail server's acceptance and
 * its recording is recognisable as the same message.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transportReady = options.smtpUrl ? loadSmtpTransport(options.smtpUrl) : undefined;
  const domain = options.from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  return {
    async send({ id = randomUUID(), ...message }) {
      await options.db.query(
        `INSERT INTO mail_outbox (id, to_address, subject, text_body, html_body, headers, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (id) DO NOTHING`,
        [
          id,
          message.to,
          message.subject,
          message.text,
          message.html ?? null,
          message.headers ? JSON.stringify(message.headers) : null,
          options.now().toISOString(),
        ],
      );
      if (!transportReady) return;
      // A message recorded before was sent, failed, or is being sent by another run, unless that run's claim lapsed.
      const now = options.now();
      const claimed = await options.db.query(
        `UPDATE mail_outbox SET send_claimed_at = $2 WHERE id = $1 AND sent_at IS NULL AND error IS NULL
           AND (send_claimed_at IS NULL OR send_claimed_at < $3) RETURNING 1`,
        [id, now.toISOString(), new Date(now.getTime() - SEND_CLAIM_LAPSES_MS).toISOString()],
      );
      if (claimed.length === 0) return;
      try {
        const transport = await transportReady;
        await transport.sendMail({
          from: options.fromName ? { name: await options.fromName(), address: options.from } : options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
          messageId: `<${id}@${domain}>`,
        });
        // Once delivered, the body (which may hold a one-time link) is not kept in the database.
        await options.db.query(
          `UPDATE mail_outbox SET sent_at = $2, text_body = '(delivered by SMTP; body not kept)', html_body = NULL WHERE id = $1`,
          [id, options.now().toISOString()],
        );
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
  // A mail server that stalls holds a mail job: give up in seconds, not nodemailer's minutes (the failure is noted on the row).
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}

export type OutboxEntry = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
};

/** The newest messages first, optionally only those to one address. */
export function readOutbox(db: Database, options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  return db.query<OutboxEntry>(
    `SELECT id, to_address AS "to", subject, text_body AS "text", html_body AS "html", headers, iso_time(created_at) AS "createdAt",
            iso_time(sent_at) AS "sentAt", error
     FROM mail_outbox WHERE ($1::text IS NULL OR to_address = $1) ORDER BY created_at DESC, id LIMIT $2`,
    [options.to === undefined ? null : normalizeEmail(options.to), options.limit ?? 20],
  );
}
