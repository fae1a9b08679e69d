import type { Context, Middleware } from 'koa';
import { SERVER_CARD_PATH, SERVER_CARD_TYPE, type ServerCard } from './server-card.js';
import { SERVER_INFO } from './server-info.js';
import { namesEtag, strongEtag } from '../web/etag.js';

/** The domain's AI Catalog, which the Server Card draft has clients read first to find the card. */
const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';
const AI_CATALOG_TYPE = 'application/ai-catalog+json';

/** The draft's caching advice: an hour, revalidated with the ETag. */
const CACHE_CONTROL = 'public, max-age=3600';

interface Document {
  body: string;
  etag: string;
}

/**
 * The Server Card at /mcp/server-card and the AI Catalog naming it at /.well-known/ai-catalog.json, both public
 * JSON (CORS for any origin, as the draft requires, with the ETag readable: src/web/cors.ts), cached for an hour and revalidated by
 * ETag (304 on If-None-Match). The card is made on the first request and kept (the tools it lists are fixed at
 * start-up) until the site's name, its title, changes in the settings. Any other path is passed on.
 */
export function serverCardRoutes(options: {
  publicUrl: string;
  siteName: () => string | Promise<string>;
  card: (siteName: string) => Promise<ServerCard>;
}): Middleware {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  let card: Promise<Document> | undefined;
  let cardSiteName: string | undefined;
  const catalog = document(aiCatalog(publicUrl));
  return async (ctx, next) => {
    if (ctx.path !== SERVER_CARD_PATH && ctx.path !== AI_CATALOG_PATH) return next();
    // CORS (any origin, ETag readable, preflights) is the shared cors() middleware's, mounted before this.
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD, OPTIONS');
      return;
    }
    if (ctx.path === AI_CATALOG_PATH) return answer(ctx, catalog, AI_CATALOG_TYPE);
    const siteName = await options.siteName();
    if (siteName !== cardSiteName) card = undefined;
    cardSiteName = siteName;
    card ??= options.card(siteName).then((value) => document(value));
    // A failure is not kept: the next request tries again.
    const made = await card.catch((error: unknown) => {
      card = undefined;
      throw error;
    });
    // The card's own media type, or plain JSON for a client that accepts only that.
    ctx.vary('Accept');
    answer(ctx, made, ctx.accepts(SERVER_CARD_TYPE, 'application/json') === 'application/json' ? 'application/json' : SERVER_CARD_TYPE);
  };
}

function answer(ctx: Context, made: Document, type: string): void {
  ctx.status = 200;
  ctx.set({ ETag: made.etag, 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' });
  if (namesEtag(ctx.get('If-None-Match'), made.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.set('Content-Type', type); // as it is: Koa would add a charset
  ctx.body = made.body;
}

function document(value: unknown): Document {
  const body = `${JSON.stringify(value, null, 2)}\n`;
  return { body, etag: strongEtag(body, 27) };
}

/** The catalog's one entry: this server's card, with the draft's domain-anchored identifier. */
function aiCatalog(publicUrl: string) {
  const host = new URL(publicUrl).hostname;
  return {
    specVersion: '1.0',
    entries: [
      {
        identifier: `urn:air:${host}:mcp:${SERVER_INFO.name}`,
        type: SERVER_CARD_TYPE,
        url: `${publicUrl}${SERVER_CARD_PATH}`,
      },
    ],
  };
}
