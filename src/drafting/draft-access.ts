import type { Database } from '../db/database.js';
import type { Caller } from '../accounts/caller.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { createDraft, findOpenDraft, findOwnDraft, type DraftRecord } from './draft-store.js';
import { registrableDomain } from '../catalogue/registrable-domain.js';
import { refuseListedDomain } from './already-listed.js';
import { problemsToSave } from './draft-submission.js';
import { draftView, type DraftView } from './draft-view.js';

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
