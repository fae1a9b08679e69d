import type { Middleware } from 'koa';
import { answerImage, answerNoImage } from './image-answer.js';
import type { Services } from '../services.js';
import { SLUG_PATTERN } from '../schema.js';
import { WEEK_SPEC } from '../catalogue/weeks.js';
import { ProblemError } from '../errors.js';
import type { CardCache } from '../cards/card-cache.js';
import { type CardSubject, socialCard } from '../cards/cards.js';

/** /cards/listings/{slug}.png, /cards/weeks/{Monday}.png, /cards/awards/{week}/{rank}.png, /cards/blog/{slug}.png */
const CARD_PATH = /^\/cards\/(?:listings\/([^/]+)|weeks\/([^/]+)|awards\/([^/]+)\/([123])|blog\/([^/]+))\.png$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function subjectOf(path: string): CardSubject | undefined {
  const match = CARD_PATH.exec(path);
  if (!match) return undefined;
  const [, listing, week, awardWeek, rank, blog] = match;
  const isWeek = (value: string) => DATE.test(value) && WEEK_SPEC.test(value);
  if (listing !== undefined) return SLUG_PATTERN.test(listing) ? { kind: 'listing', slug: listing } : undefined;
  if (week !== undefined) return isWeek(week) ? { kind: 'week', start: week } : undefined;
  if (awardWeek !== undefined) return isWeek(awardWeek) ? { kind: 'award', week: awardWeek, rank: Number(rank) } : undefined;
  return SLUG_PATTERN.test(blog) ? { kind: 'blog', slug: blog } : undefined;
}

/**
 * Serves the social cards (Open Graph images, 1200 × 630 PNG) the pages name in og:image. A card follows its object:
 * it is cacheable for ten minutes and carries an ETag (the hash of what it shows), so a changed object is seen on
 * the next revalidation. Unknown objects, hidden or unpublished listings and unpublished posts have none (404).
 */
export function socialCards(services: Services, cache: CardCache): Middleware {
  const deps = { db: services.db, publicUrl: services.config.publicUrl, now: services.now, signAward: services.signAward, cache };
  return async (ctx, next) => {
    if (!(ctx.method === 'GET' || ctx.method === 'HEAD') || !ctx.path.startsWith('/cards/')) return next();
    const subject = subjectOf(ctx.path);
    let card: Awaited<ReturnType<typeof socialCard>>;
    try {
      card = subject && (await socialCard(deps, subject));
    } catch (error) {
      // A week out of the supported years, say: no such card.
      if (!(error instanceof ProblemError)) throw error;
    }
    if (!card) return answerNoImage(ctx, 'No such card.');
    answerImage(ctx, { type: 'image/png', bytes: card.png, etag: card.key, cacheControl: 'public, max-age=600' });
  };
}
