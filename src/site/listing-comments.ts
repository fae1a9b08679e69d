import type Router from '@koa/router';
import { html, type SafeHtml } from '../text/html.js';
import type { ListingSectionView } from './listing-section.js';
import type { SiteDeps } from './visit.js';

/** Flash messages of the comment forms, by the `done` value they redirect back with. */
export const COMMENT_FLASH: Record<string, string> = {};

/** The listing page's discussion: the thread and the comment form. */
export async function commentsSection(_view: ListingSectionView): Promise<SafeHtml> {
  return html``;
}

/** POST routes of the comment forms. */
export function commentRoutes(_router: Router, _site: SiteDeps): void {}
