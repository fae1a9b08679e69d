import { html, type SafeHtml } from '../text/html.js';
import { REPORT_DETAILS_MAX } from '../moderation/reports.js';
import { fieldProblem, formProblem, invalidField, type TypedForm } from './listing-section.js';

const REPORT_REASON_CHOICES = [
  ['spam', 'Spam'],
  ['abuse', 'Abusive or offensive'],
  ['misleading', 'Misleading or false'],
  ['other', 'Something else'],
] as const;

/**
 * Reporting something (a listing, a review, a comment) to the moderators, folded away until opened (no script): a
 * POST form with fields `reason` (chosen by the person: none is preset) and `details` to `action`. `form` names the
 * form (`report`, `report-r12`…): its field ids, and the refusal it shows again open with what was typed.
 */
export function reportForm(csrf: SafeHtml, action: string, summary: string, form: string, typed?: TypedForm): SafeHtml {
  const reasonId = `${form}-reason`;
  const detailsId = `${form}-details`;
  const mine = typed?.form === form ? typed.values : undefined;
  return html`<details class="report"${mine ? html` open` : ''}><summary>${summary}</summary><form method="post" action="${action}">${csrf}${formProblem(typed, form, ['reason', 'details'])}<p><label for="${reasonId}">What is wrong</label><br><select id="${reasonId}" name="reason" required${invalidField(typed, form, 'reason', `${reasonId}-problem`)}><option value="">Choose a reason</option>${REPORT_REASON_CHOICES.map(([value, text]) => html`<option value="${value}"${mine?.reason === value ? html` selected` : ''}>${text}</option>`)}</select></p>${fieldProblem(typed, form, 'reason', `${reasonId}-problem`)}<p><label for="${detailsId}">Details (optional)</label><br><textarea id="${detailsId}" name="details" rows="4" cols="60" maxlength="${REPORT_DETAILS_MAX}"${invalidField(typed, form, 'details', `${detailsId}-problem`)}>${mine?.details ?? ''}</textarea></p>${fieldProblem(typed, form, 'details', `${detailsId}-problem`)}<button type="submit" class="secondary">Send the report</button></form></details>`;
}

/** In place of the report form once the person reported it: the site team has it. */
export const reportedNote = (what: string) => html`<p class="muted reported">You reported this ${what}; the site team will look at it.</p>`;

/**
 * In place of the report forms for a person whose address is not confirmed (reports come from confirmed accounts
 * only): once for the listing ("this listing"), and once above a section's reviews or comments ("a review"), not under
 * each of them.
 */
export const confirmToReport = (what: string) =>
  html`<p class="muted">Confirm your e-mail address to report ${what}: reports come from people with a confirmed address. <a href="/account">Your account</a></p>`;
