import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import { renderMarkdown } from '../text/markdown.js';
import type { ProblemError } from '../errors.js';
import { SLUG_PATTERN } from '../schema.js';
import { pageNumber, pager } from '../web/layout.js';
import { findAnyBlogPost, type EditorialPost, type EditorialPostHead } from '../editorial/blog-posts.js';
import { staffVisit, type ConsoleDeps, type StaffVisit } from './console-deps.js';
import { problemBox, renderConsoleMissing, renderConsolePage } from './layout.js';
import { noticeOf, runOperation, seeOther } from './run-operation.js';
import { lines, optional, postForm, textArea, textField } from './form-fields.js';
import { faqArea, faqText, parseFaqs } from './faq-field.js';

const PATH = '/admin/blog';
const PER_PAGE = 50;
const NOTICES = {
  created: 'The post was saved.',
  saved: 'The changes were saved.',
  deleted: 'The post was deleted.',
};
const STATE_TEXT = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const;

/** The edit form's fields as typed (what is shown again after a refusal or a preview). */
interface PostForm {
  title?: string;
  slug?: string;
  excerpt?: string;
  tags?: string;
  body_markdown?: string;
  faqs?: string;
  author?: string;
  publication?: string;
  publish_at?: string;
}

/**
 * /admin/blog: every post with its state; /admin/blog/new and /admin/blog/{slug}: the edit form (with a server-side
 * preview that saves nothing), /admin/blog/{slug}/delete: deleting after a confirmation. Forms run create_blog_post,
 * update_blog_post and delete_blog_post. Editors and admins.
 */
export function blogPages(router: Router, deps: ConsoleDeps): void {
  router.get(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const page = pageNumber(ctx.query.page);
    const outcome = await runOperation(ctx, deps, visit, 'list_all_blog_posts', { page, per_page: PER_PAGE });
    const items = outcome.ok ? (outcome.result.items as EditorialPostHead[]) : [];
    const total = outcome.ok ? (outcome.result.total as number) : 0;
    renderConsolePage(ctx, visit, {
      title: 'Blog',
      path: PATH,
      notice: noticeOf(ctx, NOTICES),
      body: html`<p><a href="${PATH}/new">New post</a></p>
${outcome.ok ? '' : problemBox(outcome.problem)}
<table><caption>Every post, newest first (${total})</caption><thead><tr><th scope="col">Title</th><th scope="col">State</th><th scope="col">Public from</th><th scope="col">Last changed</th></tr></thead><tbody>
${items.map(
  (post) =>
    html`<tr><td><a href="${PATH}/${post.slug}">${post.title}</a></td><td>${STATE_TEXT[post.state]}</td><td>${post.published_at ?? ''}</td><td>${post.updated_at}</td></tr>`,
)}
</tbody></table>
${pager(PATH, page, PER_PAGE, total)}`,
    });
  });

  router.get(`${PATH}/new`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (visit) renderEditor(ctx, deps, visit, undefined, { publication: 'draft' });
  });

  router.post(`${PATH}/new`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const form = deps.kit.form(ctx) as PostForm & { action?: string };
    if (form.action === 'preview') return renderEditor(ctx, deps, visit, undefined, form, { preview: true });
    const outcome = await runOperation(ctx, deps, visit, 'create_blog_post', postInput(form, undefined, deps.services.now()));
    if (outcome.ok) return seeOther(ctx, `${PATH}/${String(outcome.result.slug)}`, 'created');
    renderEditor(ctx, deps, visit, undefined, form, { problem: outcome.problem });
  });

  router.get(`${PATH}/:slug`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const post = await postOf(ctx, deps);
    if (!post) return missing(ctx, visit);
    renderEditor(ctx, deps, visit, post, formOf(post));
  });

  router.post(`${PATH}/:slug`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const post = await postOf(ctx, deps);
    if (!post) return missing(ctx, visit);
    const form = deps.kit.form(ctx) as PostForm & { action?: string };
    if (form.action === 'preview') return renderEditor(ctx, deps, visit, post, form, { preview: true });
    const outcome = await runOperation(ctx, deps, visit, 'update_blog_post', postInput(form, post, deps.services.now()));
    if (outcome.ok) return seeOther(ctx, `${PATH}/${String(outcome.result.slug)}`, 'saved');
    renderEditor(ctx, deps, visit, post, form, { problem: outcome.problem });
  });

  router.get(`${PATH}/:slug/delete`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const post = await postOf(ctx, deps);
    if (!post) return missing(ctx, visit);
    renderDelete(ctx, deps, visit, post);
  });

  router.post(`${PATH}/:slug/delete`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const post = await postOf(ctx, deps);
    if (!post) return missing(ctx, visit);
    const outcome = await runOperation(ctx, deps, visit, 'delete_blog_post', { slug: post.slug });
    if (outcome.ok) return seeOther(ctx, PATH, 'deleted');
    renderDelete(ctx, deps, visit, post, outcome.problem);
  });
}

async function postOf(ctx: Context, deps: ConsoleDeps): Promise<EditorialPost | undefined> {
  const slug = ctx.params.slug ?? '';
  if (!SLUG_PATTERN.test(slug)) return undefined;
  return findAnyBlogPost(deps.services.db, slug, deps.services.now(), deps.services.config.publicUrl);
}

function missing(ctx: Context, visit: StaffVisit): void {
  renderConsoleMissing(ctx, visit, {
    title: 'No such post',
    message: 'No post has this address; it may have been deleted or given another slug.',
    back: { path: PATH, label: 'Every post' },
  });
}

function formOf(post: EditorialPost): PostForm {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    tags: post.tags.join('\n'),
    body_markdown: post.body_markdown,
    faqs: faqText(post.faqs),
    author: post.author,
    publication: post.state === 'scheduled' ? 'schedule' : post.state === 'published' ? 'now' : 'draft',
    publish_at: post.published_at ?? '',
  };
}

/**
 * The operation's input from the form. "Publish now" publishes a post not yet public at this moment (and leaves a
 * public one as it is); "Schedule" needs a time; "Draft" keeps the time typed as the planned one.
 */
function postInput(form: PostForm, post: EditorialPost | undefined, now: Date): Record<string, unknown> {
  const publication = form.publication === 'now' || form.publication === 'schedule' ? form.publication : 'draft';
  const publishAt =
    publication === 'schedule'
      ? (form.publish_at?.trim() ?? '')
      : publication === 'now'
        ? post?.state === 'published'
          ? undefined
          : now.toISOString()
        : optional(form.publish_at);
  const fields = {
    title: form.title?.trim() ?? '',
    body_markdown: form.body_markdown ?? '',
    excerpt: form.excerpt?.trim() ?? '',
    tags: lines(form.tags),
    faqs: parseFaqs(form.faqs),
    author: optional(form.author),
    publish: publication !== 'draft',
    publish_at: publishAt,
  };
  if (!post) return { ...fields, slug: optional(form.slug) };
  const newSlug = optional(form.slug);
  return { ...fields, slug: post.slug, new_slug: newSlug === post.slug ? undefined : newSlug, author: fields.author ?? post.author };
}

function publicationChoice(selected: string | undefined): SafeHtml {
  const choice = (value: string, label: string) =>
    html`<p><label><input type="radio" name="publication" value="${value}"${(selected ?? 'draft') === value ? html` checked` : ''}> ${label}</label></p>`;
  return html`<fieldset><legend>Publication</legend>
${choice('draft', 'Draft: not public')}
${choice('now', 'Published: public now (a post already public keeps its date)')}
${choice('schedule', 'Scheduled: public from the time below')}
</fieldset>`;
}

function renderEditor(
  ctx: Context,
  deps: ConsoleDeps,
  visit: StaffVisit,
  post: EditorialPost | undefined,
  form: PostForm,
  shown: { problem?: ProblemError; preview?: boolean } = {},
): void {
  const action = post ? `${PATH}/${post.slug}` : `${PATH}/new`;
  const preview = shown.preview
    ? html`<section aria-labelledby="preview-heading" class="card"><h2 id="preview-heading">Preview (not saved)</h2><h3>${form.title ?? ''}</h3><article>${renderMarkdown(form.body_markdown ?? '')}</article>${
        parseFaqs(form.faqs).length
          ? html`<h3>Questions</h3><dl>${parseFaqs(form.faqs).map((f) => html`<dt><strong>${f.question}</strong></dt><dd>${f.answer}</dd>`)}</dl>`
          : ''
      }</section>`
    : '';
  renderConsolePage(ctx, visit, {
    title: post ? `Edit: ${post.title}` : 'New post',
    path: action,
    notice: noticeOf(ctx, NOTICES),
    body: html`<p><a href="${PATH}">Every post</a>${post ? html` · state: ${STATE_TEXT[post.state]}${post.state === 'published' ? html` · <a href="/blog/${post.slug}">view on the site</a>` : ''}` : ''}</p>
${problemBox(shown.problem)}${preview}
<form method="post" action="${action}">${deps.kit.csrfField(ctx)}
${textField('title', 'Title', form.title, { required: true, maxLength: 200 })}
${textField('slug', 'Slug (address)', form.slug, { maxLength: 220, hint: post ? 'Changing it changes the address: /blog/{slug}.' : 'Left empty: made from the title.' })}
${textArea('excerpt', 'Excerpt', form.excerpt, { rows: 2, hint: 'A summary for lists and the feed, up to 500 characters.' })}
${textArea('body_markdown', 'Text (Markdown)', form.body_markdown, { rows: 18, required: true })}
${textArea('tags', 'Tags', form.tags, { rows: 3, hint: 'One per line, up to 10.' })}
${faqArea(form.faqs)}
${textField('author', 'Author', form.author, { maxLength: 100, hint: `Left empty: the ${visit.settings.site_name} team.` })}
${publicationChoice(form.publication)}
${textField('publish_at', 'Publication time', form.publish_at, { hint: 'For a scheduled post, or a draft\u2019s planned time: e.g. 2026-12-01T09:00:00Z (with Z or an offset).' })}
<p><button type="submit" name="action" value="save">Save</button> <button type="submit" name="action" value="preview" class="secondary">Preview</button></p>
</form>
${post ? html`<p><a href="${PATH}/${post.slug}/delete">Delete this post…</a></p>` : ''}`,
  });
}

function renderDelete(ctx: Context, deps: ConsoleDeps, visit: StaffVisit, post: EditorialPost, problem?: ProblemError): void {
  renderConsolePage(ctx, visit, {
    title: `Delete: ${post.title}`,
    path: `${PATH}/${post.slug}/delete`,
    body: html`${problemBox(problem)}<p>Delete <strong>${post.title}</strong> (${STATE_TEXT[post.state]}) for good? To take it off the site but keep it, make it a draft instead.</p>
${postForm(`${PATH}/${post.slug}/delete`, deps.kit.csrfField(ctx), [], 'Delete for good')}
<p><a href="${PATH}/${post.slug}">Keep it</a></p>`,
  });
}
