/**
 * /admin/votes: the votes the vote check flagged (list_flagged_votes), grouped by listing, each with its evidence in
 * words, and a form per listing to confirm or clear the votes ticked, with a note (decide_flagged_votes). Admins can
 * also run the check now (run_vote_check). Moderators and admins.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { formValues } from '../web/form-body.js';
import { html, type SafeHtml } from '../text/html.js';
import type { ProblemError } from '../errors.js';
import { pageNumber, pager } from '../web/layout.js';
import { VOTE_FLAG_STATUSES, type VoteFlagStatus } from '../db/entities/vote.js';
import type { FlaggedVoteView } from '../community/flagged-votes.js';
import { roleAllows } from '../staff/roles.js';
import { staffVisit, type ConsoleDeps, type StaffVisit } from './console-deps.js';
import { problemBox, renderConsolePage } from './layout.js';
import { noticeOf, runOperation, seeOther } from './run-operation.js';
import { selectField } from './form-fields.js';

const PATH = '/admin/votes';
const PER_PAGE = 50;
const NOTICES = {
  confirmed: 'The votes are confirmed: they stay out of the boards, the awards and the counts.',
  cleared: 'The votes are cleared: they count again on the boards, for the awards and in the listing’s votes.',
  checked: 'The vote check ran: any votes it flagged are listed here.',
};
const FILTER_CHOICES = VOTE_FLAG_STATUSES.map((status) => [status, status] as const);

type Form = { problem?: ProblemError; slug?: string; note?: string };

export function votePages(router: Router, deps: ConsoleDeps): void {
  router.get(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'moderator');
    if (visit) await render(ctx, deps, visit, {});
  });

  router.post(`${PATH}/decisions`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'moderator');
    if (!visit) return;
    const form = deps.kit.form(ctx);
    const outcome = await runOperation(ctx, deps, visit, 'decide_flagged_votes', {
      vote_ids: formValues(ctx, 'vote_ids').map((id) => (/^\d{1,10}$/.test(id) ? Number(id) : id)),
      decision: form.decision ?? '',
      note: form.note ?? '',
    });
    if (outcome.ok) return seeOther(ctx, PATH, form.decision === 'confirm' ? 'confirmed' : 'cleared');
    const status = ctx.status;
    await render(ctx, deps, visit, { problem: outcome.problem, slug: form.listing, note: form.note });
    ctx.status = status;
  });

  router.post(`${PATH}/check`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'admin');
    if (!visit) return;
    const outcome = await runOperation(ctx, deps, visit, 'run_vote_check', {});
    if (outcome.ok) return seeOther(ctx, PATH, 'checked');
    await render(ctx, deps, visit, { problem: outcome.problem });
  });
}

async function render(ctx: Context, deps: ConsoleDeps, visit: StaffVisit, form: Form): Promise<void> {
  const asked = typeof ctx.query.status === 'string' ? ctx.query.status : 'flagged';
  const status: VoteFlagStatus = (VOTE_FLAG_STATUSES as readonly string[]).includes(asked) ? (asked as VoteFlagStatus) : 'flagged';
  const page = pageNumber(ctx.query.page);
  const listed = await runOperation(ctx, deps, visit, 'list_flagged_votes', { status, page, per_page: PER_PAGE });
  const items = listed.ok ? (listed.result.items as FlaggedVoteView[]) : [];
  const total = listed.ok ? (listed.result.total as number) : 0;
  const csrf = deps.kit.csrfField(ctx);
  renderConsolePage(ctx, visit, {
    title: 'Flagged votes',
    path: PATH,
    notice: noticeOf(ctx, NOTICES),
    body: html`<p class="muted">The vote check flags votes whose pattern a ring leaves (the settings' vote_check thresholds); a flagged vote counts in neither the boards nor the awards until it is cleared. The voter still sees their vote.</p>
${roleAllows(visit.member.role, 'admin') ? html`<form method="post" action="${PATH}/check">${csrf}<button type="submit" class="secondary">Run the vote check now</button></form>` : ''}
<form method="get" action="${PATH}" class="filters">${selectField('status', 'Status', FILTER_CHOICES, status)}<button type="submit">Show</button></form>
${problemBox(form.problem)}${listed.ok ? '' : problemBox(listed.problem)}
<p class="muted">${total} ${status} ${total === 1 ? 'vote' : 'votes'}.</p>
${items.length ? byListing(items).map((group) => listingGroup(group, status, csrf, form)) : html`<p>No ${status} votes.</p>`}
${pager(PATH, page, PER_PAGE, total, status === 'flagged' ? {} : { status })}`,
  });
}

/** The votes in order, one group per listing (a listing's votes together, in the order they came). */
function byListing(items: FlaggedVoteView[]): FlaggedVoteView[][] {
  const groups = new Map<string, FlaggedVoteView[]>();
  for (const item of items) groups.set(item.listing.slug, [...(groups.get(item.listing.slug) ?? []), item]);
  return [...groups.values()];
}

function listingGroup(votes: FlaggedVoteView[], status: VoteFlagStatus, csrf: SafeHtml, form: Form): SafeHtml {
  const { slug, name } = votes[0]!.listing;
  const heading = `votes-${slug}`;
  const entries = votes.map((vote) => voteEntry(vote, status === 'flagged'));
  return html`<section class="panel" aria-labelledby="${heading}"><h2 id="${heading}">${name}</h2>
<p><a href="/admin/listings/${slug}">${slug}</a> · ${votes.length} ${status} ${votes.length === 1 ? 'vote' : 'votes'} on this page</p>
${
  status === 'flagged'
    ? html`<form method="post" action="${PATH}/decisions">${csrf}<input type="hidden" name="listing" value="${slug}"><fieldset><legend>Votes for ${name} (tick the ones to decide)</legend>${entries}</fieldset>
<p><label for="note-${slug}">Note (required, audited)</label><br><textarea id="note-${slug}" name="note" rows="2" cols="60" required maxlength="500">${form.slug === slug ? (form.note ?? '') : ''}</textarea></p>
<button type="submit" name="decision" value="confirm" class="secondary">Confirm: never count them</button> <button type="submit" name="decision" value="clear">Clear: count them</button></form>`
    : html`<ul>${entries.map((entry) => html`<li>${entry}</li>`)}</ul>`
}
</section>`;
}

function voteEntry(vote: FlaggedVoteView, decidable: boolean): SafeHtml {
  const age = accountAge(vote);
  const text = html`Vote ${vote.id} by ${vote.voter ?? 'a seeded voter (no account)'}${age ? html`, whose account was ${age} old` : ''}, cast ${vote.cast_at}; flagged ${vote.flagged_at ?? ''}`;
  const reasons = html`<ul>${evidenceInWords(vote).map((line) => html`<li>${line}</li>`)}</ul>`;
  if (!decidable) return html`${text}${reasons}`;
  const id = `vote-${vote.id}`;
  return html`<div><input type="checkbox" id="${id}" name="vote_ids" value="${vote.id}" checked> <label for="${id}">${text}</label>${reasons}</div>`;
}

function accountAge(vote: FlaggedVoteView): string | undefined {
  if (!vote.account_created_at) return undefined;
  const hours = (Date.parse(vote.cast_at) - Date.parse(vote.account_created_at)) / 3_600_000;
  return hours < 48 ? `${Math.max(0, Math.round(hours * 10) / 10)} hours` : `${Math.round(hours / 24)} days`;
}

type Evidence = Record<string, unknown>;
const hours = (value: unknown) => `${value} ${value === 1 ? 'hour' : 'hours'}`;
const field = (evidence: unknown, name: string): unknown =>
  typeof evidence === 'object' && evidence !== null ? (evidence as Evidence)[name] : undefined;

/** What each rule that matched saw, as a sentence a moderator reads. */
function evidenceInWords(vote: Pick<FlaggedVoteView, 'rules' | 'evidence'>): string[] {
  const e = vote.evidence;
  return vote.rules.map((rule) => {
    switch (rule) {
      case 'burst': {
        const burst = field(e, 'burst');
        return `Burst: ${field(burst, 'votes')} votes on this listing within ${field(burst, 'minutes')} minutes (${field(burst, 'from')} to ${field(burst, 'to')}) from accounts made shortly before; this one was ${hours(field(e, 'account_age_hours'))} old.`;
      }
      case 'network':
        return `Network: vote ${field(e, 'network_position')} of ${field(e, 'network_votes')} on this listing from one network (${field(e, 'network')}…).`;
      case 'own_domain':
        return `Own domain: the voter's address is at ${field(e, 'voter_domain')}, the listing's site at ${field(e, 'listing_domain')}.`;
      case 'single_maker': {
        const maker = field(e, 'maker');
        return `Single maker: all ${field(maker, 'votes')} of this account's votes are for listings of ${field(maker, 'email')}.`;
      }
      default:
        return `${rule}: ${JSON.stringify(e)}`;
    }
  });
}
