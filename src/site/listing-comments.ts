/**
 * The listing page's discussion (#discussion): the thread, one level of replies, the Maker mark on the owners'
 * comments, and plain POST forms (CSRF, no script) to comment, reply, delete one's own comment and report one.
 * POST /listings/:slug/comments writes a comment or reply (field `body`, `parent_id` for a reply) and comes back to
 * it, with the notice on it; POST /listings/:slug/comments/:id/delete deletes the person's own comment. A refused
 * comment or reply draws the page again with the text kept and the refusal beside it.
 */
import type Router from '@koa/router';
import type { AccountRecord } from '../accounts/accounts.js';
import { COMMENT_BODY_MAX, commentId, deleteComment, listComments, postComment, type PublicComment } from '../community/comments.js';
import { ProblemError } from '../errors.js';
import { html, type SafeHtml } from '../text/html.js';
import {
  doneNotice,
  fieldProblem,
  formProblem,
  invalidField,
  type ListingSectionView,
  type RefusedOnPage,
  type TypedForm,
} from './listing-section.js';
import { confirmToReport, reportedNote, reportForm } from './report-form.js';
import { avatar, pageNumber, pager, type PagerWords, readableDate } from '../web/layout.js';
import type { OpenReports } from '../moderation/reports.js';
import { type SiteDeps, visit } from './visit.js';

/** Flash messages of the comment forms, by the `done` value they redirect back with. */
const COMMENT_NOTICES: Record<string, string> = {
  comment: 'Your comment is posted.',
  'comment-deleted': 'Your comment is deleted.',
  'comment-report': 'Thank you: your report about the comment is with the site team.',
  'comment-reported': 'You have reported this comment already; the site team will look at it.',
};

/** The `?done=` values the section says something about. */
export const COMMENT_DONE = Object.keys(COMMENT_NOTICES);

/** Top-level comments per page of the discussion. */
const THREADS_PER_PAGE = 50;

/** What one rendering of the thread needs to know about the reader. */
interface Reader {
  slug: string;
  account: AccountRecord | undefined;
  csrf: SafeHtml | undefined;
  mine: Set<number>;
  typed: TypedForm | undefined;
  reported: OpenReports | undefined;
  /** The comment just posted (`?posted=`), which carries the notice. */
  posted: number | undefined;
}

/** The listing page's discussion: the thread and the comment form. */
export async function commentsSection(view: ListingSectionView): Promise<SafeHtml> {
  const { listing, account, csrf, site, ctx, typed, reported, done } = view;
  const page = commentsPage(ctx);
  const found = await listComments(
    site.services.db,
    listing.slug,
    { limit: THREADS_PER_PAGE, offset: (page - 1) * THREADS_PER_PAGE },
    account?.id,
  );
  const items = found?.items ?? [];
  const shown = done === 'comment' ? Number(ctx.query.posted) : Number.NaN;
  const posted = items.some((item) => item.id === shown || item.replies.some((reply) => reply.id === shown)) ? shown : undefined;
  const reader: Reader = { slug: listing.slug, account, csrf, mine: found?.mine ?? new Set(), typed, reported, posted };
  const thread = items.length
    ? items.map((item) => commentArticle(reader, item, item.replies))
    : html`<p class="muted">No comments yet.${canComment(reader) ? ' Ask the maker a question, or say what you think.' : ''}</p>`;
  // The notice of a new comment sits on the comment; any other (or one whose comment is on another page) at the top.
  const notice = done === 'comment' && posted !== undefined ? html`` : doneNotice(done, COMMENT_NOTICES);
  const others = items.some((item) => [item, ...item.replies].some((comment) => !reader.mine.has(comment.id)));
  const reportNote = csrf && account && !account.emailVerified && others ? confirmToReport('a comment') : '';
  return html`<section class="panel" id="discussion"><h2>Discussion</h2>${notice}${formProblem(typed, 'delete', [])}${reportNote}${thread}${pager(`/listings/${listing.slug}`, page, THREADS_PER_PAGE, found?.total ?? 0, {}, DISCUSSION_PAGES)}${newCommentForm(reader, site)}</section>`;
}

/** The page of the discussion a listing page shows (?comments=, 1 by default). */
export function commentsPage(ctx: { query: Record<string, unknown> }): number {
  return pageNumber(ctx.query.comments, 9999);
}

const DISCUSSION_PAGES: PagerWords = {
  param: 'comments',
  fragment: '#discussion',
  label: 'Pages of the discussion',
  previous: 'Earlier comments',
  next: 'Later comments',
  position: false,
};

const canComment = (reader: Reader) => reader.csrf !== undefined && reader.account?.emailVerified === true;

/**
 * One comment: avatar, author, Maker mark, "Reply to" on a reply, date, text (or why there is none), its forms, and
 * the replies hanging on it.
 */
function commentArticle(reader: Reader, comment: PublicComment, replies?: PublicComment[], parent?: PublicComment): SafeHtml {
  const author = comment.author ?? (comment.state === 'deleted' ? 'Deleted' : 'Former member');
  const replyTo = parent
    ? html` · <span class="muted">Reply to <a href="#comment-${parent.id}">${parent.author ?? 'a comment'}</a></span>`
    : '';
  const byline = html`<p class="byline">${avatar(author)}<strong>${author}</strong>${comment.maker ? html` <span class="maker">Maker</span>` : ''}${replyTo} · <time class="muted" datetime="${comment.created_at}">${readableDate(comment.created_at)}</time></p>`;
  const notice = reader.posted === comment.id ? doneNotice('comment', COMMENT_NOTICES) : '';
  const text =
    comment.state === 'visible'
      ? paragraphs(comment.body ?? '')
      : html`<p class="muted"><em>${comment.state === 'deleted' ? 'This comment was deleted.' : 'This comment was hidden by a moderator.'}</em></p>`;
  const nested = replies?.length
    ? html`<div class="replies">${replies.map((reply) => commentArticle(reader, reply, undefined, comment))}</div>`
    : '';
  const answer = replies !== undefined && comment.state === 'visible' ? replyForm(reader, comment.id) : '';
  return html`<article id="comment-${comment.id}">${byline}${notice}${text}${comment.state === 'visible' ? commentActions(reader, comment.id) : ''}${nested}${answer}</article>`;
}

/** A person's text as paragraphs (blank lines) and line breaks, every character escaped. */
function paragraphs(body: string): SafeHtml {
  const blocks = body.split(/\n\s*\n/).filter((block) => block.trim() !== '');
  return html`${blocks.map((block) => html`<p>${block.split('\n').map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))}</p>`)}`;
}

/** Delete (one's own) and report, for a signed-in reader. */
function commentActions(reader: Reader, id: number): SafeHtml | string {
  if (!reader.csrf) return '';
  const mine = reader.mine.has(id);
  const remove = mine
    ? html`<form method="post" action="/listings/${reader.slug}/comments/${id}/delete#discussion">${reader.csrf}<button type="submit" class="secondary">Delete my comment</button></form>`
    : '';
  const report = mine
    ? ''
    : !reader.account?.emailVerified && reader.typed?.form !== `report-c${id}` // a refused try is drawn again with its reason
      ? '' // the section says once what to do (above the thread)
      : reader.reported?.comment.has(id)
        ? reportedNote('comment')
        : reportForm(
            reader.csrf,
            `/listings/${reader.slug}/comments/${id}/report#comment-${id}`,
            'Report this comment',
            `report-c${id}`,
            reader.typed,
          );
  return html`<div class="comment-actions">${remove}${report}</div>`;
}

function replyForm(reader: Reader, parentId: number): SafeHtml | string {
  if (!canComment(reader) || !reader.csrf) return '';
  const form = `reply-${parentId}`;
  const field = `reply-body-${parentId}`;
  const typed = reader.typed?.form === form ? reader.typed : undefined;
  return html`<details${typed ? html` open` : ''}><summary>Reply</summary><form method="post" action="/listings/${reader.slug}/comments#comment-${parentId}">${reader.csrf}<input type="hidden" name="parent_id" value="${parentId}">${formProblem(typed, form, ['body'])}<p><label for="${field}">Your reply</label><br><textarea id="${field}" name="body" rows="3" cols="60" maxlength="${COMMENT_BODY_MAX}" required${invalidField(typed, form, 'body', `${field}-problem`)}>${typed?.values.body ?? ''}</textarea></p>${fieldProblem(typed, form, 'body', `${field}-problem`)}<button type="submit">Post the reply</button></form></details>`;
}

/** The new-comment form; or why the reader cannot comment, and what to do. */
function newCommentForm(reader: Reader, site: SiteDeps): SafeHtml {
  if (!reader.account || !reader.csrf)
    return html`<p class="muted"><a href="${site.kit.signInPath(`/listings/${reader.slug}`)}">Sign in to comment</a> or to ask the maker a question.</p>`;
  if (!reader.account.emailVerified)
    return html`<p class="muted">Confirm your e-mail address to comment: comments come from people with a confirmed address. <a href="/account">Your account</a></p>`;
  const typed = reader.typed?.form === 'comment' ? reader.typed : undefined;
  return html`<form method="post" action="/listings/${reader.slug}/comments#discussion">${reader.csrf}${formProblem(typed, 'comment', ['body'])}<p><label for="comment-body">Your comment</label><br><textarea id="comment-body" name="body" rows="4" cols="60" maxlength="${COMMENT_BODY_MAX}" required${invalidField(typed, 'comment', 'body', 'comment-body-problem')}>${typed?.values.body ?? ''}</textarea></p>${fieldProblem(typed, 'comment', 'body', 'comment-body-problem')}<button type="submit">Post the comment</button></form>`;
}

/** POST routes of the comment forms. */
export function commentRoutes(router: Router, site: SiteDeps, refusedOnPage: RefusedOnPage): void {
  const { services, kit } = site;

  router.post('/listings/:slug/comments', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    const back = `/listings/${slug}`;
    const { account } = await visit(ctx, site);
    if (!account) return ctx.redirect(kit.signInPath(`${back}#discussion`));
    const form = kit.form(ctx);
    let id: number;
    try {
      ({ id } = await postComment(
        services.db,
        services.jobs,
        account.id,
        { slug, body: form.body, parentId: form.parent_id },
        services.now(),
      ));
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      const reply = /^[1-9]\d{0,9}$/.test(form.parent_id ?? '') ? `reply-${form.parent_id}` : 'comment';
      return refusedOnPage(ctx, { form: reply, values: { body: form.body ?? '' }, problem: error });
    }
    await services.changes.catchUp(); // the comment's notification is heard: pages kept for visitors show it
    ctx.status = 303;
    ctx.redirect(`${back}?done=comment&posted=${id}#comment-${id}`);
  });

  router.post('/listings/:slug/comments/:id/delete', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    const back = `/listings/${slug}`;
    const { account } = await visit(ctx, site);
    if (!account) return ctx.redirect(kit.signInPath(back));
    try {
      await deleteComment(services.db, account.id, commentId(ctx.params.id, '/id'), services.now(), slug);
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      return refusedOnPage(ctx, { form: 'delete', values: {}, problem: error });
    }
    await services.changes.catchUp();
    ctx.status = 303;
    ctx.redirect(`${back}?done=comment-deleted#discussion`);
  });
}
