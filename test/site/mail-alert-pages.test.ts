import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../support/browser.js';
import { signedInBrowser, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';
import { insertCategory, insertListing, insertLiveListing } from '../support/fixtures.js';
import { exportAccount } from '../../src/accounts/account-export.js';

/**
 * The page buttons of issue 53, without JavaScript: "Get new launches by mail" on a category's page and "Notify me at
 * launch" on an upcoming listing's; signed out, to sign in and back; an unconfirmed address is told beside the
 * button; a confirmed one subscribes at once, and a second press stops it.
 */
let t: PagesApp;

beforeAll(async () => {
  t = await startPagesApp(new Date('2026-11-25T12:00:00Z'));
}, 60_000);
afterAll(() => t?.close());

let made = 0;
const newCategory = async () => {
  const id = await insertCategory(t.db, { name: `Note <Apps> ${++made}` });
  return { id, slug: (await t.db.one<{ slug: string }>('SELECT slug FROM categories WHERE id = $1', [id]))!.slug };
};
const box = (text: string) => text.slice(text.indexOf('<div class="act mail-box" id="mail">'), text.indexOf('Atom feed</a>'));
const act = (text: string) => text.slice(text.indexOf('<div class="act" id="act">'), text.indexOf('<ul class="facts"'));
const rows = (topic: string, subject: number) =>
  t.db.query(
    'SELECT email, account_id, cadence, confirmed_at IS NOT NULL AS confirmed FROM mail_subscriptions WHERE topic = $1 AND subject_id = $2',
    [topic, subject],
  );

describe("a category's new launches by mail", () => {
  it('signed out: a link to sign in that comes back to the button; a post without its token is refused', async () => {
    const category = await newCategory();
    const page = await new TestBrowser().get(`${t.url}/categories/${category.slug}`);
    expect(box(page.text)).toContain(
      `<a class="button-link" href="/signin?return_to=/categories/${category.slug}%23mail">Get new launches by mail</a>`,
    );
    const post = await fetch(`${t.url}/categories/${category.slug}/mail`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    expect(post.status).toBe(403);
    expect(await rows('category', category.id)).toEqual([]);
  });

  it('an unconfirmed address is told beside the button to confirm it first, and nothing is subscribed', async () => {
    const category = await newCategory();
    const { browser } = await signedInBrowser(t, { verified: false });
    const page = await browser.get(`${t.url}/categories/${category.slug}`);
    const refused = await browser.post(`${t.url}/categories/${category.slug}/mail`, { csrf: page.field('csrf') });
    expect(refused.status).toBe(403);
    expect(box(refused.text)).toContain('Confirm your e-mail address first');
    expect(box(refused.text)).toContain('Get new launches by mail');
    expect(await rows('category', category.id)).toEqual([]);
  });

  it('a confirmed address follows at once (daily, confirmed, its account) and the second press stops it', async () => {
    const category = await newCategory();
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/categories/${category.slug}`);
    const on = await person.browser.post(`${t.url}/categories/${category.slug}/mail`, { csrf: page.field('csrf') }, { follow: false });
    expect(on.location).toBe(`/categories/${category.slug}?done=mail-on#mail`);
    expect(await rows('category', category.id)).toEqual([
      { email: person.email, account_id: person.id, cadence: 'daily', confirmed: true },
    ]);
    const following = await person.browser.get(`${t.url}${on.location}`);
    expect(box(following.text)).toContain('Following by mail: one mail a day with the new launches of this category');
    expect(box(following.text)).toContain(`action="/categories/${category.slug}/unmail#mail"`);
    expect(box(following.text)).toContain('Following by mail<span class="sr">; stop</span>');
    const off = await person.browser.post(`${t.url}/categories/${category.slug}/unmail`, { csrf: following.field('csrf') });
    expect(box(off.text)).toContain('You no longer get the new launches of this category by mail.');
    expect(box(off.text)).toContain('Get new launches by mail');
    expect(await rows('category', category.id)).toEqual([]);
  });
});

describe('notify me at launch', () => {
  const upcoming = async () => {
    const category = await insertCategory(t.db);
    const id = await insertListing(t.db, { category_id: category, status: 'scheduled', launch_week: '2026-12-07' });
    return { id, slug: (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]))!.slug };
  };

  it('is offered on an upcoming listing only; signed out, as a link to sign in and come back', async () => {
    const soon = await upcoming();
    const page = await new TestBrowser().get(`${t.url}/listings/${soon.slug}`);
    expect(act(page.text)).toContain(
      `<a class="button-link" href="/signin?return_to=/listings/${soon.slug}%23act">Notify me at launch</a>`,
    );
    const live = await insertLiveListing(t.db, await insertCategory(t.db));
    const person = await signedInBrowser(t);
    expect((await person.browser.get(`${t.url}/listings/${live.slug}`)).text).not.toContain('Notify me at launch');
    expect((await new TestBrowser().get(`${t.url}/listings/${live.slug}`)).text).not.toContain('Notify me at launch');
  });

  it('an unconfirmed address is told beside the button; a confirmed one is notified once, and the second press cancels', async () => {
    const soon = await upcoming();
    const unconfirmed = await signedInBrowser(t, { verified: false });
    const first = await unconfirmed.browser.get(`${t.url}/listings/${soon.slug}`);
    const refused = await unconfirmed.browser.post(`${t.url}/listings/${soon.slug}/notify`, { csrf: first.field('csrf') });
    expect(refused.status).toBe(403);
    expect(act(refused.text)).toContain('Confirm your e-mail address first');
    expect(await rows('launch', soon.id)).toEqual([]);

    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/listings/${soon.slug}`);
    expect(act(page.text)).toContain('Notify me at launch</button>');
    const on = await person.browser.post(`${t.url}/listings/${soon.slug}/notify`, { csrf: page.field('csrf') }, { follow: false });
    expect(on.location).toBe(`/listings/${soon.slug}?done=notify#act`);
    expect(await rows('launch', soon.id)).toEqual([{ email: person.email, account_id: person.id, cadence: 'once', confirmed: true }]);
    const notifying = await person.browser.get(`${t.url}${on.location}`);
    expect(act(notifying.text)).toContain('<p class="notice" role="status">We will mail you once, when it launches.</p>');
    expect(act(notifying.text)).toContain(`action="/listings/${soon.slug}/unnotify#act"`);
    const off = await person.browser.post(`${t.url}/listings/${soon.slug}/unnotify`, { csrf: notifying.field('csrf') });
    expect(act(off.text)).toContain('You will not be mailed when it launches.');
    expect(act(off.text)).toContain('Notify me at launch</button>');
    expect(await rows('launch', soon.id)).toEqual([]);
  });

  it("both kinds are in the person's export_my_data, with what they are about", async () => {
    const soon = await upcoming();
    const category = await newCategory();
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/listings/${soon.slug}`);
    await person.browser.post(`${t.url}/listings/${soon.slug}/notify`, { csrf: page.field('csrf') });
    await person.browser.post(`${t.url}/categories/${category.slug}/mail`, { csrf: page.field('csrf') });
    const document = await exportAccount(t.db, person.id, new Date());
    const kinds = document.mail_subscriptions.map(({ topic, subject_id, cadence, confirmed }) => ({
      topic,
      subject_id,
      cadence,
      confirmed,
    }));
    // Made at the same instant of the page clock: in either order.
    expect(kinds.sort((a, b) => a.topic.localeCompare(b.topic))).toEqual([
      { topic: 'category', subject_id: category.id, cadence: 'daily', confirmed: true },
      { topic: 'launch', subject_id: soon.id, cadence: 'once', confirmed: true },
    ]);
  });
});
