import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { ClaimView } from '../claims/claims.js';
import { CLAIM_METHODS, type ClaimMethod } from '../db/entities/claim.js';
import type { ProblemError } from '../errors.js';
import { SLUG_PATTERN } from '../schema.js';
import { html, type SafeHtml } from '../text/html.js';
import { renderSitePage, utcMinute, webUrl } from '../web/layout.js';
import { ownedListingIdBySlug } from '../listings/ownership.js';
import { notFoundPage } from './not-found.js';
import { runAsPerson } from './person-operation.js';
import { type SiteDeps, signedInVisit, type Visit } from './visit.js';

type Person = Visit & { account: AccountRecord };

/** The public listing a claim is about (get_listing), and whether the person owns it already. */
interface ClaimedListing {
  id: number;
  slug: string;
  name: string;
  url: string;
  /** Its host without "www.": where the proof is published, and the e-mail address's domain. */
  domain: string;
  owned: boolean;
}

/** Each way of proving control of the domain, in words. */
const METHODS: Record<ClaimMethod, { label: string; short: string; hint: (domain: string) => string }> = {
  dns: {
    label: 'A DNS TXT record',
    short: 'by a DNS TXT record',
    hint: (domain) => `If you can change the DNS of ${domain}. Seen within minutes, at most a day.`,
  },
  meta: {
    label: 'A meta tag on the homepage',
    short: 'by a meta tag',
    hint: () => 'If you can edit the HTML of the homepage. Checked as soon as you publish it.',
  },
  file: {
    label: 'A file on the website',
    short: 'by a file',
    hint: (domain) => `If you can put a small text file on ${domain}, under /.well-known/.`,
  },
  email: {
    label: 'An e-mail to an address at the domain',
    short: 'by e-mail',
    hint: (domain) => `We mail a link to an address at ${domain} (not a free mail service); opening it proves the claim.`,
  },
};

/** The page's own messages after a form did its work (named by key in the address: nothing from it is shown). */
const NOTICES: Record<string, string> = {
  started: 'Your claim is started. Publish what is shown below, then press Verify.',
  emailed: 'Your claim is started and the link is on its way. Open it from that mailbox to verify the claim.',
};

const STATUS_WORDS: Record<ClaimView['status'], string> = {
  pending: 'waiting for the proof',
  verified: 'verified',
  failed: 'failed',
  expired: 'expired (not verified within 14 days)',
};

/**
 * Claiming a listing from its page ("Is this your product? Claim it"): for a signed-in person, the ways to prove
 * control of the listing's domain (claim_listing), what exactly to publish, and a Verify button (verify_claim) that
 * says in words what was found; a returning person sees their claim again (list_my_claims). A verified claim makes
 * the person an owner of the listing. Pages for one person: not indexed, kept by no cache.
 */
export function claimRoutes(router: Router, site: SiteDeps): void {
  const { kit } = site;

  router.get('/listings/:slug/claim', async (ctx) => {
    const seen = await signedInVisit(ctx, site);
    if (!seen) return;
    const listing = await claimedListing(ctx, site, seen);
    if (!listing) return;
    const done = typeof ctx.query.done === 'string' ? ctx.query.done : '';
    await claimPage(ctx, site, seen, listing, {
      notice: Object.hasOwn(NOTICES, done) ? NOTICES[done] : undefined,
      verified: done === 'verified',
    });
  });

  // Starting a claim, or switching the pending one to another method (claim_listing answers the pending claim).
  router.post('/listings/:slug/claim', async (ctx) => {
    const form = kit.form(ctx);
    const seen = await signedInVisit(ctx, site, `/listings/${ctx.params.slug}/claim`);
    if (!seen) return;
    const listing = await claimedListing(ctx, site, seen);
    if (!listing) return;
    const method = (form.method ?? '').trim();
    const email = (form.email ?? '').trim();
    const input = { slug: listing.slug, method, ...(method === 'email' && email !== '' ? { email } : {}) };
    const outcome = await runAsPerson(ctx, site, seen.account, 'claim_listing', input);
    if (!outcome.ok) return claimPage(ctx, site, seen, listing, { typed: { method, email }, startProblem: outcome.problem });
    seeClaim(ctx, listing.slug, method === 'email' ? 'emailed' : 'started');
  });

  // Looking for the proof now (verify_claim): verified, or what was found instead.
  router.post('/listings/:slug/claim/verify', async (ctx) => {
    const form = kit.form(ctx);
    const seen = await signedInVisit(ctx, site, `/listings/${ctx.params.slug}/claim`);
    if (!seen) return;
    const listing = await claimedListing(ctx, site, seen);
    if (!listing) return;
    const id = Number(form.claim_id);
    const claimId = Number.isSafeInteger(id) && id > 0 ? id : (form.claim_id ?? '');
    const outcome = await runAsPerson(ctx, site, seen.account, 'verify_claim', { claim_id: claimId });
    if (!outcome.ok) return claimPage(ctx, site, seen, listing, { verifyProblem: outcome.problem });
    const claim = outcome.result as unknown as ClaimView;
    seeClaim(ctx, claim.listing_slug, claim.status === 'verified' ? 'verified' : 'checked');
  });
}

function seeClaim(ctx: Context, slug: string, done: string): void {
  ctx.status = 303;
  ctx.redirect(`/listings/${slug}/claim?done=${done}`);
}

/** The public listing named in the address and whether the person owns it, or the 404 page. */
async function claimedListing(ctx: Context, site: SiteDeps, seen: Person): Promise<ClaimedListing | undefined> {
  const slug = String(ctx.params.slug ?? '');
  const found = SLUG_PATTERN.test(slug) ? await runAsPerson(ctx, site, seen.account, 'get_listing', { slug }) : undefined;
  if (!found?.ok) {
    notFoundPage(ctx, seen.env, seen.account, 'No public listing has this address, so there is nothing to claim here.');
    return undefined;
  }
  const profile = found.result as { id: number; slug: string; name: string; url: string };
  const owned = (await ownedListingIdBySlug(site.services.db, seen.account.id, profile.slug)) !== undefined;
  let domain = '';
  try {
    domain = new URL(profile.url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    domain = profile.url;
  }
  return { id: profile.id, slug: profile.slug, name: profile.name, url: profile.url, domain, owned };
}

/** The person's claims of this listing, newest first (list_my_claims: their last 100 claims). */
async function claimsOf(ctx: Context, site: SiteDeps, seen: Person, slug: string): Promise<ClaimView[]> {
  const outcome = await runAsPerson(ctx, site, seen.account, 'list_my_claims', { page: 1, per_page: 100 });
  if (!outcome.ok) return [];
  return (outcome.result.items as ClaimView[]).filter((claim) => claim.listing_slug === slug);
}

interface PageState {
  notice?: string;
  /** The person has just verified the claim. */
  verified?: boolean;
  /** A refused start: what was chosen and typed, and why. */
  typed?: { method: string; email: string };
  startProblem?: ProblemError;
  verifyProblem?: ProblemError;
}

async function claimPage(ctx: Context, site: SiteDeps, seen: Person, listing: ClaimedListing, state: PageState): Promise<void> {
  const claims = await claimsOf(ctx, site, seen, listing.slug);
  const pending = claims.find((claim) => claim.status === 'pending');
  const earlier = claims.filter((claim) => claim !== pending);
  ctx.status = state.startProblem?.status ?? state.verifyProblem?.status ?? 200;
  const csrf = site.kit.csrfField(ctx);
  const website = webUrl(listing.url);
  renderSitePage(ctx, seen.env, {
    title: `Claim ${listing.name}`,
    description: `Prove that ${listing.name} is yours to become an owner of its listing.`,
    path: ctx.path,
    account: seen.account,
    noindex: true,
    noStore: true,
    body: html`<p class="muted">The listing <a href="/listings/${listing.slug}">${listing.name}</a> · ${website ? html`<a href="${website}" rel="nofollow noopener">${listing.domain}</a>` : listing.domain}</p>
${state.notice ? html`<p class="notice" role="status">${state.notice}</p>` : ''}
${
  listing.owned
    ? ownedPart(listing, state.verified === true)
    : html`<p>Prove that you control <strong>${listing.domain}</strong>, the listing's website, and you become an owner of this listing: you can edit it, launch it and read its statistics. If it has owners already, they stay owners and are told by e-mail. Claiming costs nothing.</p>
${pending ? pendingPart(csrf, listing, pending, state.verifyProblem) : state.verifyProblem ? html`<p class="error" role="alert">${problemText(state.verifyProblem)}</p>` : ''}
${startPart(csrf, listing, pending, state)}`
}
${earlier.length > 0 ? earlierPart(earlier) : ''}
<p><a href="/listings/${listing.slug}">Back to the listing</a> · <a href="/account">Your account</a></p>`,
  });
}

function ownedPart(listing: ClaimedListing, justVerified: boolean): SafeHtml {
  const launch = `/account/listings/${String(listing.id)}/launch`;
  return justVerified
    ? html`<div class="notice" role="status"><p><strong>Verified: you own ${listing.name} now.</strong> It is on <a href="/account">your account</a>, where you can edit and manage it.</p><p><a href="${launch}">Manage this listing</a></p></div>`
    : html`<p class="notice" role="status">You already own this listing: there is nothing to claim. <a href="${launch}">Manage it</a> or see it on <a href="/account">your account</a>.</p>`;
}

/** The pending claim: exactly what to publish, what the last check found, and the Verify button. */
function pendingPart(csrf: SafeHtml, listing: ClaimedListing, claim: ClaimView, problem: ProblemError | undefined): SafeHtml {
  const check = claim.last_check;
  const verify =
    claim.method === 'email'
      ? ''
      : html`${
          check
            ? html`<div class="error" role="alert"><p style="margin-top:0"><strong>Not found yet</strong> (checked ${utcMinute(check.checked_at)}): ${check.finding}</p><p style="margin-bottom:0">${lookedFor(claim, listing.url)} ${retryAdvice(claim.method)}</p></div>`
            : ''
        }
${problem ? html`<p class="error" role="alert" id="verify-error">${problemText(problem)}</p>` : ''}
<form method="post" action="/listings/${listing.slug}/claim/verify" style="margin:.8rem 0">${csrf}<input type="hidden" name="claim_id" value="${String(claim.id)}"><button type="submit">Verify</button></form>`;
  return html`<section class="panel" aria-labelledby="claim-steps"><h2 id="claim-steps">Your claim ${METHODS[claim.method].short}</h2>
${steps(claim, listing.url)}
${verify}
<p class="muted">Started ${utcMinute(claim.created_at)}. Unless it is verified, this claim expires on ${utcMinute(claim.expires_at)}.${claim.method === 'email' ? '' : ' Once it is verified, what you published can be removed.'}</p></section>`;
}

/** What to publish for the claim's method, word for word, each value in a box to copy. */
function steps(claim: ClaimView, homepage: string): SafeHtml {
  const { publish } = claim;
  const box = (id: string, label: string, value: string, rows = 2) =>
    html`<label for="${id}" style="display:block;margin-top:.6rem">${label}</label><textarea id="${id}" readonly rows="${String(rows)}" spellcheck="false" style="font-family:ui-monospace,monospace;overflow-wrap:anywhere;field-sizing:content">${value}</textarea>`;
  if (claim.method === 'dns' && publish.record)
    return html`<ol><li>At the DNS provider of <strong>${claim.domain}</strong>, add a record of type <strong>TXT</strong>.${box('claim-record-name', 'Name (in most providers’ forms, the host is just “_launch-directory”)', publish.record.name, 1)}${box('claim-record-value', 'Value', publish.record.value, 3)}</li>
<li>Wait until the record is published: usually minutes, at most a day.</li><li>Press Verify.</li></ol>`;
  if (claim.method === 'meta' && publish.meta_tag)
    return html`<ol><li>Add this tag inside the <code>&lt;head&gt;</code> of the homepage, ${linkTo(homepage)}.${box('claim-meta', 'The tag', publish.meta_tag, 3)}</li>
<li>Publish the homepage.</li><li>Press Verify.</li></ol>`;
  if (claim.method === 'file' && publish.file)
    return html`<ol><li>Create a plain text file at this address:${box('claim-file-url', 'Address of the file', publish.file.url, 1)}${box('claim-file-content', 'Its content (one line)', publish.file.content, 1)}</li>
<li>Publish it.</li><li>Press Verify.</li></ol>`;
  return html`<p>We e-mailed a link to <strong>${publish.email ?? claim.email ?? ''}</strong>. Open it from that mailbox and press the button on the page that opens: that verifies the claim. No Verify button is needed here.</p>
<p class="muted">No mail? Look in the spam folder. To use another address, start the claim again below with it.</p>`;
}

function linkTo(url: string): SafeHtml {
  const href = webUrl(url);
  return href ? html`<a href="${href}" rel="nofollow noopener" style="overflow-wrap:anywhere">${url}</a>` : html`${url}`;
}

/** What a check looks for and where, in words. */
function lookedFor(claim: ClaimView, homepage: string): string {
  const { publish } = claim;
  if (publish.record) return `We looked for a TXT record named ${publish.record.name} with the value ${publish.record.value}.`;
  if (publish.meta_tag) return `We looked for ${publish.meta_tag} in the HTML of ${homepage}.`;
  if (publish.file) return `We looked for the line ${publish.file.content} in ${publish.file.url}.`;
  return '';
}

function retryAdvice(method: ClaimMethod): string {
  return method === 'dns'
    ? 'A new DNS record can take from a few minutes up to a day to be seen: press Verify again later (at most 5 checks a minute).'
    : 'Once it is published, press Verify again (at most 5 checks a minute).';
}

/** The form that starts a claim, or switches the pending one to another way; a refusal beside its field. */
function startPart(csrf: SafeHtml, listing: ClaimedListing, pending: ClaimView | undefined, state: PageState): SafeHtml {
  const problem = state.startProblem;
  const chosen = state.typed?.method ?? pending?.method ?? 'meta';
  const email = state.typed?.email ?? '';
  const methodError = problem?.errors?.some((e) => e.path === '/method') ? 'Choose one of the four ways to prove the claim.' : undefined;
  const emailError = problem?.errors?.find((e) => e.path === '/email')?.message;
  const otherErrors = problem?.errors?.filter((e) => e.path !== '/method' && e.path !== '/email') ?? [];
  const summary = problem
    ? html`<div class="error" role="alert" id="claim-problem"><p style="margin:0"><strong>The claim was not ${pending ? 'changed' : 'started'}.</strong> ${
        problem.errors?.length ? '' : problemText(problem)
      }</p>${
        problem.errors?.length
          ? html`<ul style="margin:.4rem 0 0">${methodError ? html`<li><a href="#claim-method-${chosen in METHODS ? chosen : 'dns'}">How to prove it</a>: ${methodError}</li>` : ''}${
              emailError ? html`<li><a href="#claim-email">E-mail address</a>: ${emailError}</li>` : ''
            }${otherErrors.map((e) => html`<li>${e.message}</li>`)}</ul>`
          : ''
      }</div>`
    : '';
  const form = html`<form method="post" action="/listings/${listing.slug}/claim" novalidate>${csrf}
<fieldset${methodError ? html` aria-describedby="claim-method-error"` : ''} style="border:1px solid var(--border);border-radius:10px;min-width:0;margin:0 0 .8rem"><legend style="font-weight:600">How will you prove it?</legend>
${methodError ? html`<p id="claim-method-error" class="error" role="alert">${methodError}</p>` : ''}
${CLAIM_METHODS.map(
  (method) =>
    html`<p style="margin:.5rem 0"><label><input type="radio" id="claim-method-${method}" name="method" value="${method}"${chosen === method ? ' checked' : ''}> <strong>${METHODS[method].label}</strong></label><br><span class="muted">${METHODS[method].hint(listing.domain)}</span></p>`,
)}
<p style="margin:.5rem 0 .2rem"><label for="claim-email">E-mail address at ${listing.domain} <span class="muted">(only for the e-mail way)</span></label><br>
<input id="claim-email" name="email" type="email" autocomplete="email" maxlength="254" placeholder="you@${listing.domain}" value="${email}"${
    emailError ? html` aria-invalid="true" aria-describedby="claim-email-error"` : ''
  }></p>
${emailError ? html`<p id="claim-email-error" class="error" role="alert">${emailError}</p>` : ''}
</fieldset>
<button type="submit">${pending ? 'Use this way instead' : 'Start the claim'}</button></form>`;
  if (!pending) return html`<h2 id="claim-start">Start a claim</h2>${summary}${form}`;
  // With a claim under way, the other ways stay folded (open after a refusal, to show it).
  return html`<details${problem ? ' open' : ''} style="margin:1rem 0"><summary>Prove it another way</summary>${summary}<p class="muted">The same claim continues: for DNS, meta tag and file the value to publish stays the same.</p>${form}</details>`;
}

/** The person's other claims of this listing: verified, failed or expired ones, with what was last found. */
function earlierPart(claims: ClaimView[]): SafeHtml {
  return html`<h2>Your earlier claims of this listing</h2><ul>${claims.map(
    (claim) =>
      html`<li>${METHODS[claim.method].label}, started ${utcMinute(claim.created_at)}: <strong>${STATUS_WORDS[claim.status]}</strong>${claim.verified_at ? ` on ${utcMinute(claim.verified_at)}` : ''}.${
        claim.last_check && claim.status !== 'verified' ? html` <span class="muted">Last found: ${claim.last_check.finding}</span>` : ''
      }</li>`,
  )}</ul>`;
}

/** A refusal in words: the operation's own sentence (a rate limit says when to try again). */
function problemText(problem: ProblemError): string {
  const fields = problem.errors?.map((e) => e.message).join(' ') ?? '';
  return problem.status === 404
    ? 'You have no such claim of this listing.'
    : `${problem.detail ?? problem.title}${fields ? ` ${fields}` : ''}`;
}
