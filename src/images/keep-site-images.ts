/**
 * A crawled product's own images become its listing's logo and first screenshot: the icon and the Open Graph
 * image its home page names, fetched through the address guard, processed and kept. What an owner gave is
 * never replaced by what the crawler found.
 */
import type { Database } from '../db/database.js';
import type { ImageKind } from '../db/entities/image.js';
import type { CrawledPage } from '../crawler/crawled-page.js';
import { ImageRefused } from './errors.js';
import { fetchImage, type ImageFetchOptions } from './fetch-image.js';
import { keepListingImage, keptImageSource } from './image-store.js';
import { processImage } from './process.js';
import { findSiteImageLinks } from './site-images.js';

/** The job that keeps a submitted listing's site images: { listingId, draftId }. */
export const KEEP_SITE_IMAGES_JOB = 'keep_site_images';

/** Candidates tried per kind: a site naming many broken icons costs a few requests at most. */
const TRIES = 3;

export interface SiteImageDeps {
  db: Database;
  now: () => Date;
  fetch: ImageFetchOptions;
}

/**
 * Keeps the logo and the first screenshot the home page names (`extraLogo`: a logo address the drafter found,
 * tried after the icons). Answers the kinds kept, and why the others were not.
 */
export async function keepSiteImages(
  deps: SiteImageDeps,
  listingId: number,
  home: Pick<CrawledPage, 'url' | 'html'>,
  extraLogo?: string | null,
): Promise<{ kept: ImageKind[]; refused: string[] }> {
  const links = findSiteImageLinks(home);
  const candidates: Record<ImageKind, string[]> = {
    logo: [...new Set([...links.icons, ...(extraLogo ? [extraLogo] : []), ...(links.favicon ? [links.favicon] : [])])],
    screenshot: links.screenshots,
  };
  const kept: ImageKind[] = [];
  const refused: string[] = [];
  for (const kind of ['logo', 'screenshot'] as const) {
    if ((await keptImageSource(deps.db, listingId, kind)) === 'owner') continue;
    for (const url of candidates[kind].slice(0, TRIES)) {
      try {
        // A job: it waits its turn at the decode gate (the job queue bounds how many run).
        const image = await processImage(await fetchImage(url, deps.fetch), kind, { background: true });
        await keepListingImage(deps.db, { listingId, kind, image, source: 'crawler', sourceUrl: url, now: deps.now() });
        kept.push(kind);
        break;
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        refused.push(`${url}: ${error.message}`);
      }
    }
  }
  return { kept, refused };
}
