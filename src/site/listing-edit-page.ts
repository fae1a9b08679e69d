import type Router from '@koa/router';
import type { Context } from 'koa';
import type { ProblemError } from '../errors.js';
import type { JsonValue } from '../db/entities/json-types.js';
import { listingHistory, type VersionEntry } from '../listings/listing-history.js';
import type { OwnerListingWithModeration } from '../listings/owner-view.js';
import {
  FAQ_LIMITS,
  FOUNDED_YEAR,
  FOUNDED_YEAR_MESSAGE,
  LIST_LIMITS,
  LISTING_LIST_FIELDS,
  LISTING_TEXT_FIELDS,
  type ListingTextField,
  SOCIAL_KEYS,
  SOCIAL_LINK_MAX,
} from '../listings/profile-rules.js';
import type { Registry } from '../registry/registry.js';
import { html, type SafeHtml } from '../text/html.js';
import { renderSitePage, utcMinute } from '../web/layout.js';
import { type OwnerVisit, ownerVisit, ownerLinks } from './owned-listing.js';
import { runAsPerson } from './person-operation.js';
import type { SiteDeps } from './visit.js';

type ListField = (typeof LISTING_LIST_FIELDS)[number];

/** How the form names each field. */
const LABELS: Record<ListingTextField | ListField | 'founded_year' | 'socials' | 'faqs', string> = {
  tagline: 'Tagline',
  short_description: 'Short description',
  description: 'Description',
  headline: 'Headline',
  summary: 'Summary',
  pricing_model: 'Pricing model',
  pricing_summary: 'Pricing summary',
  country: 'Country',
  city: 'City',
  founded_year: 'Founded (year)',
  demo_video_url: 'Demo video link',
  contact_email: 'Contact e-mail',
  seo_title: 'Title for search engines',
  seo_description: 'Description for search engines',
  features: 'Features',
  usps: 'What sets it apart',
  keywords: 'Keywords',
  socials: 'Links',
  faqs: 'FAQs',
};

/** The form's parts, in order: each text field in a line or a box, then the lists. */
const GROUPS: { title: string; fields: (ListingTextField | 'founded_year')[] }[] = [
  { title: 'What it is', fields: ['tagline', 'short_description', 'description', 'headline', 'summary'] },
  {
    title: 'Facts',
    fields: ['pricing_model', 'pricing_summary', 'country', 'city', 'founded_year', 'demo_video_url', 'contact_email'],
  },
  { title: 'Search engines', fields: ['seo_title', 'seo_description'] },
];
const BOXES = new Set<string>(['short_description', 'description', 'summary', 'pricing_summary', 'seo_description']);
const HINTS: Partial<Record<string, string>> = {
  country: 'A two-letter code, e.g. PT or US.',
  founded_year: `${FOUNDED_YEAR.min} to ${FOUNDED_YEAR.max}; empty to remove it.`,
  contact_email: 'Not shown on the public page.',
  seo_title: 'Not shown on the page: what search engines show as its title.',
};
/** How the links' platforms are written. */
const SOCIAL_NAMES: Partial<Record<string, string>> = {
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  github: 'GitHub',
  website: 'Website',
  custom: 'Another link',
};
/** The FAQ rows the form offers: those stored and empty ones to add, up to the limit. */
const FAQ_SPARE = 2;

const editPath = (id: number) => `/account/listings/${id}/edit`;

/**
 * An owner's edit of a saved listing (update_my_listing, with its bounds and messages): every field it edits, the
 * lists one item per line, the links and the FAQs. A refusal shows each message beside its field with everything as
 * typed; a success says what changed. Below, the listing's version history in words. Others' listings answer 404.
 */
export function listingEditRoutes(router: Router, site: SiteDeps): void {
  router.get('/account/listings/:id/edit', async (ctx) => {
    const owner = await ownerVisit(ctx, site);
    if (!owner) return;
    const { seen, listing } = owner;
    await editPage(ctx, site, seen, listing, { values: formValues(listing), changed: changedNotice(ctx.query.changed) });
  });

  router.post('/account/listings/:id/edit', async (ctx) => {
    const form = site.kit.form(ctx);
    const owner = await ownerVisit(ctx, site, ctx.path);
    if (!owner) return;
    const { seen, listing } = owner;
    const before = formValues(listing);
    const typed = Object.fromEntries(Object.keys(before).map((name) => [name, form[name] ?? before[name]]));
    const edit = listingChanges(before, typed);
    if (Object.keys(edit).length === 0) return seeEdit(ctx, listing.listing_id, []);
    const outcome = await runAsPerson(ctx, site, seen.account, 'update_my_listing', { listing_id: listing.listing_id, ...edit });
    if (outcome.ok) return seeEdit(ctx, listing.listing_id, (outcome.result.changed as string[] | undefined) ?? []);
    await editPage(ctx, site, seen, listing, { values: typed, problem: outcome.problem });
  });
}

function seeEdit(ctx: Context, id: number, changed: string[]): void {
  ctx.status = 303;
  ctx.redirect(`${editPath(id)}?changed=${encodeURIComponent(changed.join(','))}`);
}

/** What the address says the last edit changed (only field names this form knows are shown). */
function changedNotice(changed: unknown): string | undefined {
  if (typeof changed !== 'string') return undefined;
  const names = changed.split(',').filter((name) => Object.hasOwn(LABELS, name));
  if (names.length === 0) return 'Nothing was different: nothing changed.';
  return `Saved. Changed: ${names.map((name) => LABELS[name as keyof typeof LABELS]).join(', ')}.`;
}

/** The form's boxes as the listing holds them: text as is, lists one item per line, links by key, FAQs by row. */
function formValues(listing: OwnerListingWithModeration): Record<string, string> {
  const p = listing.profile;
  const current: Record<ListingTextField, string | null> = {
    tagline: p.tagline,
    short_description: p.short_description,
    description: p.description,
    headline: p.headline,
    summary: p.summary,
    pricing_model: p.pricing.model,
    pricing_summary: p.pricing.summary,
    country: p.country,
    city: p.city,
    demo_video_url: p.demo_video_url,
    contact_email: listing.private_fields.contact_email,
    seo_title: listing.private_fields.seo_title,
    seo_description: listing.private_fields.seo_description,
  };
  const values: Record<string, string> = {};
  for (const field of Object.keys(LISTING_TEXT_FIELDS) as ListingTextField[]) values[`f_${field}`] = current[field] ?? '';
  values.f_founded_year = p.founded_year === null ? '' : String(p.founded_year);
  for (const field of LISTING_LIST_FIELDS) values[`f_${field}`] = p[field].join('\n');
  for (const key of SOCIAL_KEYS) values[`s_${key}`] = p.socials[key] ?? '';
  for (let i = 0; i < faqRows(p.faqs.length); i++) {
    values[`faq_q_${i}`] = p.faqs[i]?.question ?? '';
    values[`faq_a_${i}`] = p.faqs[i]?.answer ?? '';
  }
  return values;
}

const faqRows = (stored: number) => Math.min(FAQ_LIMITS.faqs, stored + FAQ_SPARE);

/**
 * update_my_listing's input for what the form changed: each text field whose text differs ("" clears it), the year
 * as a number (anything else is sent as typed, for the operation to refuse), the lists, and the links and FAQs as a
 * whole (they replace what is stored) when any of them changed.
 */
function listingChanges(before: Record<string, string>, typed: Record<string, string>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of Object.keys(LISTING_TEXT_FIELDS)) {
    const value = typed[`f_${field}`].trim();
    if (value !== before[`f_${field}`].trim()) fields[field] = value;
  }
  const year = typed.f_founded_year.trim();
  if (year !== before.f_founded_year) fields.founded_year = year === '' ? null : /^\d{1,9}$/.test(year) ? Number(year) : year;
  for (const field of LISTING_LIST_FIELDS) {
    const items = lines(typed[`f_${field}`]);
    if (items.join('\n') !== lines(before[`f_${field}`]).join('\n')) fields[field] = items;
  }
  const edit: Record<string, unknown> = Object.keys(fields).length > 0 ? { fields } : {};
  if (SOCIAL_KEYS.some((key) => typed[`s_${key}`].trim() !== before[`s_${key}`])) {
    edit.socials = Object.fromEntries(SOCIAL_KEYS.flatMap((key) => (typed[`s_${key}`].trim() ? [[key, typed[`s_${key}`].trim()]] : [])));
  }
  const faqs = (values: Record<string, string>) =>
    Object.keys(values)
      .filter((name) => name.startsWith('faq_q_'))
      .map((name) => ({ question: values[name].trim(), answer: (values[name.replace('_q_', '_a_')] ?? '').trim() }))
      .filter((faq) => faq.question !== '' || faq.answer !== '');
  if (JSON.stringify(faqs(typed)) !== JSON.stringify(faqs(before))) edit.faqs = faqs(typed);
  return edit;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

interface EditState {
  values: Record<string, string>;
  problem?: ProblemError;
  changed?: string;
}

/** The messages of a refusal by the form's box they belong to. */
function messagesByBox(problem: ProblemError | undefined, values: Record<string, string>): Map<string, string[]> {
  const boxes = new Map<string, string[]>();
  const faqIndexes = Object.keys(values)
    .filter((name) => name.startsWith('faq_q_') && (values[name].trim() || values[name.replace('_q_', '_a_')]?.trim()))
    .map((name) => name.slice('faq_q_'.length));
  for (const error of problem?.errors ?? []) {
    const [, part, name, sub] = error.path.split('/');
    let box: string;
    if (part === 'fields' && name === 'founded_year') box = 'f_founded_year';
    else if (part === 'fields' && name) box = `f_${name}`;
    else if (part === 'socials' && name) box = `s_${name}`;
    else if (part === 'faqs' && name !== undefined) box = `faq_${sub === 'answer' ? 'a' : 'q'}_${faqIndexes[Number(name)] ?? name}`;
    else box = '';
    const message = box === 'f_founded_year' ? FOUNDED_YEAR_MESSAGE : error.message;
    boxes.set(box, [...(boxes.get(box) ?? []), message]);
  }
  if (problem && boxes.size === 0) boxes.set('', [problem.detail ?? problem.title]);
  return boxes;
}

async function editPage(ctx: Context, site: SiteDeps, seen: OwnerVisit, listing: OwnerListingWithModeration, state: EditState) {
  const history = (await listingHistory(site.services.db, listing.profile.slug, 30)) ?? [];
  ctx.status = state.problem?.status ?? 200;
  const messages = messagesByBox(state.problem, state.values);
  const id = listing.listing_id;
  const box = (name: string, label: string, options: { max?: number; long?: boolean; rows?: number; hint?: string; type?: string }) => {
    const boxId = name.replaceAll('_', '-');
    const message = messages.get(name)?.join(' ');
    const describedBy = [options.hint ? `${boxId}-hint` : '', message ? `${boxId}-error` : ''].filter(Boolean).join(' ');
    const aria = html`${message ? html` aria-invalid="true"` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}`;
    const max = options.max ? html` maxlength="${String(options.max)}"` : '';
    return html`<div class="draft-field" style="margin:0 0 .8rem"><label for="${boxId}" style="display:block">${label}</label>
${options.hint ? html`<p class="muted" id="${boxId}-hint" style="margin:.1rem 0">${options.hint}</p>` : ''}${
  options.long
    ? html`<textarea id="${boxId}" name="${name}" rows="${String(options.rows ?? 3)}"${max}${aria}>${state.values[name] ?? ''}</textarea>`
    : html`<input id="${boxId}" name="${name}" type="${options.type ?? 'text'}"${max} value="${state.values[name] ?? ''}"${aria}>`
}
${message ? html`<p id="${boxId}-error" class="error" role="alert" style="margin:.3rem 0">${message}</p>` : ''}</div>`;
  };
  const textField = (field: ListingTextField | 'founded_year') =>
    field === 'founded_year'
      ? box('f_founded_year', LABELS.founded_year, { hint: HINTS.founded_year, type: 'text' })
      : box(`f_${field}`, LABELS[field], {
          max: LISTING_TEXT_FIELDS[field],
          long: BOXES.has(field),
          rows: field === 'description' || field === 'summary' ? 8 : 3,
          hint: HINTS[field],
          type: field === 'contact_email' ? 'email' : field === 'demo_video_url' ? 'url' : 'text',
        });
  const listHint = `One per line, at most ${LIST_LIMITS.items}, each up to ${LIST_LIMITS.itemMax} characters.`;
  const faqCount = Object.keys(state.values).filter((name) => name.startsWith('faq_q_')).length;
  renderSitePage(ctx, seen.env, {
    title: `Edit ${listing.profile.name}`,
    description: 'Edit your listing.',
    path: ctx.path,
    account: seen.account,
    noindex: true,
    noStore: true,
    body: html`${ownerLinks(listing, editPath(id))}
${state.changed ? html`<p class="notice" role="status">${state.changed}</p>` : ''}
<p class="muted">${listing.public ? 'The listing is public: what you save shows on its page at once.' : 'The listing is not public yet: what you save shows in its preview, and on its page once it is published.'} Every change is kept in the history below. The name and categories are not edited here.</p>
${summary(messages)}
<form method="post" action="${editPath(id)}" novalidate>${site.kit.csrfField(ctx)}
${GROUPS.map((group) => html`<h2>${group.title}</h2>${group.fields.map(textField)}`)}
<h2>Lists</h2>
${LISTING_LIST_FIELDS.map((field) => box(`f_${field}`, LABELS[field], { long: true, rows: 5, hint: listHint }))}
<h2 id="links">Links</h2>
<p class="muted">Each an http or https address, up to ${SOCIAL_LINK_MAX} characters; empty to remove it.</p>
${SOCIAL_KEYS.map((key) => box(`s_${key}`, SOCIAL_NAMES[key] ?? key[0].toUpperCase() + key.slice(1), { max: SOCIAL_LINK_MAX, type: 'url' }))}
<h2 id="faqs">FAQs</h2>
<p class="muted">Up to ${FAQ_LIMITS.faqs}: a question up to ${FAQ_LIMITS.question} characters and its answer up to ${FAQ_LIMITS.answer}. Empty both to remove one.</p>
${Array.from(
  { length: faqCount },
  (_, i) =>
    html`<fieldset class="panel" style="min-width:0"><legend>FAQ ${String(i + 1)}</legend>${box(`faq_q_${i}`, 'Question', { max: FAQ_LIMITS.question })}${box(`faq_a_${i}`, 'Answer', { max: FAQ_LIMITS.answer, long: true })}</fieldset>`,
)}
<p><button type="submit">Save changes</button></p>
</form>
<h2 id="history">Version history</h2>
${historyList(history, seen.account, site.registry)}`,
  });
}

/** Above the form when it was refused: nothing saved, and each field's message linked to its box. */
function summary(messages: Map<string, string[]>): SafeHtml {
  if (messages.size === 0) return html``;
  const named = [...messages].filter(([name]) => name !== '');
  const general = messages.get('')?.join(' ');
  const needs =
    named.length === 0 ? '' : named.length === 1 ? ': one field needs a change' : `: ${String(named.length)} fields need a change`;
  return html`<div class="error" role="alert"><p>Nothing was saved${needs}.${general ? ` ${general}` : ''}</p>${
    named.length
      ? html`<ul>${named.map(([name, list]) => html`<li><a href="#${name.replaceAll('_', '-')}">${boxLabel(name)}</a>: ${list.join(' ')}</li>`)}</ul>`
      : ''
  }</div>`;
}

function boxLabel(name: string): string {
  if (name.startsWith('f_')) return LABELS[name.slice(2) as keyof typeof LABELS] ?? name;
  if (name.startsWith('s_')) return `${SOCIAL_NAMES[name.slice(2)] ?? name.slice(2)} link`;
  const faq = /^faq_([qa])_(\d+)$/.exec(name);
  if (faq) return `FAQ ${Number(faq[2]) + 1} ${faq[1] === 'q' ? 'question' : 'answer'}`;
  return name;
}

/**
 * The versions, newest first: who, when, what (the operation's title, as the tools name it; a job of the directory's
 * own by its name in words), and each field before and after.
 */
function historyList(history: VersionEntry[], account: OwnerVisit['account'], registry: Registry): SafeHtml {
  if (history.length === 0) return html`<p class="muted">No change is recorded yet.</p>`;
  return html`<ol class="cards" reversed>${history.map(
    (entry) => html`<li class="card"><div class="body"><p style="margin:0"><strong>${utcMinute(entry.at)}</strong> · ${
      entry.by === null ? 'the directory' : entry.by === account.email ? 'you' : entry.by
    }: ${registry.get(entry.operation)?.title ?? entry.operation.replaceAll('_', ' ')}</p>
<ul>${Object.entries(entry.changes).map(
      ([field, change]) => html`<li>${fieldWords(field)}: ${shown(change.before)} → ${shown(change.after)}</li>`,
    )}</ul></div></li>`,
  )}</ol>`;
}

function fieldWords(field: string): string {
  if (field.startsWith('story.')) return `story, ${field.slice(6).replaceAll('_', ' ')}`;
  return LABELS[field as keyof typeof LABELS] ?? field.replaceAll('_', ' ');
}

/** A value of the history in a few words (long texts cut short). */
function shown(value: JsonValue): string {
  if (value === null || value === '') return '(empty)';
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    const words = value.map((item) =>
      item !== null && typeof item === 'object' && !Array.isArray(item) && 'question' in item ? String(item.question) : String(item),
    );
    return cut(words.join('; '));
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? '(none)' : cut(entries.map(([key, link]) => `${key} ${String(link)}`).join('; '));
  }
  return typeof value === 'string' ? cut(`“${value}”`) : String(value);
}

const cut = (text: string) => (text.length > 160 ? `${text.slice(0, 159)}…` : text);
