import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import { ValidationError, type ProblemError } from '../errors.js';
import { SLUG_PATTERN } from '../schema.js';
import { categoryTree, findCategory, type CategoryDetail, type CategoryNode } from '../catalogue/categories.js';
import { categoryChoices, categoryRedirects } from '../editorial/categories.js';
import { staffVisit, type ConsoleDeps, type StaffVisit } from './console-deps.js';
import { problemBox, renderConsoleMissing, renderConsolePage } from './layout.js';
import { noticeOf, runOperation, seeOther } from './run-operation.js';
import { checkbox, optional, postForm, selectField, textArea, textField } from './form-fields.js';
import { faqArea, faqText, parseFaqs } from './faq-field.js';

const PATH = '/admin/categories';
const NOTICES = {
  created: 'The category was added.',
  saved: 'The changes were saved; listings show them at once.',
  merged: 'The category was merged into this one; its old address leads here.',
};
const TOP = '';

interface CategoryForm {
  name?: string;
  slug?: string;
  description?: string;
  parent?: string;
  faqs?: string;
  keywords?: string;
}

/** The keywords box: one word or phrase a line (commas also part them). */
const parseKeywords = (text: string | undefined) =>
  (text ?? '')
    .split(/[\n,]/)
    .map((k) => k.trim())
    .filter(Boolean);
const keywordsArea = (value: string | undefined) =>
  textArea('keywords', 'Other words for it', value, {
    rows: 4,
    hint: 'One a line: how people name this kind of product ("expense tracking"). Search finds its listings by them.',
  });

type Choices = Awaited<ReturnType<typeof categoryChoices>>;

/** A select's choices: every category, indented by depth, and "top level". */
const parentChoices = (choices: Choices, except?: string) => [
  [TOP, '(top level)'] as const,
  ...choices.filter((c) => c.slug !== except).map((c) => [c.slug, `${'\u2014 '.repeat(c.depth)}${c.name}`] as const),
];

/**
 * /admin/categories: the tree, its old addresses and the form for a new category; /admin/categories/{slug}: rename,
 * re-slug, describe, move, and merge into another. Forms run create_category, update_category and merge_category.
 * Editors and admins.
 */
export function categoryPages(router: Router, deps: ConsoleDeps): void {
  router.get(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (visit) await renderIndex(ctx, deps, visit, {});
  });

  router.post(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const form = deps.kit.form(ctx) as CategoryForm;
    const outcome = await runOperation(ctx, deps, visit, 'create_category', {
      name: form.name?.trim() ?? '',
      slug: optional(form.slug),
      description: form.description?.trim() ?? '',
      parent: optional(form.parent) ?? null,
      faqs: parseFaqs(form.faqs),
      keywords: parseKeywords(form.keywords),
    });
    if (outcome.ok) return seeOther(ctx, PATH, 'created');
    await renderIndex(ctx, deps, visit, { problem: outcome.problem, form });
  });

  router.get(`${PATH}/:slug`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const category = await categoryOf(ctx, deps);
    if (!category) return missing(ctx, visit);
    if (category.slug !== ctx.params.slug) return seeOther(ctx, `${PATH}/${category.slug}`);
    await renderEdit(ctx, deps, visit, category, {});
  });

  router.post(`${PATH}/:slug`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const category = await categoryOf(ctx, deps);
    if (!category || category.slug !== ctx.params.slug) return missing(ctx, visit);
    const form = deps.kit.form(ctx) as CategoryForm;
    const newSlug = optional(form.slug);
    const outcome = await runOperation(ctx, deps, visit, 'update_category', {
      slug: category.slug,
      name: form.name?.trim() ?? '',
      new_slug: newSlug === category.slug ? undefined : newSlug,
      description: form.description?.trim() ?? '',
      parent: optional(form.parent) ?? null,
      faqs: parseFaqs(form.faqs),
      keywords: parseKeywords(form.keywords),
    });
    if (outcome.ok) return seeOther(ctx, `${PATH}/${String(outcome.result.slug)}`, 'saved');
    await renderEdit(ctx, deps, visit, category, { problem: outcome.problem, form });
  });

  router.post(`${PATH}/:slug/merge`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'editor');
    if (!visit) return;
    const category = await categoryOf(ctx, deps);
    if (!category || category.slug !== ctx.params.slug) return missing(ctx, visit);
    const form = deps.kit.form(ctx);
    if (form.confirm !== 'true') {
      ctx.status = 400;
      const problem = new ValidationError([{ path: '/confirm', message: 'Tick the box: a merge cannot be undone' }], 'Nothing was merged.');
      return renderEdit(ctx, deps, visit, category, { mergeProblem: problem, into: form.into });
    }
    const outcome = await runOperation(ctx, deps, visit, 'merge_category', { slug: category.slug, into: form.into ?? '' });
    if (outcome.ok) return seeOther(ctx, `${PATH}/${form.into}`, 'merged');
    await renderEdit(ctx, deps, visit, category, { mergeProblem: outcome.problem, into: form.into });
  });
}

async function categoryOf(ctx: Context, deps: ConsoleDeps): Promise<CategoryDetail | undefined> {
  const slug = ctx.params.slug ?? '';
  return SLUG_PATTERN.test(slug) ? findCategory(deps.services.db, slug, deps.services.config.publicUrl) : undefined;
}

function missing(ctx: Context, visit: StaffVisit): void {
  renderConsoleMissing(ctx, visit, {
    title: 'No such category',
    message: 'No category has this address.',
    back: { path: PATH, label: 'Every category' },
  });
}

async function renderIndex(ctx: Context, deps: ConsoleDeps, visit: StaffVisit, shown: { problem?: ProblemError; form?: CategoryForm }) {
  const { db, config } = deps.services;
  const [tree, choices, redirects] = await Promise.all([
    categoryTree(db, config.publicUrl, true),
    categoryChoices(db),
    categoryRedirects(db),
  ]);
  const branch = (nodes: CategoryNode[]): SafeHtml =>
    html`<ul>${nodes.map((n) => html`<li><a href="${PATH}/${n.slug}">${n.name}</a> <span class="muted">/categories/${n.slug} · ${n.live_count} live</span>${n.subcategories.length ? branch(n.subcategories) : ''}</li>`)}</ul>`;
  const form = shown.form ?? {};
  renderConsolePage(ctx, visit, {
    title: 'Categories',
    path: PATH,
    notice: noticeOf(ctx, NOTICES),
    body: html`<h2>The tree</h2>
${tree.length ? branch(tree) : html`<p class="muted">No categories yet.</p>`}
${redirects.length ? html`<h2>Old addresses</h2><ul>${redirects.map((r) => html`<li>/categories/${r.old_slug} → <a href="${PATH}/${r.slug}">/categories/${r.slug}</a></li>`)}</ul>` : ''}
<h2>New category</h2>
${problemBox(shown.problem)}
${postForm(
  PATH,
  deps.kit.csrfField(ctx),
  [
    textField('name', 'Name', form.name, { required: true, maxLength: 80 }),
    textField('slug', 'Slug (address)', form.slug, { maxLength: 220, hint: 'Left empty: made from the name.' }),
    textArea('description', 'Description', form.description, { rows: 3 }),
    selectField('parent', 'Parent', parentChoices(choices), form.parent ?? TOP),
    keywordsArea(form.keywords),
    faqArea(form.faqs),
  ],
  'Add category',
)}`,
  });
}

async function renderEdit(
  ctx: Context,
  deps: ConsoleDeps,
  visit: StaffVisit,
  category: CategoryDetail,
  shown: { problem?: ProblemError; form?: CategoryForm; mergeProblem?: ProblemError; into?: string },
) {
  const choices = await categoryChoices(deps.services.db);
  const form = shown.form ?? {
    name: category.name,
    slug: category.slug,
    description: category.description,
    parent: category.parent?.slug ?? TOP,
    faqs: faqText(category.faqs),
    keywords: category.keywords.join('\n'),
  };
  const targets = choices.filter((c) => c.slug !== category.slug).map((c) => [c.slug, `${'\u2014 '.repeat(c.depth)}${c.name}`] as const);
  renderConsolePage(ctx, visit, {
    title: `Category: ${category.name}`,
    path: `${PATH}/${category.slug}`,
    notice: noticeOf(ctx, NOTICES),
    body: html`<p><a href="${PATH}">Every category</a> · <a href="/categories/${category.slug}">view on the site</a> · ${category.live_count} live listings</p>
<h2>Change</h2>
${problemBox(shown.problem)}
${postForm(
  `${PATH}/${category.slug}`,
  deps.kit.csrfField(ctx),
  [
    textField('name', 'Name', form.name, { required: true, maxLength: 80 }),
    textField('slug', 'Slug (address)', form.slug, { maxLength: 220, hint: 'A new slug leaves the old address redirecting here.' }),
    textArea('description', 'Description', form.description, { rows: 3 }),
    selectField('parent', 'Parent', parentChoices(choices, category.slug), form.parent ?? TOP),
    keywordsArea(form.keywords),
    faqArea(form.faqs),
  ],
  'Save',
)}
<h2>Merge into another category</h2>
<p class="muted">Its listings and subcategories move to the target, this category is deleted and its address leads to the target. This cannot be undone.</p>
${problemBox(shown.mergeProblem)}
${
  targets.length
    ? postForm(
        `${PATH}/${category.slug}/merge`,
        deps.kit.csrfField(ctx),
        [
          selectField('into', 'Merge into', targets, shown.into ?? targets[0]![0]),
          checkbox('confirm', `Yes, merge ${category.name} away for good`, false),
        ],
        'Merge',
        { secondary: true },
      )
    : html`<p class="muted">There is no other category to merge into.</p>`
}`,
  });
}
