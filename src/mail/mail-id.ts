import { createHash } from 'node:crypto';

/**
 * A mail id (UUID-shaped) fixed by `key`, e.g. the event and the address: whichever run of a job sends the
 * mail, the outbox records it once (Mailer.send skips an id it has), so a job that runs again sends nothing twice.
 */
export function stableMailId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
