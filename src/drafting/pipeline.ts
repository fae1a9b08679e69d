import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Logger } from '../logging/logger.js';
import { crawlSite, crawlerUserAgent } from '../crawler/crawl-site.js';
import type { CrawlResult } from '../crawler/crawl-options.js';
import { changeDraft, emitDraftEvent, findDraft, loadDraftPages, replaceDraftPages, setDraftStatus } from './draft-store.js';
import { submissionProblem, writeSubmission } from './draft-submission.js';
import { applyProposal } from './draft-proposal.js';
import { verifyProposal } from './evidence.js';
import { chooseDrafter } from './choose-drafter.js';
import { createExtractiveDrafter } from './extractive-drafter.js';
import { DrafterUnavailableError } from './claude-drafter.js';
import { emptyProposal, type DraftProposal, type Drafter, type ProfileField } from './profile-fields.js';
import type { CrawledPage } from '../crawler/crawled-page.js';
import { proposeCategories, type CategoryTerms } from './category-match.js';
import { KEEP_SITE_IMAGES_JOB, keepSiteImages } from '../images/keep-site-images.js';
import { type DraftingRecorder, secondsSince } from '../observability/metrics.js';

export const DRAFT_SITE_JOB = 'draft_site';
export const REGENERATE_FIELDS_JOB = 'regenerate_draft_fields';

export interface PipelineDeps {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'outboundAllowHosts' | 'anthropicApiKey' | 'anthropicBaseUrl' | 'anthropicModel'>;
  now: () => Date;
  log: Logger;
  /** Tests may bound the crawl more tightly. */
  crawl?: (url: string) => Promise<CrawlResult>;
  drafter?: Drafter;
  /** Times the crawls and drafts (the service's metrics). */
  metrics?: DraftingRecorder;
}

/** The dependencies once the drafter is chosen (at definition: one client for every job). */
type DraftingDeps = PipelineDeps & { drafter: Drafter };

const GAVE_UP =
  'We could not finish reading your site after several tries. Submit the URL again later, or fill in the profile yourself with update_draft.';

/** The background work of a submission: crawl, draft, check the evidence; and redrafting named fields. */
export function defineDraftJobs(queue: JobQueue, given: PipelineDeps): void {
  const deps: DraftingDeps = { ...given, drafter: given.drafter ?? chooseDrafter(given.config) };
  queue.define<{ draftId: string }>(DRAFT_SITE_JOB, ({ draftId }) => draftSite(deps, draftId), {
    maxAttempts: 3,
    onGiveUp: async ({ draftId }) => {
      const draft = await findDraft(deps.db, draftId);
      if (draft && (draft.status === 'crawling' || draft.status === 'drafting'))
        await setDraftStatus(deps.db, draftId, 'failed', deps.now(), GAVE_UP);
    },
  });
  queue.define<{ listingId: number; draftId: string }>(KEEP_SITE_IMAGES_JOB, (job) => keepDraftSiteImages(deps, job), { maxAttempts: 2 });
  queue.define<{ draftId: string; fields: ProfileField[] }>(
    REGENERATE_FIELDS_JOB,
    ({ draftId, fields }) => regenerateFields(deps, draftId, fields),
    {
      maxAttempts: 2,
      onGiveUp: async ({ draftId, fields }) => {
        await changeDraft(deps.db, draftId, deps.now, (draft) => {
          draft.regenerating = draft.regenerating.filter((field) => !fields.includes(field));
        });
      },
    },
  );
}

/**
 * Reads the site (unless an earlier, interrupted run already stored its pages), drafts the profile
 * and keeps only values whose quotes are on the pages. Runs again safely after a crash.
 */
async function draftSite(deps: DraftingDeps, draftId: string): Promise<void> {
  const draft = await findDraft(deps.db, draftId);
  if (!draft || (draft.status !== 'crawling' && draft.status !== 'drafting')) return;
  let pages = draft.status === 'drafting' ? await loadDraftPages(deps.db, draftId) : [];
  if (pages.length === 0) {
    const started = performance.now();
    const crawled = await (deps.crawl ?? defaultCrawl(deps))(draft.url);
    deps.metrics?.crawl(crawled.ok ? 'ok' : 'failed', secondsSince(started));
    if (!crawled.ok) return setDraftStatus(deps.db, draftId, 'failed', deps.now(), crawled.reason);
    pages = crawled.pages;
    await replaceDraftPages(deps.db, draftId, pages);
    await setDraftStatus(deps.db, draftId, 'drafting', deps.now());
  }
  const { proposal, drafter } = await propose(deps, pages);
  await proposeCategoriesIfMissing(deps.db, pages, proposal);
  const verified = verifyProposal(proposal, pages).proposal;
  await changeDraft(deps.db, draftId, deps.now, async (current, tx) => {
    if (current.status !== 'drafting') return;
    applyProposal(current, verified);
    current.status = 'ready';
    current.failureReason = null;
    current.drafter = drafter;
    await emitDraftEvent(tx, 'draft.ready', current, deps.now());
  });
}

/**
 * Redrafts the named fields from the stored pages. Only fields still waiting are applied (a person
 * may have typed a value meanwhile), locked ones never; a submitted draft's listing follows.
 */
async function regenerateFields(deps: DraftingDeps, draftId: string, fields: readonly ProfileField[]): Promise<void> {
  const pages = await loadDraftPages(deps.db, draftId);
  let proposal = emptyProposal();
  if (pages.length > 0) {
    // Categories come from the category tree, not from the drafter.
    const drafted = fields.filter((field) => field !== 'categories');
    const proposed = drafted.length > 0 ? (await propose(deps, pages, drafted)).proposal : emptyProposal();
    if (fields.includes('categories')) await proposeCategoriesIfMissing(deps.db, pages, proposed);
    proposal = verifyProposal(proposed, pages).proposal;
  }
  await changeDraft(deps.db, draftId, deps.now, async (draft, tx) => {
    const waiting = fields.filter((field) => draft.regenerating.includes(field));
    applyProposal(draft, proposal, waiting);
    draft.regenerating = draft.regenerating.filter((field) => !fields.includes(field));
    if (draft.status === 'submitted' && !(await submissionProblem(tx, draft))) {
      const published =
        draft.listingId !== null &&
        (await tx.query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [draft.listingId]))[0]?.status !== 'draft';
      if (!published) await writeSubmission(tx, draft, deps.now());
    }
  });
}

/**
 * Categories come from the directory's own tree whichever drafter ran (Claude is not asked for them):
 * a category the site names, with the sentence that names it as evidence.
 */
async function proposeCategoriesIfMissing(db: Database, pages: readonly CrawledPage[], proposal: DraftProposal): Promise<void> {
  if (proposal.fields.categories) return;
  const tree = await db.query<CategoryTerms & Record<string, unknown>>(
    `SELECT c.name, c.description, c.keywords, parent.name AS parent
     FROM categories c LEFT JOIN categories parent ON parent.id = c.parent_id ORDER BY c.id`,
  );
  const categories = proposeCategories(pages, tree);
  if (categories) proposal.fields.categories = categories;
}

/** Claude when configured; when it is unavailable the offline drafter stands in, so a draft never waits on it. */
async function propose(
  deps: DraftingDeps,
  pages: readonly CrawledPage[],
  only?: readonly ProfileField[],
): Promise<{ proposal: DraftProposal; drafter: Drafter['kind'] }> {
  const { drafter } = deps;
  try {
    return { proposal: await timedDraft(deps, drafter, pages, only), drafter: drafter.kind };
  } catch (error) {
    if (!(error instanceof DrafterUnavailableError)) throw error;
    deps.log.warn({ drafter: drafter.kind, err: error }, 'drafter unavailable, using the extractive drafter');
    const fallback = createExtractiveDrafter();
    return { proposal: await timedDraft(deps, fallback, pages, only), drafter: fallback.kind };
  }
}

/** One drafter's proposal, its duration recorded by drafter kind and outcome. */
async function timedDraft(
  deps: DraftingDeps,
  drafter: Drafter,
  pages: readonly CrawledPage[],
  only?: readonly ProfileField[],
): Promise<DraftProposal> {
  const started = performance.now();
  try {
    const proposal = await drafter.draft(pages, only ? { only } : undefined);
    deps.metrics?.draft(drafter.kind, 'ok', secondsSince(started));
    return proposal;
  } catch (error) {
    deps.metrics?.draft(drafter.kind, 'failed', secondsSince(started));
    throw error;
  }
}

/** A submitted draft's listing gets the logo and screenshot its site's home page names (see keepSiteImages). */
async function keepDraftSiteImages(deps: PipelineDeps, { listingId, draftId }: { listingId: number; draftId: string }): Promise<void> {
  const [home] = await loadDraftPages(deps.db, draftId);
  const listing = await deps.db.one<{ logo_url: string | null }>('SELECT logo_url FROM listings WHERE id = $1', [listingId]);
  if (!home || !listing) return;
  const fetch = { allowHosts: deps.config.outboundAllowHosts, userAgent: crawlerUserAgent(deps.config.publicUrl) };
  const { kept, refused } = await keepSiteImages({ db: deps.db, now: deps.now, fetch }, listingId, home, listing.logo_url);
  deps.log.info({ listing_id: listingId, kept, refused }, 'kept the site images of a listing');
}

function defaultCrawl(deps: PipelineDeps): (url: string) => Promise<CrawlResult> {
  return (url) => crawlSite(url, { allowHosts: deps.config.outboundAllowHosts, userAgent: crawlerUserAgent(deps.config.publicUrl) });
}
