import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import type { AccountRecord } from '../accounts/accounts.js';
import { NotFoundError, ProblemError } from '../errors.js';
import { IMAGE_KINDS, type ImageKind } from '../db/entities/image.js';
import { ImageRefused } from '../images/errors.js';
import { giveListingImage, ownedListingImages } from '../listings/owner-images.js';
import { renderCardPage } from '../web/layout.js';
import { formFile } from '../web/form-body.js';
import { errorBox, noticeBox } from '../web/form-parts.js';
import { signedInCardVisit, type SiteDeps } from './visit.js';

const PAGE = '/account/listings/:id/images';
const pagePath = (id: number) => `/account/listings/${id}/images`;
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif,image/svg+xml';
const LABELS: Record<ImageKind, string> = { logo: 'Logo', screenshot: 'Screenshot' };

interface ImagesPage {
  error?: { kind: ImageKind; message: string };
  saved?: ImageKind;
}

/**
 * An owner's page for a listing's images: the logo and the first screenshot as the directory shows them, and a
 * form to upload each (multipart/form-data, through the form guard like every page form). An upload replaces what
 * the crawler found; it is re-encoded at fixed sizes, and what is not an image is refused with the reason.
 */
export function listingImagesRoutes(router: Router, site: SiteDeps): void {
  router.get(PAGE, async (ctx) => {
    const account = await signedInCardVisit(ctx, site);
    if (!account) return;
    const saved = IMAGE_KINDS.find((kind) => kind === ctx.query.saved);
    await imagesPage(ctx, site, account, listingIdOf(ctx), { saved });
  });

  router.post(PAGE, async (ctx) => {
    const form = site.kit.form(ctx);
    const account = await signedInCardVisit(ctx, site);
    if (!account) return;
    const listingId = listingIdOf(ctx);
    const kind = IMAGE_KINDS.find((k) => k === form.kind) ?? 'logo';
    const file = formFile(ctx, 'image');
    if (!file || file.bytes.byteLength === 0) {
      ctx.status = 400;
      return imagesPage(ctx, site, account, listingId, { error: { kind, message: 'Choose an image file to upload.' } });
    }
    try {
      await giveListingImage(site.services.db, {
        accountId: account.id,
        listingId,
        kind,
        bytes: file.bytes,
        now: site.services.now(),
        publicUrl: site.services.config.publicUrl,
      });
    } catch (error) {
      if (error instanceof NotFoundError) return imagesPage(ctx, site, account, listingId, {});
      if (error instanceof ProblemError && (error.status === 429 || error.status === 503)) {
        // The account's image budget is spent (429), or too many images wait to be decoded (503): nothing was saved.
        ctx.status = error.status;
        ctx.set('Retry-After', error.headers['Retry-After'] ?? '60');
        return imagesPage(ctx, site, account, listingId, { error: { kind, message: error.detail ?? error.title } });
      }
      if (!(error instanceof ImageRefused)) throw error;
      ctx.status = 400;
      return imagesPage(ctx, site, account, listingId, { error: { kind, message: `${file.name || 'The file'}: ${error.message}` } });
    }
    ctx.status = 303;
    ctx.redirect(`${pagePath(listingId)}?saved=${kind}`);
  });
}

/** The listing id of the path; 0 (no listing) when it is not a number. */
function listingIdOf(ctx: Context): number {
  const id = Number(ctx.params.id);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
}

async function imagesPage(ctx: Context, site: SiteDeps, account: AccountRecord, listingId: number, page: ImagesPage): Promise<void> {
  const { db, config } = site.services;
  const listing = await ownedListingImages(db, account.id, listingId, config.publicUrl).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (!listing) {
    ctx.status = 404;
    return renderCardPage(
      ctx,
      'No such listing',
      html`<p class="error" role="alert">You own no listing with that number.</p><p><a href="/account">Back to your account</a></p>`,
      { signedInEmail: account.email },
    );
  }
  const csrfField = site.kit.csrfField(ctx);
  const section = (kind: ImageKind): SafeHtml => {
    const current = listing[kind];
    return html`<h2 id="${kind}">${LABELS[kind]}</h2>
${page.error?.kind === kind ? errorBox(page.error.message) : ''}${page.saved === kind ? noticeBox(`The ${kind} is saved.`) : ''}
${current ? html`<p><img src="${current}" alt="The current ${kind} of ${listing.name}" style="max-width:100%;height:auto"></p>` : html`<p class="muted">No ${kind} yet.</p>`}
<form method="post" action="${pagePath(listingId)}" enctype="multipart/form-data">${csrfField}
<input type="hidden" name="kind" value="${kind}">
<label for="${kind}-file">New ${kind} (PNG, JPEG, WebP, GIF, AVIF or SVG, at most 5 MB and 25 million pixels)</label>
<input type="file" id="${kind}-file" name="image" accept="${ACCEPT}" required>
<button type="submit">Upload the ${kind}</button>
</form>`;
  };
  renderCardPage(
    ctx,
    `Images of ${listing.name}`,
    html`<p>The directory shows these on <a href="/listings/${listing.slug}">the listing's page</a> and in lists. Every image is re-encoded at fixed sizes (logo 256 × 256, screenshot at most 1280 wide); an upload replaces what was found on your site.</p>
<p><a href="/account/listings/${listingId}/stats">Statistics of the listing</a>: views, clicks, votes and the sites showing its badge.</p>
${section('logo')}${section('screenshot')}`,
    { signedInEmail: account.email },
  );
}
