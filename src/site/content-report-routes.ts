/** The listing page's report forms for reviews and comments: filing a person's report and coming back to the section. */
import type Router from '@koa/router';
import { ProblemError } from '../errors.js';
import { fileContentReport } from '../moderation/reports.js';
import type { ContentKind } from '../moderation/content-moderation.js';
import type { RefusedOnPage } from './listing-section.js';
import { type SiteDeps, visit } from './visit.js';

/** How each kind of content is named in its element's id and its report form's name (review-12, report-r12). */
const MARKS: Record<ContentKind, string> = { review: 'r', comment: 'c' };

/**
 * POST /listings/{slug}/reviews/{id}/report and /listings/{slug}/comments/{id}/report: a signed-in person reports a
 * review or comment shown on the listing page (fields reason and details; one open report per person and target).
 * Signed-out people go to sign in; a filed report comes back to the review or comment, which then shows as reported;
 * refusals (400, 404, 429) draw the page again with the report form as typed and the refusal in it.
 */
export function contentReportRoutes(router: Router, site: SiteDeps, refusedOnPage: RefusedOnPage): void {
  for (const kind of ['review', 'comment'] as const) {
    router.post(`/listings/:slug/${kind}s/:id/report`, async (ctx) => {
      const slug = ctx.params.slug ?? '';
      const back = `/listings/${slug}`;
      const { account } = await visit(ctx, site);
      const id = /^[1-9]\d{0,9}$/.test(ctx.params.id ?? '') ? (ctx.params.id as string) : '';
      const here = id ? `${kind}-${id}` : kind === 'review' ? 'reviews' : 'discussion';
      if (!account) return ctx.redirect(site.kit.signInPath(`${back}#${here}`));
      const form = site.kit.form(ctx);
      let filed: boolean;
      try {
        ({ filed } = await fileContentReport(site.services.db, {
          slug,
          targetType: kind,
          targetId: ctx.params.id ?? '',
          reporterId: account.id,
          reason: form.reason,
          details: form.details,
          now: site.services.now(),
        }));
      } catch (error) {
        if (!(error instanceof ProblemError)) throw error;
        const values = { reason: form.reason ?? '', details: form.details ?? '' };
        return refusedOnPage(ctx, { form: `report-${MARKS[kind]}${id}`, values, problem: error });
      }
      ctx.status = 303;
      ctx.redirect(`${back}?done=${kind}-${filed ? 'report' : 'reported'}#${here}`);
    });
  }
}
