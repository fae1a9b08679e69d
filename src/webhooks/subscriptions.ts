import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { Database } from '../db/database.js';
import { InvalidStateError, NotFoundError, ValidationError } from '../errors.js';
import { isPublicAddress } from '../security/public-address.js';
import { randomToken } from '../security/random.js';
import type { WebhookEventType } from './events.js';
import type { WebhookView } from './webhook-schema.js';
import { offsetOf } from '../schema.js';

/** An account keeps at most this many webhooks. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 10;

/** The columns of a webhook as the operations answer it (iso_time: the API's date-time form). */
const COLUMNS = 'id, url, events, status, disabled_reason, iso_time(disabled_at) AS disabled_at, iso_time(created_at) AS created_at';

/**
 * Why `raw` cannot receive deliveries, or undefined: https only (http for the hosts in OUTBOUND_ALLOW_HOSTS,
 * for local trials and tests), no credentials in the address, and not a private or reserved address.
 * Names are checked again where each delivery connects (the outbound address guard), so a name that
 * resolves to a private address later reaches nothing.
 */
function webhookUrlProblem(raw: string, allowHosts: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Not an absolute URL; send https://your-host/path';
  }
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const allowed = allowHosts.includes(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) return 'The address must be https://';
  if (url.username || url.password) return 'The address must not carry a user name or password; the signature authenticates deliveries';
  if (allowed) return undefined;
  if (isIP(host)) return isPublicAddress(host) ? undefined : 'The address points at a private or reserved network address';
  if (!host.includes('.') || host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local'))
    return 'The address must name a public host (a domain such as example.com)';
  return undefined;
}

/** The address as it is requested: a #fragment is never sent over HTTP, so it is not kept. */
function withoutFragment(raw: string): string {
  const url = new URL(raw);
  url.hash = '';
  return url.toString();
}

/** A new webhook of the account, with its signing secret (whsec_…, answered only here). */
export async function createWebhook(
  db: Database,
  accountId: string,
  request: { url: string; events: WebhookEventType[] },
  options: { allowHosts: readonly string[]; now: Date },
): Promise<WebhookView & { secret: string }> {
  const problem = webhookUrlProblem(request.url, options.allowHosts);
  if (problem) throw new ValidationError([{ path: '/url', message: problem }]);
  const events = [...new Set(request.events)];
  // Standard Webhooks: whsec_ and the base64 of 24 to 64 random bytes.
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  return db.transaction(async (tx) => {
    // One at a time per account, so that two creations racing cannot both pass the limit.
    await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    const [{ n }] = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks WHERE account_id = $1', [accountId])) as [
      { n: number },
    ];
    if (n >= MAX_WEBHOOKS_PER_ACCOUNT)
      throw new InvalidStateError(`You have ${n} webhooks, the most an account keeps; delete one with delete_webhook first.`);
    const [row] = await tx.query<WebhookView>(
      `INSERT INTO webhooks (id, account_id, url, events, secret, created_at) VALUES ($1, $2, $3, $4::text[], $5, $6) RETURNING ${COLUMNS}`,
      [`wh_${randomToken(12)}`, accountId, withoutFragment(request.url), events, secret, options.now.toISOString()],
    );
    return { ...row!, secret };
  });
}

export async function listWebhooks(
  db: Database,
  accountId: string,
  paging: { page: number; per_page: number },
): Promise<{ items: WebhookView[]; total: number }> {
  const [items, count] = await Promise.all([
    db.query<WebhookView>(`SELECT ${COLUMNS} FROM webhooks WHERE account_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3`, [
      accountId,
      paging.per_page,
      offsetOf(paging),
    ]),
    db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhooks WHERE account_id = $1', [accountId]),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** The account's webhook; another account's is as unknown as one that never existed. */
export async function ownWebhook(db: Database, accountId: string, webhookId: string): Promise<WebhookView> {
  const row = await db.one<WebhookView>(`SELECT ${COLUMNS} FROM webhooks WHERE id = $1 AND account_id = $2`, [webhookId, accountId]);
  if (!row) throw new NotFoundError('webhook', webhookId, 'list_webhooks lists yours.');
  return row;
}

/** Deletes the account's webhook with its deliveries and answers what it was; retries waiting for it find nothing and stop. */
export async function deleteWebhook(db: Database, accountId: string, webhookId: string): Promise<WebhookView> {
  const [deleted] = await db.query<WebhookView>(`DELETE FROM webhooks WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`, [
    webhookId,
    accountId,
  ]);
  if (!deleted) throw new NotFoundError('webhook', webhookId, 'list_webhooks lists yours.');
  return deleted;
}
