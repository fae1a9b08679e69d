import { html, type SafeHtml } from '../text/html.js';
import { REPORT_DETAILS_MAX } from '../moderation/reports.js';

const REPORT_REASON_CHOICES = [
  ['spam', 'Spam'],
  ['abuse', 'Abusive or offensive'],
  ['misleading', 'Misleading or false'],
  ['other', 'Something else'],
] as const;

/**
 * Reporting something (a listing, a review, a comment) to the moderators, folded away until opened (no script): a
 * POST form with fields `reason` and `details` to `action`. `idSuffix` keeps the field ids unique when one page holds
 * several forms.
 */
export function reportForm(csrf: SafeHtml, action: string, summary: string, idSuffix = ''): SafeHtml {
  const reasonId = `report-reason${idSuffix}`;
  const detailsId = `report-details${idSuffix}`;
  return html`<details class="report"><summary>${summary}</summary><form method="post" action="${action}">${csrf}<p><label for="${reasonId}">What is wrong</label><br><select id="${reasonId}" name="reason" required>${REPORT_REASON_CHOICES.map(([value, text]) => html`<option value="${value}">${text}</option>`)}</select></p><p><label for="${detailsId}">Details (optional)</label><br><textarea id="${detailsId}" name="details" rows="4" cols="60" maxlength="${REPORT_DETAILS_MAX}"></textarea></p><button type="submit" class="secondary">Send the report</button></form></details>`;
}
