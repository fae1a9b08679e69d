import type { DraftView } from '../drafting/draft-view.js';
import { isListField, LIST_ITEM_MAX, LIST_MAX_ITEMS, PROFILE_FIELDS, type ProfileField, TEXT_FIELDS } from '../drafting/profile-fields.js';
import type { ProblemError } from '../errors.js';
import { html, type SafeHtml } from '../text/html.js';
import { webUrl } from '../web/layout.js';
import { recordErrors, recordsForm } from './draft-records-form.js';

/** How the page names a field's state (draft-view.ts's states). */
const STATE_WORDS: Record<string, string> = {
  pending: 'Pending',
  ai: 'Drafted from your site',
  not_found: 'Not found on your site',
  edited: 'Edited',
  manual: 'Typed in',
  override: 'Locked',
  deleted: 'Removed',
};

/** Fields typed in a box of several lines (long text; list fields take one item per line). */
const LONG_TEXT = new Set<ProfileField>(['description', 'short_description', 'pricing_summary']);

/** Each field's value as the form shows it: text as is, a list one item per line. */
export function formValues(draft: DraftView): Record<string, string> {
  return Object.fromEntries(
    PROFILE_FIELDS.map((field) => {
      const value = draft.fields[field]?.value;
      return [field, Array.isArray(value) ? value.join('\n') : (value ?? '')];
    }),
  );
}

/**
 * update_draft's input for what the form changed (only the fields whose text differs from the draft's: a field left as
 * drafted keeps its state), and the per-field action of the button pressed ("lock:tagline", "restore:city",
 * "regenerate:features").
 */
export function draftChanges(draft: DraftView, form: Record<string, string>): Record<string, unknown> {
  const before = formValues(draft);
  const fields: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    const typed = form[`f_${field}`];
    if (typed === undefined) continue;
    if (isListField(field)) {
      const items = typed
        .split(/\r?\n/)
        .map((item) => item.trim())
        .filter((item) => item !== '');
      if (items.join('\n') !== before[field]) fields[field] = items.length === 0 ? null : items;
    } else if (typed.trim() !== before[field].trim()) fields[field] = typed.trim() === '' ? null : typed.trim();
  }
  const input: Record<string, unknown> = Object.keys(fields).length > 0 ? { fields } : {};
  const [action, field] = (form.op ?? '').split(':');
  if ((PROFILE_FIELDS as readonly string[]).includes(field)) {
    if (action === 'lock') input.lock_fields = [field];
    if (action === 'restore') input.restore = [field];
    if (action === 'regenerate') input.regenerate = [field];
  }
  return input;
}

/** The message of a refusal for one field (by its path under /fields, or the action's own path). */
function fieldMessage(problem: ProblemError | undefined, field: string): string | undefined {
  return problem?.errors
    ?.filter((e) => e.path === `/fields/${field}` || e.path.startsWith(`/fields/${field}/`))
    .map((e) => e.message)
    .join(' ');
}

/**
 * The draft's edit form: every field with its state, its box (what was typed kept after a refusal, the message beside
 * it), the site's supporting words, and buttons to lock it against redrafts, restore the drafted value or redraft it.
 */
export function draftForm(
  draft: DraftView,
  csrfField: SafeHtml,
  values: Record<string, string>,
  problem: ProblemError | undefined,
): SafeHtml {
  const items = PROFILE_FIELDS.map((field) => {
    const view = draft.fields[field];
    const state = view?.state ?? 'pending';
    const label = field.replaceAll('_', ' ');
    const id = `f-${field}`;
    const message = fieldMessage(problem, field) || undefined;
    const described = message ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
    const list = isListField(field);
    const box =
      list || LONG_TEXT.has(field)
        ? html`<textarea id="${id}" name="f_${field}" rows="${field === 'description' ? 8 : list ? 4 : 3}"${
            list ? '' : html` maxlength="${String(TEXT_FIELDS[field as keyof typeof TEXT_FIELDS])}"`
          }${described}>${values[field] ?? ''}</textarea>`
        : html`<input id="${id}" name="f_${field}" type="text" maxlength="${String(TEXT_FIELDS[field as keyof typeof TEXT_FIELDS])}" value="${values[field] ?? ''}"${described}>`;
    const quotes = view?.evidence ?? [];
    return html`<div class="draft-field" id="field-${field}">
<label for="${id}" style="display:block">${label} <span class="muted">· ${STATE_WORDS[state] ?? state}</span></label>
${list ? html`<p class="muted" id="${id}-hint">One per line, at most ${String(LIST_MAX_ITEMS)}, each up to ${String(LIST_ITEM_MAX)} characters${field === 'categories' ? '; the first is the primary category' : ''}.</p>` : ''}
${box}
${message ? html`<p id="${id}-error" class="error" role="alert">${message}</p>` : ''}
${
  quotes.length > 0
    ? html`<details><summary>What your site says (${String(quotes.length)})</summary>${quotes.map(
        (q) =>
          html`<blockquote style="overflow-wrap:anywhere">${q.quote}<br><a class="muted" href="${webUrl(q.url) ?? '#'}" rel="nofollow noopener">${q.url}</a></blockquote>`,
      )}</details>`
    : ''
}
<p class="field-actions">${state === 'override' ? '' : html`<button type="submit" class="secondary" name="op" value="lock:${field}">Lock</button> `}${
      state === 'edited' || state === 'deleted'
        ? html`<button type="submit" class="secondary" name="op" value="restore:${field}">Restore drafted value</button> `
        : ''
    }<button type="submit" class="secondary" name="op" value="regenerate:${field}">Redraft from the site</button></p>
</div>`;
  });
  // Each refusal beside its box and summed up at the top, linked to it; a refusal of no box (a state) said on its own.
  const refused = [
    ...PROFILE_FIELDS.filter((field) => fieldMessage(problem, field)).map((field) => ({
      id: `f-${field}`,
      label: field.replaceAll('_', ' '),
      message: fieldMessage(problem, field) ?? '',
    })),
    ...recordErrors(problem),
  ];
  const general = problem && refused.length === 0 ? (problem.detail ?? problem.title) : undefined;
  const summary =
    refused.length > 0
      ? html`<div class="error" role="alert"><p>Nothing was saved: ${refused.length === 1 ? 'one field needs' : `${String(refused.length)} fields need`} a change.</p><ul>${refused.map(
          (entry) => html`<li><a href="#${entry.id}">${entry.label}</a>: ${entry.message}</li>`,
        )}</ul></div>`
      : '';
  return html`<form method="post" action="/account/drafts/${draft.id}" novalidate>${csrfField}
${general ? html`<p class="error" role="alert">${general}</p>` : ''}${summary}
${items}
${recordsForm(draft, values, problem)}
<p><button type="submit">Save changes</button></p>
</form>`;
}
