/**
 * The listing page's discussion (#discussion): the thread, one level of replies, the Maker mark on the owners'
 * comments, and plain POST forms (CSRF, no script) to comment, reply, delete one's own comment and report one.
 * POST /listings/:slug/comments writes a comment or reply (field `body`, `parent_id` for a reply) and comes back to
 * it; POST /listings/:slug/comments/:id/delete deletes the person's own comment.
 */
import type Router from '@koa/router';
import type { AccountRecord } from '../accounts/accounts.js';
import { COMMENT_BODY_MAX, commentId, deleteComment, listComments, postComment, type PublicComment } from '../community/comments.js';
import { ProblemError } from '../errors.js';
import { html, type SafeHtml } from '../text/html.js';
import type { ListingSectionView } from './listing-section.js';
import { refused } from './refused-page.js';
import { reportForm } from './report-form.js';
import { type SiteDeps, visit } from './visit.js';

/** Flash messages of the comment forms, by the `done` value they redirect back with. */
export const COMMENT_FLASH: Record<string, string> = {
  comment: 'Your comment is posted.',
  'comment-deleted': 'Your comment is deleted.',
};

/** Top-level comments per page of the discussion. */
const THREADS_PER_PAGE = 50;

/** What one rendering of the thread needs to know about the reader. */
interface Reader {
  slug: string;
  account: AccountRecord | undefined;
  csrf: SafeHtml | undefined;
  mine: Set<number>;
}

/** The listing page's discussion: the thread and the comment form. */
export async function commentsSection(view: ListingSectionView): Promise<SafeHtml> {
  const { listing, account, csrf, site, ctx } = view;
  const page = commentsPage(ctx);
  const found = await listComments(
    site.services.db,
    listing.slug,
    { limit: THREADS_PER_PAGE, offset: (page - 1) * THREADS_PER_PAGE },
    account?.id,
  );
  const items = found?.items ?? [];
  const reader: Reader = { slug: listing.slug, account, csrf, mine: found?.mine ?? new Set() };
  const thread = items.length
    ? items.map((item) => commentArticle(reader, item, item.replies))
    : html`<p class="muted">No comments yet.${canComment(reader) ? ' Ask the maker a question, or say what you think.' : ''}</p>`;
  return html`<section class="panel" id="discussion"><h2>Discussion</h2>${thread}${pager(listing.slug, page, found?.total ?? 0)}${newCommentForm(reader, site)}</section>`;
}

/** The page of the discussion a listing page shows (?comments=, 1 by default). */
export function commentsPage(ctx: { query: Record<string, unknown> }): number {
  return pageNumber(ctx.query.comments);
}

function pageNumber(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : 1;
  return Math.max(n, 1);
}

function pager(slug: string, page: number, total: number): SafeHtml {
  const pages = Math.ceil(total / THREADS_PER_PAGE);
  if (pages <= 1) return html``;
  return html`<nav class="pager" aria-label="Pages of the discussion">${page > 1 ? html`<a href="/listings/${slug}?comments=${page - 1}#discussion">Earlier comments</a>` : ''}${page < pages ? html`<a href="/listings/${slug}?comments=${page + 1}#discussion">Later comments</a>` : ''}</nav>`;
}

const canComment = (reader: Reader) => reader.csrf !== undefined && reader.account?.emailVerified === true;

/** One comment: author, Maker mark, date, text (or why there is none), its forms, and the replies hanging on it. */
function commentArticle(reader: Reader, comment: PublicComment, replies?: PublicComment[]): SafeHtml {
  const date = comment.created_at.slice(0, 10);
  const byline = html`<p class="muted"><strong>${comment.author ?? (comment.state === 'deleted' ? 'Deleted' : 'Former member')}</strong>${comment.maker ? html` <span class="maker">Maker</span>` : ''} · <time datetime="${comment.created_at}">${date}</time></p>`;
  const text =
    comment.state === 'visible'
      ? paragraphs(comment.body ?? '')
      : html`<p class="muted"><em>${comment.state === 'deleted' ? 'This comment was deleted.' : 'This comment was hidden by a moderator.'}</em></p>`;
  const nested = replies?.length ? html`<div class="replies">${replies.map((reply) => commentArticle(reader, reply))}</div>` : '';
  const answer = replies !== undefined && comment.state === 'visible' ? replyForm(reader, comment.id) : '';
  return html`<article id="comment-${comment.id}">${byline}${text}${comment.state === 'visible' ? commentActions(reader, comment.id) : ''}${nested}${answer}</article>`;
}

/** A person's text as paragraphs (blank lines) and line breaks, every character escaped. */
function paragraphs(body: string): SafeHtml {
  const blocks = body.split(/\n\s*\n/).filter((block) => block.trim() !== '');
  return html`${blocks.map((block) => html`<p>${block.split('\n').map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))}</p>`)}`;
}

/** Delete (one's own) and report, for a signed-in reader. */
function commentActions(reader: Reader, id: number): SafeHtml | string {
  if (!reader.csrf) return '';
  const remove = reader.mine.has(id)
    ? html`<form method="post" action="/listings/${reader.slug}/comments/${id}/delete">${reader.csrf}<button type="submit" class="secondary">Delete my comment</button></form>`
    : '';
  return html`<div class="comment-actions">${remove}${reportForm(reader.csrf, `/listings/${reader.slug}/comments/${id}/report`, 'Report this comment', `-c${id}`)}</div>`;
}

function replyForm(reader: Reader, parentId: number): SafeHtml | string {
  if (!canComment(reader) || !reader.csrf) return '';
  const field = `reply-body-${parentId}`;
  return html`<details><summary>Reply</summary><form method="post" action="/listings/${reader.slug}/comments">${reader.csrf}<input type="hidden" name="parent_id" value="${parentId}"><p><label for="${field}">Your reply</label><br><textarea id="${field}" name="body" rows="3" cols="60" maxlength="${COMMENT_BODY_MAX}" required></textarea></p><button type="submit">Post the reply</button></form></details>`;
}

/** The new-comment form; or why the reader cannot comment, and what to do. */
function newCommentForm(reader: Reader, site: SiteDeps): SafeHtml {
  if (!reader.account || !reader.csrf)
    return html`<p class="muted"><a href="${site.kit.signInPath(`/listings/${reader.slug}`)}">Sign in to comment</a> or to ask the maker a question.</p>`;
  if (!reader.account.emailVerified)
    return html`<p class="muted">Confirm your e-mail address to comment: comments come from people with a confirmed address. <a href="/account">Your account</a></p>`;
  return html`<form method="post" action="/listings/${reader.slug}/comments">${reader.csrf}<p><label for="comment-body">Your comment</label><br><textarea id="comment-body" name="body" rows="4" cols="60" maxlength="${COMMENT_BODY_MAX}" required></textarea></p><button type="submit">Post the comment</button></form>`;
}

/** POST routes of the comment forms. */
export function commentRoutes(router: Router, site: SiteDeps): void {
  const { services, kit } = site;

  router.post('/listings/:slug/comments', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    const back = `/listings/${slug}`;
    const { env, account } = await visit(ctx, site);
    if (!account) return ctx.redirect(kit.signInPath(back));
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
      return refused(ctx, env, account, error);
    }
    await services.resultCache.catchUp(); // the comment's notification is heard: pages kept for visitors show it
    ctx.status = 303;
    ctx.redirect(`${back}?done=comment#comment-${id}`);
  });

  router.post('/listings/:slug/comments/:id/delete', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    const back = `/listings/${slug}`;
    const { env, account } = await visit(ctx, site);
    if (!account) return ctx.redirect(kit.signInPath(back));
    try {
      await deleteComment(services.db, account.id, commentId(ctx.params.id, '/id'), services.now(), slug);
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      return refused(ctx, env, account, error);
    }
    await services.resultCache.catchUp();
    ctx.status = 303;
    ctx.redirect(`${back}?done=comment-deleted#discussion`);
  });
}
