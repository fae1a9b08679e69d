import type Router from '@koa/router';
import { html, type SafeHtml } from '../text/html.js';
import type { ListingSectionView } from './listing-section.js';
import type { SiteDeps } from './visit.js';

/** Flash messages of the review forms, by the `done` value they redirect back with. */
export const REVIEW_FLASH: Record<string, string> = {};

/** The listing page's reviews: the genuine rule, the person's own review form, the reviews. */
export async function reviewsSection(_view: ListingSectionView): Promise<SafeHtml> {
  return html``;
}

/** POST routes of the review forms. */
export function reviewRoutes(_router: Router, _site: SiteDeps): void {}
