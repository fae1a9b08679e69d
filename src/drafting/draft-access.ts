import type { Database } from '../db/database.js';
import type { Caller } from '../accounts/caller.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { isPublicAddress } from '../security/public-address.js';
import { createDraft, findOpenDraft, findOwnDraft, type DraftRecord } from './draft-store.js';
import { registrableDomain } from '../catalogue/registrable-domain.js';
import { refuseListedDomain } from './already-listed.js';
import { problemsToSave } from './draft-submission.js';
import { draftView, type DraftView } from './draft-view.js';
import { isIP } from 'node:net';
import { validateUrl } from '../crawler/crawl-site.js';
import { CrawlFailure } from '../crawler/failures.js';

/** The caller's own draft (created or co-owned); another account's draft is as unknown as a missing one. */
export async function ownDraft(db: Database, caller: Caller, id: string): Promise<DraftRecord> {
  const draft = await findOwnDraft(db, caller.accountId, id);
  if (!draft) throw new NotFoundError('draft', id, 'list_my_drafts lists your drafts');
  return draft;
}

export async function viewOfDraft(db: Database, draft: DraftRecord): Promise<DraftView> {
  const row = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM draft_invites WHERE draft_id = $1', [draft.id]);
  return draftView(draft, row?.n ?? 0, await problemsToSave(db, draft));
}

const RESERVED_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.test', '.invalid', '.example'];

/**
 * A product URL the service will read: the crawler's own address rules (http(s), no credentials,
 * at most 2048 characters), and a public host name or public IP. Hosts in `allowHosts`
 * (OUTBOUND_ALLOW_HOSTS) pass for tests and trials. Whether the name resolves to a public address is
 * checked again when the crawler connects. A refusal is a 400 naming /url.
 */
export function checkSubmissionUrl(raw: string, allowHosts: readonly string[]): string {
  const checked = readSubmissionUrl(raw, allowHosts);
  if (typeof checked !== 'string') throw new ValidationError([{ path: '/url', message: checked.problem }]);
  return checked;
}

/** Why the service would refuse `raw` as a submission URL, in words a person can act on; undefined when it would take it. */
export function submissionUrlProblem(raw: string, allowHosts: readonly string[]): string | undefined {
  const checked = readSubmissionUrl(raw, allowHosts);
  return typeof checked === 'string' ? undefined : checked.problem;
}

function readSubmissionUrl(raw: string, allowHosts: readonly string[]): string | { problem: string } {
  const url = validateUrl(raw);
  if (url instanceof CrawlFailure) return { problem: url.reason };
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (allowHosts.includes(host)) return url.toString();
  if (isIP(host)) {
    if (!isPublicAddress(host)) return { problem: 'The address points at a private or reserved network address; send the public website' };
    return url.toString();
  }
  if (!host.includes('.') || RESERVED_SUFFIXES.some((suffix) => host.endsWith(suffix) || host === suffix.slice(1))) {
    return { problem: 'The address must name a public website (a domain such as example.com)' };
  }
  return url.toString();
}

/**
 * The draft for a submitted site (a URL from checkSubmissionUrl): one product, one listing. The product is the
 * site's registrable domain (registrableDomain). When it has a listing (any status, anyone's), 409 already_listed;
 * when the account already has an open draft for it (not failed, not submitted), that draft (created: false);
 * otherwise a new draft in status crawling (created: true), which the caller then has crawled. Submissions of one
 * domain take turns (a transaction-scoped lock), so two at once make one draft.
 */
export async function draftForSite(
  db: Database,
  accountId: string,
  url: string,
  now: Date,
): Promise<{ draft: DraftRecord; created: boolean }> {
  const domain = registrableDomain(url);
  if (domain === undefined) throw new ValidationError([{ path: '/url', message: 'The address must be an http:// or https:// URL' }]);
  return db.transaction(async (tx) => {
    await refuseListedDomain(tx, domain, accountId);
    const open = await findOpenDraft(tx, accountId, (draftUrl) => registrableDomain(draftUrl) === domain);
    if (open) return { draft: open, created: false };
    return { draft: await createDraft(tx.em, accountId, url, now), created: true };
  });
}
