/**
 * The listing page's reviews: the community rating and the rule that says which reviews count, the signed-in person's
 * own review form (or why they cannot review), and the newest reviews, each with a report form. POST
 * /listings/:slug/review writes the person's review, POST /listings/:slug/review/delete deletes it; both come back
 * to the reviews with what happened beside them, or draw the page again with the form as typed and the refusal beside
 * its field.
 */
import type Router from '@koa/router';
import type { AccountRecord } from '../accounts/accounts.js';
import { publicName } from '../community/public-name.js';
import {
  deleteReview,
  listReviews,
  type OwnReview,
  type PublicReview,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  reviewStanding,
  writeReview,
} from '../community/reviews.js';
import { ProblemError } from '../errors.js';
import { html, type SafeHtml } from '../text/html.js';
import { avatar, readableDate } from '../web/layout.js';
import { doneNotice, fieldProblem, formProblem, invalidField, type ListingSectionView, type RefusedOnPage } from './listing-section.js';
import { confirmToReport, reportedNote, reportForm } from './report-form.js';
import { type SiteDeps, visit } from './visit.js';

/** Flash messages of the review forms, by the `done` value they redirect back with. */
const REVIEW_NOTICES: Record<string, string> = {
  review: 'Your review is saved.',
  'review-deleted': 'Your review is deleted.',
  'review-report': 'Thank you: your report about the review is with the site team.',
  'review-reported': 'You have reported this review already; the site team will look at it.',
};

/** The `?done=` values the section says something about. */
export const REVIEW_DONE = Object.keys(REVIEW_NOTICES);

/** The newest reviews the page shows; list_reviews pages through all of them. */
const SHOWN = 20;

const GENUINE_RULE =
  'Counted: reviews by people with a confirmed e-mail address who do not own the listing, not hidden by a moderator and not from an account whose votes the vote check flagged.';

/** The listing page's reviews: the genuine rule, the person's own review form, the reviews. */
export async function reviewsSection(view: ListingSectionView): Promise<SafeHtml> {
  const { listing, account, site } = view;
  const db = site.services.db;
  const [page, standing] = await Promise.all([
    listReviews(db, listing.slug, { order: 'newest', limit: SHOWN, offset: 0 }),
    account ? reviewStanding(db, listing.id, account) : undefined,
  ]);
  const { average, count } = listing.community_rating;
  const items = page?.items ?? [];
  const total = page?.total ?? 0;
  return html`<section class="panel" id="reviews"><h2>Reviews</h2>${doneNotice(view.done, REVIEW_NOTICES)}
<p><strong>${count ? `${average} / 5 from ${count} genuine ${count === 1 ? 'review' : 'reviews'}` : 'No genuine reviews yet'}</strong></p>
<p class="muted">${GENUINE_RULE}</p>
${ownArea(view, standing)}
${items.some((review) => review.id !== standing?.own?.id) ? reportNote(account) : ''}
${items.length ? html`<ul class="reviews">${items.map((review) => reviewItem(view, review, standing?.own?.id === review.id))}</ul>` : html`<p class="muted">No reviews yet.</p>`}
${total > items.length ? html`<p class="muted">The newest ${items.length} of ${total} reviews.</p>` : ''}
</section>`;
}

/** Above others' reviews, for a signed-in person whose address is not confirmed: why there is no report form. */
function reportNote(account: AccountRecord | undefined): SafeHtml | string {
  return account && !account.emailVerified ? confirmToReport('a review') : '';
}

/** The person's part: their review form, or why they cannot review, or the way to sign in. */
function ownArea(view: ListingSectionView, standing: Awaited<ReturnType<typeof reviewStanding>> | undefined): SafeHtml {
  const { listing, account, csrf, site } = view;
  if (!account || !csrf || !standing)
    return html`<p><a href="${site.kit.signInPath(`/listings/${listing.slug}#reviews`)}">Sign in to write a review</a>.</p>`;
  if (standing.bar === 'unconfirmed')
    return html`<p>${standing.detail} <a href="/account">Your account</a> can send the confirmation link again.</p>`;
  if (standing.bar) return html`<p class="muted">${standing.detail}</p>`;
  return reviewForm(view, account, standing.own);
}

/**
 * The person's review form: their review, or what they typed when it was refused (the rating and text kept, each
 * message beside its field). No `minlength` in the markup: a short review comes back with the rule in words.
 */
function reviewForm({ listing, csrf, typed }: ListingSectionView, account: AccountRecord, own: OwnReview | undefined): SafeHtml {
  const mine = typed?.form === 'review' ? typed.values : undefined;
  const rating = mine ? Number(mine.rating) || undefined : own?.rating;
  const body = mine ? mine.body : (own?.body ?? '');
  const slug = listing.slug;
  return html`<h3>${own ? 'Your review' : 'Write a review'}</h3>
${own?.hidden ? html`<p class="error">A moderator hid your review: it is neither shown nor counted.</p>` : ''}
<form method="post" action="/listings/${slug}/review#reviews">${csrf}${formProblem(typed, 'review', ['rating', 'body'])}
<p><label for="review-rating">Rating</label><br><select id="review-rating" name="rating" required${invalidField(typed, 'review', 'rating', 'review-rating-problem')}>${rating ? '' : html`<option value="">Choose</option>`}${[5, 4, 3, 2, 1].map((stars) => html`<option value="${stars}"${stars === rating ? html` selected` : ''}>${stars} / 5</option>`)}</select></p>${fieldProblem(typed, 'review', 'rating', 'review-rating-problem')}
<p><label for="review-body">Your review (${REVIEW_BODY_MIN} to ${REVIEW_BODY_MAX.toLocaleString('en-GB')} characters)</label><br><textarea id="review-body" name="body" rows="6" cols="60" maxlength="${REVIEW_BODY_MAX}" required${invalidField(typed, 'review', 'body', 'review-body-problem')}>${body}</textarea></p>${fieldProblem(typed, 'review', 'body', 'review-body-problem')}
<p class="muted">Shown as ${own?.reviewer ?? publicName(account)}; <a href="/account#public-name">change your public name</a>.</p>
<button type="submit">${own ? 'Save the changes' : 'Publish the review'}</button></form>
${own ? html`<form method="post" action="/listings/${slug}/review/delete#reviews">${csrf}<button type="submit" class="secondary">Delete my review</button></form>` : ''}`;
}

function reviewItem(view: ListingSectionView, review: PublicReview, mine: boolean): SafeHtml {
  const { listing, account, csrf, typed, reported } = view;
  const report =
    !account?.emailVerified && typed?.form !== `report-r${review.id}` // a refused try is drawn again with its reason
      ? '' // the section says once what to do (reportNote)
      : reported?.review.has(review.id)
        ? reportedNote('review')
        : reportForm(
            csrf!,
            `/listings/${listing.slug}/reviews/${review.id}/report#review-${review.id}`,
            'Report this review',
            `report-r${review.id}`,
            typed,
          );
  return html`<li class="review" id="review-${review.id}"><p class="byline">${avatar(review.reviewer)}<strong>${review.reviewer}</strong> · <span><span aria-hidden="true">★</span> ${review.rating} / 5</span> · <time datetime="${review.created_at}">${readableDate(review.created_at)}</time>${review.updated_at ? html` <span class="muted">(edited)</span>` : ''}${review.counted ? '' : html` <span class="muted">(not counted)</span>`}</p>
<p>${review.body}</p>
${csrf && !mine ? report : ''}</li>`;
}

/** POST routes of the review forms. */
export function reviewRoutes(router: Router, site: SiteDeps, refusedOnPage: RefusedOnPage): void {
  const { services, kit } = site;
  for (const action of ['review', 'review/delete'] as const) {
    router.post(`/listings/:slug/${action}`, async (ctx) => {
      const slug = ctx.params.slug ?? '';
      const back = `/listings/${slug}`;
      const { account } = await visit(ctx, site);
      if (!account) return ctx.redirect(kit.signInPath(`${back}#reviews`));
      const form = kit.form(ctx);
      try {
        if (action === 'review') {
          await writeReview(services.db, slug, account, { rating: form.rating, body: form.body }, services.now());
        } else await deleteReview(services.db, slug, account, services.now());
        await services.changes.catchUp(); // the next page read on this instance shows the review
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
        return refusedOnPage(ctx, { form: 'review', values: { rating: form.rating ?? '', body: form.body ?? '' }, problem: error });
      }
      ctx.status = 303;
      ctx.redirect(`${back}?done=${action === 'review' ? 'review' : 'review-deleted'}#reviews`);
    });
  }
}
