import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

/**
 * The listing page's screenshots: images the service keeps (its own origin) as a gallery, sized, described and
 * lazily loaded; anything elsewhere only as a link, never loaded from another site.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('the screenshot gallery of a listing page', () => {
  it('shows our images with size and alt text (the first at once, the rest lazily); links the others', async () => {
    const category = await insertCategory(t.db);
    const id = await insertListing(t.db, { category_id: category, status: 'live', unlocked_sections: ['media'] });
    const own = `${t.url}/images/${'a'.repeat(64)}.webp`;
    await t.db.query(
      `INSERT INTO listing_media (listing_id, kind, url, caption, position) VALUES
       ($1, 'image', $2, 'The dashboard', 0), ($1, 'image', 'https://elsewhere.example/shot.png', 'Elsewhere', 1),
       ($1, 'video', 'https://video.example/demo', NULL, 2)`,
      [id, own],
    );
    // The listing's profile document is rebuilt by its trigger; touch the listing to be sure.
    await t.db.query('UPDATE listings SET tagline = tagline WHERE id = $1', [id]);
    const { slug } = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]))!;
    const text = await (await fetch(`${t.url}/listings/${slug}`)).text();
    const gallery = text.slice(text.indexOf('<ul class="gallery">'));
    expect(gallery).toContain(`<img src="${own}" alt="The dashboard" width="640" height="400" decoding="async">`);
    expect(text).not.toContain('<img src="https://elsewhere.example');
    expect(text).toContain('<a href="https://elsewhere.example/shot.png" rel="nofollow noopener">Elsewhere</a>');
    expect(text).toContain('<a href="https://video.example/demo" rel="nofollow noopener">Video</a>');
  });
});
