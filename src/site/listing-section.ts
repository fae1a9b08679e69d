import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { ListingProfile } from '../catalogue/listing-profile.js';
import type { ProblemError } from '../errors.js';
import type { OpenReports } from '../moderation/reports.js';
import { html, type SafeHtml } from '../text/html.js';
import type { SiteDeps } from './visit.js';

/**
 * A form of the listing page the rules refused: which form (`review`, `comment`, `reply-{id}`, `report`,
 * `report-r{id}`, `report-c{id}`, `vote`), what was typed, and the refusal. The page is drawn again with the form
 * holding what was typed and each message beside its field.
 */
export interface TypedForm {
  form: string;
  values: Record<string, string>;
  problem: ProblemError;
}

/** What a section of the listing page (reviews, discussion) is given to render itself. */
export interface ListingSectionView {
  ctx: Context;
  site: SiteDeps;
  listing: ListingProfile;
  /** The signed-in person, if any. */
  account: AccountRecord | undefined;
  /** The CSRF field for the person's forms (undefined when nobody is signed in). */
  csrf: SafeHtml | undefined;
  /** What the person just did (`?done=`), said beside what changed. */
  done: string | undefined;
  /** A refused form, drawn again as it was typed. */
  typed?: TypedForm;
  /** What the signed-in person reported here and is still open (shown as reported). */
  reported?: OpenReports;
}

/** Draws the listing page again, answering a refused form (its status set from the problem). */
export type RefusedOnPage = (ctx: Context, typed: TypedForm) => Promise<void>;

/** The refusal's words about one field (`/body`), beside that field. */
export function fieldProblem(typed: TypedForm | undefined, form: string, field: string, id: string): SafeHtml {
  if (typed?.form !== form) return html``;
  const messages = (typed.problem.errors ?? []).filter((e) => e.path === `/${field}`).map((e) => e.message);
  return messages.length ? html`<p class="field-error" id="${id}">${messages.join(' ')}</p>` : html``;
}

/** The attributes of a field the refusal is about: marked invalid and described by its message. */
export function invalidField(typed: TypedForm | undefined, form: string, field: string, id: string): SafeHtml {
  return typed?.form === form && typed.problem.errors?.some((e) => e.path === `/${field}`)
    ? html` aria-invalid="true" aria-describedby="${id}"`
    : html``;
}

/**
 * The refusal's words at the top of its form: a pointer to the messages beside the fields, or what the refusal says
 * when it is about no field of the form (a rate limit, a state, a hidden field), with its messages.
 */
export function formProblem(typed: TypedForm | undefined, form: string, fields: readonly string[]): SafeHtml {
  if (typed?.form !== form) return html``;
  const errors = typed.problem.errors ?? [];
  if (errors.some((e) => fields.includes(e.path.slice(1))))
    return html`<p class="error" role="alert">Not saved: see the message beside the field.</p>`;
  const messages = errors.map((e) => e.message);
  return html`<div class="error" role="alert"><p style="margin:0">${messages.length ? messages.join(' ') : (typed.problem.detail ?? typed.problem.title)}</p></div>`;
}

/** A notice saying what the person just did, where they look: `notices` are the ones this place shows. */
export function doneNotice(done: string | undefined, notices: Record<string, string>): SafeHtml {
  return done && Object.hasOwn(notices, done) ? html`<p class="notice" role="status">${notices[done]}</p>` : html``;
}
