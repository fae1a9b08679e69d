import type Router from '@koa/router';
import type { Context } from 'koa';
import type { ProblemError } from '../errors.js';
import type { InterviewQuestion } from '../catalogue/interview.js';
import { STORY_FIELDS, type StorySection } from '../listings/founder-story.js';
import { ownerEmails } from '../listings/ownership.js';
import type { OwnerListingWithModeration } from '../listings/owner-view.js';
import { html, type SafeHtml } from '../text/html.js';
import { renderSitePage } from '../web/layout.js';
import { runAsPerson } from './person-operation.js';
import { type OwnerVisit, ownerVisit, ownerLinks } from './owned-listing.js';
import type { SiteDeps } from './visit.js';

/** The page's forms, each posted to its own address. */
type Part = 'update' | 'milestone' | 'story' | 'interview' | 'invite';

/** What a form did, named by key in the address (nothing from the address is shown). */
const NOTICES: Record<string, string> = {
  update: 'Your update is posted: it shows on the listing and is e-mailed to its followers.',
  milestone: 'The milestone is added.',
  deleted: 'The milestone is removed.',
  story: 'Your founder story is saved.',
  interview: 'Your interview answers are saved: they show on your founder profile.',
  invite: 'The invite is on its way: the link in it makes them an owner once they accept.',
};

const STORY_LABELS: Record<StorySection, string> = {
  title: 'Title',
  story: 'The story',
  why_started: 'Why you started',
  problem: 'The problem',
  journey: 'The journey',
  challenges: 'Challenges',
  achievements: 'Achievements',
  lessons: 'Lessons',
  whats_next: "What's next",
};

const newsPath = (id: number) => `/account/listings/${id}/news`;

/**
 * An owner's news of a saved listing: updates for its followers (post_listing_update), milestones (add_milestone,
 * delete_milestone), the founder story in their own words (set_founder_story), the founder interview
 * (list_interview_questions, answer_interview), and its owners with an invite to co-own (invite_cofounder, through the
 * draft the listing was saved from). Each form keeps what was typed when refused, with the message beside its field.
 */
export function listingNewsRoutes(router: Router, site: SiteDeps): void {
  router.get('/account/listings/:id/news', async (ctx) => {
    const owner = await ownerVisit(ctx, site);
    if (!owner) return;
    const { seen, listing } = owner;
    const notice = typeof ctx.query.done === 'string' && Object.hasOwn(NOTICES, ctx.query.done) ? NOTICES[ctx.query.done] : undefined;
    await newsPage(ctx, site, seen, listing, { notice });
  });

  const post = (
    path: string,
    part: Part,
    run: (
      form: Record<string, string>,
      listing: OwnerListingWithModeration,
      seen: OwnerVisit,
      ctx: Context,
    ) => Promise<{ name: string; input: Record<string, unknown>; done?: string } | string>,
  ) =>
    router.post(`/account/listings/:id/${path}`, async (ctx) => {
      const form = site.kit.form(ctx);
      const owner = await ownerVisit(ctx, site, `/account/listings/${ctx.params.id}/news`);
      if (!owner) return;
      const { seen, listing } = owner;
      const call = await run(form, listing, seen, ctx);
      // A form the page itself refuses (nothing to send): its reason, with what was typed.
      if (typeof call === 'string') return newsPage(ctx, site, seen, listing, { part, typed: form, general: call });
      const outcome = await runAsPerson(ctx, site, seen.account, call.name, call.input);
      if (!outcome.ok) return newsPage(ctx, site, seen, listing, { part, typed: form, problem: outcome.problem });
      ctx.status = 303;
      ctx.redirect(`${newsPath(listing.listing_id)}?done=${call.done ?? part}#${part}`);
    });

  post('updates', 'update', async (form, listing) => ({
    name: 'post_listing_update',
    input: { listing_id: listing.listing_id, title: (form.title ?? '').trim(), body: (form.body ?? '').trim() },
  }));
  post('milestones', 'milestone', async (form, listing) => ({
    name: 'add_milestone',
    input: {
      listing_id: listing.listing_id,
      date: (form.date ?? '').trim(),
      title: (form.title ?? '').trim(),
      description: (form.description ?? '').trim() || null,
      url: (form.url ?? '').trim() || null,
    },
  }));
  post('milestones/:milestone/delete', 'milestone', async (_form, listing, _seen, ctx) => ({
    name: 'delete_milestone',
    done: 'deleted',
    input: {
      listing_id: listing.listing_id,
      milestone_id: /^\d{1,9}$/.test(String(ctx.params.milestone)) ? Number(ctx.params.milestone) : 0,
    },
  }));
  post('story', 'story', async (form, listing) => ({
    name: 'set_founder_story',
    input: {
      listing_id: listing.listing_id,
      ...Object.fromEntries(
        (Object.keys(STORY_FIELDS) as StorySection[]).map((section) => [section, (form[`story_${section}`] ?? '').trim() || null]),
      ),
    },
  }));
  post('interview', 'interview', async (form) => {
    const answers = Object.entries(form)
      .filter(([name, answer]) => /^a_\d{1,9}$/.test(name) && answer.trim() !== '')
      .map(([name, answer]) => ({ question_id: Number(name.slice(2)), answer: answer.trim() }));
    return answers.length > 0 ? { name: 'answer_interview', input: { answers } } : 'Nothing was saved: answer at least one question.';
  });
  post('invite', 'invite', async (form, listing, seen, ctx) => {
    const draft = await draftOf(ctx, site, seen, listing.listing_id);
    return draft
      ? { name: 'invite_cofounder', input: { id: draft, email: (form.email ?? '').trim() } }
      : 'Nothing was sent: co-founders are invited from the draft the listing was saved from.';
  });
}

/** The draft the listing was saved from, when the person owns it (list_my_drafts): co-owners are invited through it. */
async function draftOf(ctx: Context, site: SiteDeps, seen: OwnerVisit, listingId: number): Promise<string | undefined> {
  const drafts = await runAsPerson(ctx, site, seen.account, 'list_my_drafts', { page: 1, per_page: 100 });
  if (!drafts.ok) return undefined;
  return (drafts.result.items as { id: string; listing_id: number | null }[]).find((d) => d.listing_id === listingId)?.id;
}

/** The page's fields and refusals: what was typed kept in the refused form, each message beside its field. */
function formParts(state: NewsState) {
  const typed = (part: Part, name: string, stored = '') => (state.part === part ? (state.typed?.[name] ?? '') : stored);
  /** The refusal's messages for one field of the refused form (by its path in the operation's input). */
  const message = (part: Part, path: string) =>
    state.part === part
      ? state.problem?.errors
          ?.filter((e) => e.path === path)
          .map((e) => e.message)
          .join(' ') || undefined
      : undefined;
  const general = (part: Part) => {
    if (state.part !== part) return '';
    const text =
      state.general ?? (state.problem && !state.problem.errors?.length ? (state.problem.detail ?? state.problem.title) : undefined);
    const fields = state.problem?.errors?.length ?? 0;
    return html`<p class="error" role="alert">${text ?? `Nothing was saved: ${fields === 1 ? 'one field needs' : `${String(fields)} fields need`} a change (said beside ${fields === 1 ? 'it' : 'each'}).`}</p>`;
  };
  const field = (
    part: Part,
    name: string,
    label: string,
    path: string,
    options: { long?: boolean; rows?: number; max?: number; type?: string; stored?: string; hint?: string },
  ) => {
    const boxId = `${part}-${name}`.replaceAll('_', '-');
    const error = message(part, path);
    const describedBy = [options.hint ? `${boxId}-hint` : '', error ? `${boxId}-error` : ''].filter(Boolean).join(' ');
    const aria = html`${error ? html` aria-invalid="true"` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}`;
    const max = options.max ? html` maxlength="${String(options.max)}"` : '';
    const value = typed(part, name, options.stored);
    return html`<div class="draft-field" style="margin:0 0 .8rem"><label for="${boxId}" style="display:block">${label}</label>
${options.hint ? html`<p class="muted" id="${boxId}-hint" style="margin:.1rem 0">${options.hint}</p>` : ''}${
  options.long
    ? html`<textarea id="${boxId}" name="${name}" rows="${String(options.rows ?? 4)}"${max}${aria}>${value}</textarea>`
    : html`<input id="${boxId}" name="${name}" type="${options.type ?? 'text'}"${max} value="${value}"${aria}${
        options.type === 'date' ? html` style="font:inherit;padding:.4rem .5rem;border:1px solid var(--field);border-radius:6px"` : ''
      }>`
}
${error ? html`<p id="${boxId}-error" class="error" role="alert" style="margin:.3rem 0">${error}</p>` : ''}</div>`;
  };
  return { field, general };
}

interface NewsState {
  notice?: string;
  /** The form that was refused, with what was typed in it. */
  part?: Part;
  typed?: Record<string, string>;
  problem?: ProblemError;
  general?: string;
}

async function newsPage(
  ctx: Context,
  site: SiteDeps,
  seen: OwnerVisit,
  listing: OwnerListingWithModeration,
  state: NewsState,
): Promise<void> {
  const [questions, owners, draft] = await Promise.all([
    runAsPerson(ctx, site, seen.account, 'list_interview_questions', {}),
    ownerEmails(site.services.db, listing.listing_id),
    draftOf(ctx, site, seen, listing.listing_id),
  ]);
  // The page's own answer: the refusal's status when a form was refused (the reads above set none when they work).
  ctx.status = state.problem?.status ?? (state.general ? 400 : 200);
  const items = questions.ok ? (questions.result.items as InterviewQuestion[]) : [];
  const id = listing.listing_id;
  const p = listing.profile;
  const csrf = site.kit.csrfField(ctx);
  const forms: NewsForms = { id, csrf, ...formParts(state) };
  const answerIndex = (questionId: number) =>
    Object.entries(state.typed ?? {})
      .filter(([name, answer]) => /^a_\d{1,9}$/.test(name) && answer.trim() !== '')
      .findIndex(([name]) => name === `a_${questionId}`);
  const locked = (section: 'story' | 'milestones') =>
    listing.unlocked_sections.includes(section)
      ? ''
      : html`<p class="muted">The public sees it once a launch unlocks it (a paid launch does); until then only the listing's owners see it, here.</p>`;
  renderSitePage(ctx, seen.env, {
    title: `News of ${p.name}`,
    description: 'Updates, milestones, founder story and owners of your listing.',
    path: ctx.path,
    account: seen.account,
    noindex: true,
    noStore: true,
    body: html`${ownerLinks(listing, newsPath(id))}
${state.notice ? html`<p class="notice" role="status">${state.notice}</p>` : ''}
${updateSection(forms, p)}
${milestonesSection(forms, p, locked('milestones'))}
${storySection(forms, p.story ?? null, locked('story'))}
${interviewSection(forms, items, answerIndex)}
${ownersSection(forms, owners, seen.account.email, draft)}`,
  });
}

type Profile = OwnerListingWithModeration['profile'];

/** What every form of the page is drawn with: the listing's id, the CSRF field, and formParts' fields and refusals. */
interface NewsForms extends ReturnType<typeof formParts> {
  id: number;
  csrf: SafeHtml;
}

/** Post an update, and the latest ones. */
function updateSection({ id, csrf, field, general }: NewsForms, p: Profile): SafeHtml {
  return html`<h2 id="update">Post an update</h2>
<p class="muted">Shown under "Latest updates" on the listing and e-mailed once to each follower. Plain text.</p>
${general('update')}
<form method="post" action="/account/listings/${String(id)}/updates" novalidate>${csrf}
${field('update', 'title', 'Title', '/title', { max: 200 })}
${field('update', 'body', 'What is new', '/body', { long: true, rows: 5, max: 5000 })}
<p><button type="submit">Post the update</button></p></form>
${
  p.latest_updates.length
    ? html`<h3>Latest updates</h3><ul>${p.latest_updates.map((u) => html`<li><strong>${u.title}</strong> <span class="muted">${u.published_at.slice(0, 10)}</span></li>`)}</ul>`
    : ''
}`;
}

/** The milestones, each with its Remove button, and the form that adds one. */
function milestonesSection({ id, csrf, field, general }: NewsForms, p: Profile, locked: SafeHtml | string): SafeHtml {
  return html`<h2 id="milestone">Milestones</h2>
${locked}
${general('milestone')}
${
  p.milestones?.length
    ? html`<ul class="cards">${p.milestones.map(
        (
          m,
        ) => html`<li class="card"><div class="body"><strong>${m.date}</strong>: ${m.title}${m.description ? html`<br><span class="muted">${m.description}</span>` : ''}</div>
<form method="post" action="/account/listings/${String(id)}/milestones/${String(m.id)}/delete">${csrf}<button type="submit" class="secondary" aria-label="Remove the milestone ${m.title}">Remove</button></form></li>`,
      )}</ul>`
    : html`<p class="muted">No milestone yet.</p>`
}
<form method="post" action="/account/listings/${String(id)}/milestones" novalidate>${csrf}
<h3>Add a milestone</h3>
${field('milestone', 'date', 'Date', '/date', { type: 'date' })}
${field('milestone', 'title', 'Title', '/title', { max: 200 })}
${field('milestone', 'description', 'Description (optional)', '/description', { long: true, rows: 3, max: 2000 })}
${field('milestone', 'url', 'Link (optional, https)', '/url', { type: 'url', max: 500 })}
<p><button type="submit">Add the milestone</button></p></form>`;
}

/** The founder story, by section: saving replaces the whole story. */
function storySection(
  { id, csrf, field, general }: NewsForms,
  story: NonNullable<Profile['story']> | null,
  locked: SafeHtml | string,
): SafeHtml {
  return html`<h2 id="story">Founder story</h2>
<p class="muted">In your own words, by section: saving replaces the whole story (an empty section is removed).</p>
${locked}
${general('story')}
<form method="post" action="/account/listings/${String(id)}/story" novalidate>${csrf}
${(Object.keys(STORY_FIELDS) as StorySection[]).map((section) =>
  field('story', `story_${section}`, STORY_LABELS[section], `/${section}`, {
    long: section !== 'title',
    rows: section === 'story' ? 6 : 3,
    max: section === 'title' ? 200 : 8000,
    stored: story?.[section] ?? '',
  }),
)}
<p><button type="submit">Save the story</button></p></form>`;
}

/** The founder interview: one answer per question asked now. */
function interviewSection(
  { id, csrf, field, general }: NewsForms,
  items: InterviewQuestion[],
  answerIndex: (questionId: number) => number,
): SafeHtml {
  return html`<h2 id="interview">Founder interview</h2>
<p class="muted">Your answers show on your founder profile; answering a question again replaces your answer. Leave a question empty to skip it.</p>
${general('interview')}
${
  items.length === 0
    ? html`<p class="muted">No interview questions are asked now.</p>`
    : html`<form method="post" action="/account/listings/${String(id)}/interview" novalidate>${csrf}
${items.map((q) => field('interview', `a_${q.id}`, q.text, `/answers/${answerIndex(q.id)}/answer`, { long: true, rows: 3, max: 4000, hint: q.hint ?? undefined }))}
<p><button type="submit">Save my answers</button></p></form>`
}`;
}

/** The listing's owners, and the invite of a co-founder (from the draft the listing was saved from). */
function ownersSection({ id, csrf, field, general }: NewsForms, owners: string[], yourEmail: string, draft: string | undefined): SafeHtml {
  return html`<h2 id="invite">Owners</h2>
<ul>${owners.map((email) => html`<li>${email}${email === yourEmail ? ' (you)' : ''}</li>`)}</ul>
${general('invite')}
${
  draft
    ? html`<form method="post" action="/account/listings/${String(id)}/invite" novalidate>${csrf}
${field('invite', 'email', 'Invite a co-founder by e-mail', '/email', { type: 'email', max: 254, hint: 'They become an owner of this listing once they accept the link we e-mail them.' })}
<p><button type="submit">Send the invite</button></p></form>`
    : html`<p class="muted">Co-owners are invited from the draft the listing was saved from, by one of its owners; you own no draft of this listing. A verified claim of the listing also makes its claimant an owner.</p>`
}`;
}
