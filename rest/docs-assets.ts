import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Middleware } from 'koa';
import { DOCS_INITIALIZER, DOCS_STYLES } from './docs-initializer.js';
import { codedEtag } from '../src/web/content-encoding.js';
import { namesEtag, strongEtag } from '../src/web/etag.js';

/** Where the API reference's static files are served: only the names of ASSETS, nothing else below it. */
export const ASSETS_PATH = '/docs/assets/';

/** The installed swagger-ui-dist (package.json: dependencies). */
const swaggerUiDir = path.dirname(fileURLToPath(import.meta.resolve('swagger-ui-dist/package.json')));

/** The page's script policy for the files that are HTML: their own scripts, from this site only. */
const ASSETS_HTML_POLICY = "default-src 'none'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

interface Asset {
  type: string;
  /** A file of the installed swagger-ui-dist package, or the text itself. */
  source: { file: string } | { text: string };
}

/** The allow-list: the files of swagger-ui-dist the reference needs (no standalone preset: no top bar loading other URLs). */
const ASSETS = {
  'swagger-ui-bundle.js': { type: 'application/javascript; charset=utf-8', source: { file: 'swagger-ui-bundle.js' } },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', source: { file: 'swagger-ui.css' } },
  'oauth2-redirect.html': { type: 'text/html; charset=utf-8', source: { file: 'oauth2-redirect.html' } },
  'oauth2-redirect.js': { type: 'application/javascript; charset=utf-8', source: { file: 'oauth2-redirect.js' } },
  'docs.js': { type: 'application/javascript; charset=utf-8', source: { text: DOCS_INITIALIZER } },
  'docs.css': { type: 'text/css; charset=utf-8', source: { text: DOCS_STYLES } },
} satisfies Record<string, Asset>;

type AssetName = keyof typeof ASSETS;

interface Loaded {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The files are read (and compressed) on first use and kept: the bundle is 1.7 MB, 0.5 MB gzipped. */
const loaded = new Map<string, Promise<Loaded>>();

async function load(name: AssetName): Promise<Loaded> {
  const { source }: Asset = ASSETS[name];
  const body = 'file' in source ? await readFile(path.join(swaggerUiDir, source.file)) : Buffer.from(source.text);
  return { body, gzip: gzipSync(body, { level: 9 }), etag: strongEtag(body, 16) };
}

/**
 * The address of an asset, versioned by its content (the installed package's version for its files), so
 * that it can be cached for a year: a new version of swagger-ui-dist or of the initializer is a new address.
 */
export function assetUrl(name: AssetName): string {
  const { source }: Asset = ASSETS[name];
  const version = 'file' in source ? SWAGGER_UI_VERSION : strongEtag(source.text, 16).slice(1, -1);
  return `${ASSETS_PATH}${name}?v=${version}`;
}

const SWAGGER_UI_VERSION = (JSON.parse(readFileSync(path.join(swaggerUiDir, 'package.json'), 'utf8')) as { version: string }).version;

/** GET/HEAD /docs/assets/<name> for the names of the allow-list; anything else under it is 404. */
export function docsAssets(): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(ASSETS_PATH) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const name = ctx.path.slice(ASSETS_PATH.length) as AssetName;
    if (!Object.hasOwn(ASSETS, name)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    let file = loaded.get(name);
    if (!file) {
      file = load(name);
      loaded.set(name, file);
    }
    const { body, gzip, etag } = await file;
    // Each representation its own validator (RFC 9110 §8.8.3): the gzipped one is another body.
    const coding = ctx.acceptsEncodings('gzip', 'identity') === 'gzip' ? 'gzip' : undefined;
    const tag = codedEtag(etag, coding);
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('ETag', tag);
    ctx.set('Vary', 'Accept-Encoding');
    if (ASSETS[name].type.startsWith('text/html')) ctx.set('Content-Security-Policy', ASSETS_HTML_POLICY);
    ctx.type = ASSETS[name].type;
    if (namesEtag(ctx.get('If-None-Match'), tag)) {
      ctx.status = 304;
      return;
    }
    if (coding) ctx.set('Content-Encoding', coding);
    ctx.body = coding ? gzip : body;
  };
}
