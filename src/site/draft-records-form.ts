import type { DraftView } from '../drafting/draft-view.js';
import { LIMITS, STORY_SECTIONS } from '../drafting/profile-fields.js';
import { ProblemError, type ProblemFieldError } from '../errors.js';
import { SOCIAL_KEYS, SOCIAL_LINK_MAX } from '../listings/profile-rules.js';
import { html, type SafeHtml } from '../text/html.js';
import { webUrl } from '../web/layout.js';

/**
 * The draft's sub-records in its edit form (issue 49): FAQs, founders with the first founder's links, the product's
 * links, the founder story, milestones, the competitor and the search snippet – everything update_draft takes beside
 * `fields`, with its bounds. Every box is named after its path in update_draft's input ("/faqs/2/answer" is
 * `r_faqs_2_answer`), so a refusal's path puts its message beside the box. Rows of several parts (a FAQ) show the
 * stored ones and a few empty ones; an empty row is left out.
 */

type RowKind = 'faqs' | 'founders' | 'milestones';
interface Part {
  name: string;
  label: string;
  max: number;
  long?: boolean;
  /** Needed in every row sent (else an empty box is sent as null). */
  required?: boolean;
  type?: 'url' | 'text';
  placeholder?: string;
}
const ROWS: Record<RowKind, { parts: Part[]; max: number; extra: number; one: string }> = {
  faqs: {
    one: 'FAQ',
    max: LIMITS.faqs,
    extra: 2,
    parts: [
      { name: 'question', label: 'Question', max: LIMITS.faqQuestion, required: true },
      { name: 'answer', label: 'Answer', max: LIMITS.faqAnswer, long: true, required: true },
    ],
  },
  founders: {
    one: 'Founder',
    max: LIMITS.founders,
    extra: 1,
    parts: [
      { name: 'name', label: 'Name', max: LIMITS.founderName, required: true },
      { name: 'title', label: 'Role', max: LIMITS.founderTitle },
      { name: 'bio', label: 'Bio', max: LIMITS.founderBio, long: true },
    ],
  },
  milestones: {
    one: 'Milestone',
    max: LIMITS.milestones,
    extra: 2,
    parts: [
      { name: 'date', label: 'Date', max: 10, placeholder: 'YYYY-MM-DD', required: true },
      { name: 'title', label: 'Title', max: LIMITS.milestoneTitle, required: true },
      { name: 'description', label: 'Description', max: LIMITS.milestoneDescription, long: true },
      { name: 'url', label: 'Link (https)', max: LIMITS.milestoneUrl, type: 'url' },
    ],
  },
};
const KINDS = Object.keys(ROWS) as RowKind[];
const SOCIAL_GROUPS = ['company_socials', 'founder_socials'] as const;
const SOCIAL_NAMES: Record<string, string> = { x: 'X', linkedin: 'LinkedIn', youtube: 'YouTube', tiktok: 'TikTok', github: 'GitHub' };
const socialName = (key: string) => SOCIAL_NAMES[key] ?? `${key[0].toUpperCase()}${key.slice(1)}`;

const STORY_LABELS: Record<string, string> = {
  title: 'Title',
  story: 'The story',
  why_started: 'Why you started',
  problem: 'The problem you solve',
  journey: 'The journey so far',
  challenges: 'Challenges',
  achievements: 'Achievements',
  lessons: 'Lessons learned',
  whats_next: 'What’s next',
};

/** A fieldset as narrow as the screen (by default one is as wide as its widest box). */
const FIELDSET = 'min-width:0;margin:.8rem 0;border:1px solid var(--border);border-radius:8px';

const nameOf = (path: string) => `r${path.replaceAll('/', '_')}`;
const idOf = (path: string) => nameOf(path).replaceAll('_', '-');
/** Text as update_draft takes it: the browser's line ends made plain, white space around it dropped. */
const clean = (value: string | undefined) => (value ?? '').replace(/\r\n?/g, '\n').trim();

/** What the form shows of the draft's sub-records, by box name. */
export function recordValues(draft: DraftView): Record<string, string> {
  const values: Record<string, string> = {};
  const put = (path: string, value: string | null | undefined) => {
    values[nameOf(path)] = value ?? '';
  };
  draft.faqs.forEach((faq, i) => {
    put(`/faqs/${i}/question`, faq.question);
    put(`/faqs/${i}/answer`, faq.answer);
  });
  draft.founders.forEach((founder, i) => {
    put(`/founders/${i}/name`, founder.name);
    put(`/founders/${i}/title`, founder.title);
    put(`/founders/${i}/bio`, founder.bio);
  });
  draft.milestones.forEach((milestone, i) => {
    for (const part of ['date', 'title', 'description', 'url'] as const) put(`/milestones/${i}/${part}`, milestone[part]);
  });
  for (const key of SOCIAL_KEYS) {
    put(`/company_socials/${key}`, draft.company_socials[key]?.url);
    put(`/founder_socials/${key}`, draft.founder_socials[key]);
  }
  for (const section of STORY_SECTIONS) put(`/story/${section}`, draft.story[section]);
  put('/competitor_url', draft.competitor_url);
  put('/seo/title', draft.seo.title);
  put('/seo/meta', draft.seo.meta);
  return values;
}

/** The boxes of the sub-records a form sent (to show again, as typed, after a refusal). */
export function typedRecords(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(form).filter(([name]) => name.startsWith('r_')));
}

/** The row numbers the form sent for a kind, in order. */
function rowNumbers(form: Record<string, string>, kind: RowKind): number[] {
  const rows = new Set<number>();
  for (const name of Object.keys(form)) {
    const match = new RegExp(`^r_${kind}_(\\d{1,3})_`).exec(name);
    if (match) rows.add(Number(match[1]));
  }
  return [...rows].sort((a, b) => a - b);
}

/** A row as update_draft takes it: optional parts left empty are null. */
function rowInput(kind: RowKind, read: (part: string) => string): Record<string, string | null> {
  const entry: Record<string, string | null> = {};
  for (const part of ROWS[kind].parts) {
    const value = read(part.name);
    entry[part.name] = part.required ? value : value || null;
  }
  return entry;
}

/**
 * update_draft's input for the sub-records the form changed (a part left as stored is not sent, so it keeps the
 * site's evidence), and for each kind of row the form's row number of each item sent (to put a refusal's message
 * beside the row typed, when empty rows were left out before it).
 */
export function recordChanges(
  draft: DraftView,
  form: Record<string, string>,
): { input: Record<string, unknown>; rows: Record<RowKind, number[]> } {
  const input: Record<string, unknown> = {};
  const before = recordValues(draft);
  const rows = { faqs: [], founders: [], milestones: [] } as Record<RowKind, number[]>;
  for (const kind of KINDS) {
    const sent = rowNumbers(form, kind);
    if (sent.length === 0) continue;
    const items: Record<string, string | null>[] = [];
    for (const row of sent) {
      const item = rowInput(kind, (part) => clean(form[nameOf(`/${kind}/${row}/${part}`)]));
      if (Object.values(item).every((value) => !value)) continue;
      items.push(item);
      rows[kind].push(row);
    }
    const stored = draft[kind].map((_, i) => rowInput(kind, (part) => clean(before[nameOf(`/${kind}/${i}/${part}`)])));
    if (JSON.stringify(items) !== JSON.stringify(stored)) input[kind] = items;
  }
  for (const group of SOCIAL_GROUPS) {
    if (!SOCIAL_KEYS.some((key) => form[nameOf(`/${group}/${key}`)] !== undefined)) continue;
    const typed = (key: string) => clean(form[nameOf(`/${group}/${key}`)] ?? before[nameOf(`/${group}/${key}`)]);
    if (SOCIAL_KEYS.every((key) => typed(key) === clean(before[nameOf(`/${group}/${key}`)]))) continue;
    // The links replace what is stored: every link on the form, an empty box left out.
    input[group] = Object.fromEntries(SOCIAL_KEYS.flatMap((key) => (typed(key) ? [[key, typed(key)]] : [])));
  }
  // The story and the search snippet are merged into what is stored: only the parts that changed, null clears one.
  for (const [group, parts] of [
    ['story', STORY_SECTIONS],
    ['seo', ['title', 'meta']],
  ] as const) {
    const changed: Record<string, string | null> = {};
    for (const part of parts) {
      const name = nameOf(`/${group}/${part}`);
      if (form[name] !== undefined && clean(form[name]) !== clean(before[name])) changed[part] = clean(form[name]) || null;
    }
    if (Object.keys(changed).length > 0) input[group] = changed;
  }
  const competitor = form[nameOf('/competitor_url')];
  if (competitor !== undefined && clean(competitor) !== clean(before[nameOf('/competitor_url')])) input.competitor_url = clean(competitor);
  return { input, rows };
}

/** The refusal with each row's path naming the form's row (rows left empty before it were not sent). */
export function rowProblem(problem: ProblemError, rows: Record<RowKind, number[]>): ProblemError {
  if (!problem.errors) return problem;
  const errors = problem.errors.map((error) => {
    const match = /^\/(faqs|founders|milestones)\/(\d+)(\/.*)?$/.exec(error.path);
    const row = match ? rows[match[1] as RowKind][Number(match[2])] : undefined;
    return row === undefined ? error : { ...error, path: `/${match![1]}/${row}${match![3] ?? ''}` };
  });
  const { status, code, title, detail, members } = problem;
  return new ProblemError({ status, code, title, detail, members, errors });
}

const RECORD_PATH = /^\/(faqs|founders|milestones|company_socials|founder_socials|story|seo|competitor_url)(\/|$)/;

/** The refusals of the sub-records, each with the box it is about (or its group) named as the form names it. */
export function recordErrors(problem: ProblemError | undefined): { id: string; label: string; message: string }[] {
  return (problem?.errors ?? [])
    .filter((error) => RECORD_PATH.test(error.path))
    .map((error) => ({ id: errorTarget(error), label: labelOf(error.path), message: error.message }));
}

const GROUP_NAMES: Record<string, string> = {
  company_socials: 'The product’s links',
  founder_socials: 'The primary founder’s links',
  story: 'Founder story',
  seo: 'Search snippet',
  competitor_url: 'A competitor’s website',
  faqs: 'FAQs',
  founders: 'Founders',
  milestones: 'Milestones',
};

/** "FAQ 3, answer", "The product’s links, GitHub": a path as the form shows it. */
function labelOf(path: string): string {
  const [, group, key, part] = path.split('/');
  if (group in ROWS && key !== undefined) {
    const spec = ROWS[group as RowKind];
    const name = spec.parts.find((p) => p.name === part)?.label.toLowerCase();
    return `${spec.one} ${String(Number(key) + 1)}${name ? `, ${name}` : ''}`;
  }
  const what = key === undefined ? '' : group.endsWith('socials') ? socialName(key) : key.replaceAll('_', ' ');
  return `${GROUP_NAMES[group] ?? group}${what ? `, ${what}` : ''}`;
}

/** The box a refusal is about: the input at its path, or its group's first box. */
function errorTarget(error: ProblemFieldError): string {
  const parts = error.path.split('/');
  const row = /^\/(faqs|founders|milestones)\/\d+$/.exec(error.path);
  if (row) return idOf(`${error.path}/${ROWS[row[1] as RowKind].parts[0].name}`);
  if (parts.length >= 3 || error.path === '/competitor_url') return idOf(parts.slice(0, 4).join('/'));
  return `group-${parts[1]}`;
}

const messagesAt = (problem: ProblemError | undefined, path: string) =>
  problem?.errors
    ?.filter((e) => e.path === path)
    .map((e) => e.message)
    .join(' ') || undefined;

/** One labelled box with the message of its refusal beside it. */
function box(path: string, label: string, value: string, part: Omit<Part, 'name' | 'label'>, problem?: ProblemError): SafeHtml {
  const id = idOf(path);
  const message = messagesAt(problem, path);
  const described = message ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
  const field = part.long
    ? html`<textarea id="${id}" name="${nameOf(path)}" rows="3" maxlength="${String(part.max)}"${described}>${value}</textarea>`
    : html`<input id="${id}" name="${nameOf(path)}" type="${part.type ?? 'text'}" maxlength="${String(part.max)}"${
        part.placeholder ? html` placeholder="${part.placeholder}"` : ''
      } value="${value}"${described}>`;
  return html`<div class="record-box" style="margin:.5rem 0"><label for="${id}" style="display:block">${label}</label>${field}${
    message ? html`<p id="${id}-error" class="error" role="alert">${message}</p>` : ''
  }</div>`;
}

function evidenceOf(quotes: readonly { quote: string; url: string }[] | undefined): SafeHtml | string {
  if (!quotes?.length) return '';
  return html`<details><summary>What your site says (${String(quotes.length)})</summary>${quotes.map(
    (q) =>
      html`<blockquote style="overflow-wrap:anywhere">${q.quote}<br><a class="muted" href="${webUrl(q.url) ?? '#'}" rel="nofollow noopener">${q.url}</a></blockquote>`,
  )}</details>`;
}

/** A group of the form: folded away unless it holds a refusal, its count in the summary. */
function group(key: string, title: string, count: string, hint: string, body: SafeHtml[], problem?: ProblemError, also = ''): SafeHtml {
  const refused = (problem?.errors ?? []).some((e) => [key, also].some((k) => k && (e.path === `/${k}` || e.path.startsWith(`/${k}/`))));
  const own = messagesAt(problem, `/${key}`);
  return html`<details class="panel" id="group-${key}"${refused ? ' open' : ''}><summary><strong>${title}</strong> <span class="muted">· ${count}</span></summary>
<p class="muted">${hint}</p>${own ? html`<p class="error" role="alert">${own}</p>` : ''}
${body}
</details>`;
}

/** One group of rows (FAQs, founders or milestones): the saved rows, rows typed beyond them, and empty ones to fill. */
function rowGroup(
  kind: RowKind,
  draft: DraftView,
  drafted: Record<string, string>,
  values: Record<string, string>,
  problem: ProblemError | undefined,
): SafeHtml {
  const spec = ROWS[kind];
  const filled = Object.keys(values)
    .filter((name) => name.startsWith(`r_${kind}_`) && values[name] !== '')
    .map((name) => Number(name.split('_')[2]));
  const shown = Math.max(draft[kind].length, Math.min(spec.max, Math.max(-1, ...filled) + 1 + spec.extra));
  const rows = Array.from({ length: shown }, (_, i) => {
    const stored = draft[kind][i] as { evidence?: { quote: string; url: string }[] } | undefined;
    const same = spec.parts.every(
      (part) => clean(values[nameOf(`/${kind}/${i}/${part.name}`)]) === clean(drafted[nameOf(`/${kind}/${i}/${part.name}`)]),
    );
    const whole = messagesAt(problem, `/${kind}/${i}`);
    return html`<fieldset style="${FIELDSET}"><legend>${spec.one} ${String(i + 1)}${i === 0 && kind === 'founders' ? ' (primary)' : ''}</legend>
${whole ? html`<p class="error" role="alert">${whole}</p>` : ''}${spec.parts.map((part) => box(`/${kind}/${i}/${part.name}`, part.label, values[nameOf(`/${kind}/${i}/${part.name}`)] ?? '', part, problem))}
${same ? evidenceOf(stored?.evidence) : ''}</fieldset>`;
  });
  if (kind === 'founders') rows.push(founderSocialsRow(values, problem));
  const hints: Record<RowKind, string> = {
    faqs: `Up to ${spec.max} questions with their answers (a question up to ${LIMITS.faqQuestion} characters, an answer up to ${LIMITS.faqAnswer}). Empty rows are left out; to remove one, empty its boxes.`,
    founders: `Up to ${spec.max}; the first is the primary founder. A name is needed; the role up to ${LIMITS.founderTitle} characters, the bio up to ${LIMITS.founderBio}. Links are http or https addresses.`,
    milestones: `Up to ${spec.max}: a date (YYYY-MM-DD) and a title are needed; a link must be https. Save to get more empty rows.`,
  };
  const titles: Record<RowKind, string> = { faqs: 'FAQs', founders: 'Founders', milestones: 'Milestones' };
  return group(
    kind,
    titles[kind],
    `${String(draft[kind].length)} saved`,
    hints[kind],
    rows,
    problem,
    kind === 'founders' ? 'founder_socials' : '',
  );
}

/** The primary founder's links, one box per platform. */
function founderSocialsRow(values: Record<string, string>, problem: ProblemError | undefined): SafeHtml {
  return html`<fieldset id="group-founder_socials" style="${FIELDSET}"><legend>The primary founder's links</legend>${messagesAt(problem, '/founder_socials') ? html`<p class="error" role="alert">${messagesAt(problem, '/founder_socials')}</p>` : ''}${SOCIAL_KEYS.map(
    (key) =>
      box(
        `/founder_socials/${key}`,
        socialName(key),
        values[nameOf(`/founder_socials/${key}`)] ?? '',
        { max: SOCIAL_LINK_MAX, type: 'url' },
        problem,
      ),
  )}</fieldset>`;
}

/** The sub-records' part of the draft's edit form. */
export function recordsForm(draft: DraftView, values: Record<string, string>, problem: ProblemError | undefined): SafeHtml {
  const drafted = recordValues(draft);
  const rowGroups = KINDS.map((kind) => rowGroup(kind, draft, drafted, values, problem));
  const links = SOCIAL_KEYS.map(
    (key) =>
      html`${box(`/company_socials/${key}`, socialName(key), values[nameOf(`/company_socials/${key}`)] ?? '', { max: SOCIAL_LINK_MAX, type: 'url' }, problem)}${evidenceOf(draft.company_socials[key]?.evidence)}`,
  );
  const story = STORY_SECTIONS.map((section) =>
    box(
      `/story/${section}`,
      STORY_LABELS[section] ?? section.replaceAll('_', ' '),
      values[nameOf(`/story/${section}`)] ?? '',
      { max: section === 'title' ? LIMITS.storyTitle : LIMITS.storySection, long: section !== 'title' },
      problem,
    ),
  );
  const more = [
    box(
      '/competitor_url',
      'A competitor’s website',
      values[nameOf('/competitor_url')] ?? '',
      { max: LIMITS.competitorUrl, type: 'url' },
      problem,
    ),
    box('/seo/title', 'Search result title', values[nameOf('/seo/title')] ?? '', { max: LIMITS.seoTitle }, problem),
    box('/seo/meta', 'Search result description', values[nameOf('/seo/meta')] ?? '', { max: LIMITS.seoMeta, long: true }, problem),
  ];
  const linkCount = Object.keys(draft.company_socials).length;
  const storyCount = Object.keys(draft.story).length;
  return html`<h3>More of the profile</h3>
${rowGroups[0]}${rowGroups[1]}
${group('company_socials', 'The product’s links', `${String(linkCount)} saved`, 'One http or https address per platform; an empty box removes the link.', links, problem)}
${group('story', 'Founder story', `${String(storyCount)} of ${String(STORY_SECTIONS.length)} sections`, `In your own words, each section up to ${LIMITS.storySection} characters (the title up to ${LIMITS.storyTitle}). Shown once a paid launch unlocks it.`, story, problem)}
${rowGroups[2]}
${group('seo', 'Competitor and search snippet', draft.seo.title || draft.competitor_url ? 'set' : 'not set', `The search snippet's title up to ${LIMITS.seoTitle} characters, its description up to ${LIMITS.seoMeta}.`, more, problem, 'competitor_url')}`;
}
