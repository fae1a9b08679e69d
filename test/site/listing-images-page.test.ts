/** The owner's upload form for a listing's images: signed in, multipart, CSRF through the form guard. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../support/browser.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { signedInBrowser, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';
import { htmlAsPng, plainPng } from '../images/hostile-images.js';

let t: PagesApp;
let owner: Awaited<ReturnType<typeof signedInBrowser>>;
let listingId: number;
const page = () => `${t.url}/account/listings/${listingId}/images`;

beforeAll(async () => {
  t = await startPagesApp();
  owner = await signedInBrowser(t);
  listingId = await insertListing(t.db, { slug: 'uploaded', category_id: await insertCategory(t.db) });
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2)', [listingId, owner.id]);
});
afterAll(() => t?.close());

/** Posts the upload form as a browser does (multipart/form-data), with the browser's cookies. */
async function upload(browser: TestBrowser, fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('image', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const cookie = (browser as unknown as { cookieHeader(url: string): string }).cookieHeader(page());
  const answer = await fetch(page(), { method: 'POST', body: form, redirect: 'manual', headers: { cookie } });
  return {
    status: answer.status,
    location: answer.headers.get('location'),
    retryAfter: answer.headers.get('retry-after'),
    text: await answer.text(),
  };
}

const logoUrl = async () => ((await (await fetch(`${t.url}/api/v1/listings/uploaded`)).json()) as { logo_url: string | null }).logo_url;

describe('the listing images page', () => {
  it('sends a visitor who is not signed in to sign in', async () => {
    const answer = await new TestBrowser().get(page(), { follow: false });
    expect(answer.status).toBe(303);
    expect(answer.location).toContain('/signin');
  });

  it('takes an upload from the signed-in owner and shows it from our origin', async () => {
    const form = await owner.browser.get(page());
    expect(form.status).toBe(200);
    expect(form.text).toContain('enctype="multipart/form-data"');
    const answer = await upload(
      owner.browser,
      { csrf: form.field('csrf'), kind: 'logo' },
      { name: 'logo.png', type: 'image/png', bytes: await plainPng(120, 80) },
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/account/listings/${listingId}/images?saved=logo`);
    const logo = await logoUrl();
    expect(logo).toMatch(new RegExp(`^${t.url}/images/[0-9a-f]{64}\\.webp$`));
    const after = await owner.browser.get(`${page()}?saved=logo`);
    expect(after.text).toContain('The logo is saved.');
    expect(after.text).toContain(`src="${logo}"`);
  });

  it('refuses an upload without the CSRF token, changing nothing', async () => {
    const before = await logoUrl();
    const answer = await upload(
      owner.browser,
      { kind: 'logo' },
      { name: 'other.png', type: 'image/png', bytes: await plainPng(64, 64, '#000000') },
    );
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('Nothing was changed');
    expect(await logoUrl()).toBe(before);
  });

  it('refuses a file that is not an image, with a clear message', async () => {
    const form = await owner.browser.get(page());
    const answer = await upload(
      owner.browser,
      { csrf: form.field('csrf'), kind: 'screenshot' },
      { name: 'shot.png', type: 'image/png', bytes: htmlAsPng },
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/shot\.png: The (file is not an image we accept|image could not be read)/);
  });

  it("answers 404 for another account's listing", async () => {
    const stranger = await signedInBrowser(t);
    const form = await stranger.browser.get(page());
    expect(form.status).toBe(404);
    const csrf = (await stranger.browser.get(`${t.url}/account/api-keys`)).field('csrf');
    const answer = await upload(
      stranger.browser,
      { csrf, kind: 'logo' },
      { name: 'logo.png', type: 'image/png', bytes: await plainPng(40, 40) },
    );
    expect(answer.status).toBe(404);
  });

  it("refuses uploads beyond the account's hourly budget with a message beside the field, 429 and Retry-After", async () => {
    const form = await owner.browser.get(page());
    const send = () =>
      upload(owner.browser, { csrf: form.field('csrf'), kind: 'screenshot' }, { name: 'shot.png', type: 'image/png', bytes: htmlAsPng });
    // The uploads above counted too, the refused one among them: every image sent costs its decode.
    let answer = await send();
    for (let sent = 1; answer.status === 400 && sent < 25; sent++) answer = await send();
    expect(answer.status).toBe(429);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    const section = answer.text.slice(answer.text.indexOf('id="screenshot"'), answer.text.indexOf('id="screenshot-file"'));
    expect(section).toMatch(/At most 20 listing images an hour per account\. Try again in \d+ seconds\./);
  });
});
