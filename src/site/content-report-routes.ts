/** The listing page's report forms for reviews and comments: filing a person's report and coming back to the section. */
import type Router from '@koa/router';
import { ProblemError } from '../errors.js';
import { fileContentReport } from '../moderation/reports.js';
import type { ContentKind } from '../moderation/content-moderation.js';
import { refused } from './refused-page.js';
import { type SiteDeps, visit } from './visit.js';

/** Where on the listing page each kind of content is shown (the anchor a report comes back to). */
const SECTIONS: Record<ContentKind, string> = { review: 'reviews', comment: 'discussion' };

/**
 * POST /listings/{slug}/reviews/{id}/report and /listings/{slug}/comments/{id}/report: a signed-in person reports a
 * review or comment shown on the listing page (fields reason and details; one open report per person and target).
 * Signed-out people go to sign in; refusals (400, 404, 429) are shown with the way back.
 */
export function contentReportRoutes(router: Router, site: SiteDeps): void {
  for (const kind of ['review', 'comment'] as const) {
    router.post(`/listings/:slug/${kind}s/:id/report`, async (ctx) => {
      const slug = ctx.params.slug ?? '';
      const back = `/listings/${slug}`;
      const { env, account } = await visit(ctx, site);
      if (!account) return ctx.redirect(site.kit.signInPath(back));
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
        return refused(ctx, env, account, error);
      }
      ctx.status = 303;
      ctx.redirect(`${back}?done=${filed ? 'report' : 'reported'}#${SECTIONS[kind]}`);
    });
  }
}
