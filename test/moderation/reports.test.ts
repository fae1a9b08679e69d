/**
 * Reports: the form on the public listing page (signed-in people only, CSRF-guarded, one open report per person and
 * listing), the queue (list_reports) and its resolution (resolve_report: dismiss, or act — which hides the listing
 * with the note as the reason), over REST for each kind of caller, with their audit entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../support/browser.js';
import { signedInBrowser, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';
import { insertCategory, insertListing, insertLiveListing } from '../support/fixtures.js';
import type { Person } from '../listings/support.js';
import { staffCast, type StaffPerson } from '../console/support.js';
import { restCall } from './support.js';

let t: PagesApp;
let category: number;
let moderator: StaffPerson;
let editor: StaffPerson;
let admin: StaffPerson;
let nobody: Person;

beforeAll(async () => {
  t = await startPagesApp(new Date('2026-11-25T12:00:00Z'));
  category = await insertCategory(t.db);
  ({ moderator, editor, admin, nobody } = await staffCast(t.db));
}, 60_000);
afterAll(() => t?.close());

const liveListing = () => insertLiveListing(t.db, category);

/** Files a report through the listing page's form, as a person does; answers the page after the redirect. */
async function report(browser: TestBrowser, slug: string, fields: Record<string, string>) {
  const page = await browser.get(`${t.url}/listings/${slug}`);
  return browser.post(`${t.url}/listings/${slug}/report`, { ...fields, csrf: page.field('csrf') });
}

const reportsOf = (listingId: number) =>
  t.db.query<{ id: number; reason: string; details: string; status: string }>(
    'SELECT id::int AS id, reason, details, status FROM reports WHERE listing_id = $1 ORDER BY id',
    [listingId],
  );

const queue = (who: { key: string } | null, query = '') => restCall(t, who?.key ?? null, 'GET', `/admin/reports${query}`);
const resolve = (who: { key: string } | null, id: number | string, body: Record<string, unknown>) =>
  restCall(t, who?.key ?? null, 'POST', `/admin/reports/${id}/resolve`, body);

describe('the report form on the listing page', () => {
  it('signed out: a link to sign in, no form; a POST without a CSRF token is refused before anything happens', async () => {
    const listing = await liveListing();
    const page = await new TestBrowser().get(`${t.url}/listings/${listing.slug}`);
    expect(page.text).toContain('Sign in to report this listing');
    expect(page.text).not.toContain(`action="/listings/${listing.slug}/report"`);
    const post = await fetch(`${t.url}/listings/${listing.slug}/report`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'reason=spam',
    });
    expect(post.status).toBe(403);
    const signedIn = await signedInBrowser(t);
    const forged = await signedIn.browser.post(`${t.url}/listings/${listing.slug}/report`, { reason: 'spam' }, { follow: false });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('Nothing was changed');
    expect(await reportsOf(listing.id)).toEqual([]);
  });

  it('signed in: files one open report per person and listing, with labelled fields', async () => {
    const listing = await liveListing();
    const reporter = await signedInBrowser(t);
    const page = await reporter.browser.get(`${t.url}/listings/${listing.slug}`);
    expect(page.text).toContain('<label for="report-reason">');
    expect(page.text).toContain('<label for="report-details">');
    const filed = await report(reporter.browser, listing.slug, { reason: 'misleading', details: 'Claims <b>awards</b> it never won' });
    expect(filed.status).toBe(200);
    expect(filed.text).toContain('your report is with the site team');
    const again = await report(reporter.browser, listing.slug, { reason: 'spam', details: '' });
    expect(again.text).toContain('You have reported this listing already');
    expect(await reportsOf(listing.id)).toEqual([
      { id: expect.any(Number), reason: 'misleading', details: 'Claims <b>awards</b> it never won', status: 'open' },
    ]);
    // Someone else may report the same listing.
    const other = await signedInBrowser(t);
    await report(other.browser, listing.slug, { reason: 'spam' });
    expect(await reportsOf(listing.id)).toHaveLength(2);
  });

  it('is refused (403) to an account whose address is not confirmed, filing nothing (issue 52, item 9)', async () => {
    const listing = await liveListing();
    const unconfirmed = await signedInBrowser(t, { verified: false });
    const refused = await report(unconfirmed.browser, listing.slug, { reason: 'spam' });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Confirm your e-mail address first: reports come from people with a confirmed address.');
    expect(await reportsOf(listing.id)).toEqual([]);
  });

  it('refuses a bad reason or overlong details (400 naming the field) and a listing the public cannot see (404)', async () => {
    const listing = await liveListing();
    const reporter = await signedInBrowser(t);
    const badReason = await report(reporter.browser, listing.slug, { reason: 'boring' });
    expect(badReason.status).toBe(400);
    expect(badReason.text).toContain('<p class="field-error" id="report-reason-problem">');
    expect(badReason.text).toContain('<details class="report" open>');
    const tooLong = await report(reporter.browser, listing.slug, { reason: 'other', details: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain('<p class="field-error" id="report-details-problem">At most 2000 characters</p>');
    expect(tooLong.text).toContain(`>${'x'.repeat(2001)}</textarea>`);
    expect(await reportsOf(listing.id)).toEqual([]);
    const page = await reporter.browser.get(`${t.url}/listings/${listing.slug}`);
    const draft = await insertListing(t.db, { category_id: category, status: 'draft' });
    const draftSlug = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [draft]))!.slug;
    const hidden = await reporter.browser.post(`${t.url}/listings/${draftSlug}/report`, { reason: 'spam', csrf: page.field('csrf') });
    expect(hidden.status).toBe(404);
  });
});

describe('the reports queue', () => {
  it('is for moderators and admins: an editor gets 403 insufficient_role, a non-staff key 403 insufficient_scope, nobody 401', async () => {
    expect((await queue(null)).status).toBe(401);
    expect((await queue(nobody)).body).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect((await queue(editor)).body).toMatchObject({ status: 403, code: 'insufficient_role' });
    expect((await resolve(editor, 1, { decision: 'dismiss', note: 'x' })).body).toMatchObject({ status: 403, code: 'insufficient_role' });
    expect((await queue(admin)).status).toBe(200);
    const bad = await queue(moderator, '?status=closed');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['/status']);
  });

  it('lists open reports oldest first with the reporter, then dismiss and act resolve them, audited', async () => {
    const listing = await liveListing();
    const first = await signedInBrowser(t);
    await report(first.browser, listing.slug, { reason: 'spam', details: 'Posted the same thing ten times' });
    t.advance(60);
    const second = await signedInBrowser(t);
    await report(second.browser, listing.slug, { reason: 'abuse' });
    t.advance(60);
    const third = await signedInBrowser(t);
    await report(third.browser, listing.slug, { reason: 'other', details: 'Odd' });

    const open = (await queue(moderator, '?per_page=100')).body;
    const ours = open.items.filter((item: { target: { listing: { slug: string } } }) => item.target.listing?.slug === listing.slug);
    expect(ours.map((item: { reporter: string }) => item.reporter)).toEqual([first.email, second.email, third.email]);
    expect(ours[0]).toEqual({
      id: expect.any(Number),
      target: {
        type: 'listing',
        id: String(listing.id),
        listing: { slug: listing.slug, name: listing.name, status: 'live' },
        excerpt: null,
        author: null,
        hidden: false,
      },
      reason: 'spam',
      details: 'Posted the same thing ten times',
      reporter: first.email,
      created_at: expect.stringMatching(/^2026-11-25T12:00:00(\.000)?Z$/),
      resolution: { status: 'open', note: null, by: null, at: null },
    });
    const [a, b, c] = ours.map((item: { id: number }) => item.id);

    // Dismiss: the listing stays; a second resolution is 409; an unknown report 404.
    const dismissed = await resolve(moderator, a, { decision: 'dismiss', note: 'Reposts are allowed' });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.resolution).toEqual({
      status: 'dismissed',
      note: 'Reposts are allowed',
      by: moderator.email,
      at: expect.any(String),
    });
    expect(dismissed.body.target.listing.status).toBe('live');
    expect((await resolve(moderator, a, { decision: 'act', note: 'x' })).body).toMatchObject({ status: 409, code: 'invalid_state' });
    expect((await resolve(moderator, 2_000_000_000, { decision: 'act', note: 'x' })).body).toMatchObject({ status: 404 });
    const bad = await resolve(moderator, 'abc', { decision: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/decision', '/note', '/report_id']);

    // Act: hides the listing, the note being the reason its owners see.
    const acted = await resolve(moderator, b, { decision: 'act', note: 'Harassing other founders' });
    expect(acted.body).toMatchObject({
      resolution: { status: 'actioned', note: 'Harassing other founders', by: moderator.email },
      target: { listing: { slug: listing.slug, status: 'hidden' }, hidden: true },
    });
    expect((await restCall(t, null, 'GET', `/listings/${listing.slug}`)).status).toBe(404);
    const row = await t.db.one<{ hidden_reason: string; status: string }>('SELECT status, hidden_reason FROM listings WHERE id = $1', [
      listing.id,
    ]);
    expect(row).toEqual({ status: 'hidden', hidden_reason: 'Harassing other founders' });
    // Acting on another report about the hidden listing just resolves it.
    expect((await resolve(admin, c, { decision: 'act', note: 'Same listing' })).body.resolution.status).toBe('actioned');

    const audit = async (query: string) =>
      (await restCall(t, admin.key, 'GET', `/admin/audit-log?${query}`)).body.items.map(
        (e: { action: string; target_id: string; before: unknown; after: unknown; reason: string; actor: string }) => ({
          action: e.action,
          target_id: e.target_id,
          before: e.before,
          after: e.after,
          reason: e.reason,
          actor: e.actor,
        }),
      );
    expect(await audit('target_type=report')).toEqual(
      expect.arrayContaining([
        {
          action: 'report.dismiss',
          target_id: String(a),
          before: { status: 'open' },
          after: { status: 'dismissed' },
          reason: 'Reposts are allowed',
          actor: moderator.email,
        },
        {
          action: 'report.act',
          target_id: String(b),
          before: { status: 'open' },
          after: { status: 'actioned', listing_hidden: true },
          reason: 'Harassing other founders',
          actor: moderator.email,
        },
        {
          action: 'report.act',
          target_id: String(c),
          before: { status: 'open' },
          after: { status: 'actioned', listing_hidden: false },
          reason: 'Same listing',
          actor: admin.email,
        },
      ]),
    );
    expect(await audit(`target_type=listing&target_id=${listing.slug}`)).toEqual([
      {
        action: 'listing.hide',
        target_id: listing.slug,
        before: { status: 'live', featured: false },
        after: { status: 'hidden', featured: false },
        reason: 'Harassing other founders',
        actor: moderator.email,
      },
    ]);

    // The filters.
    const dismissedList = (await queue(moderator, '?status=dismissed&per_page=100')).body.items.map((i: { id: number }) => i.id);
    expect(dismissedList).toContain(a);
    expect(dismissedList).not.toContain(b);
    const actioned = (await queue(moderator, '?status=actioned&per_page=100')).body.items.map((i: { id: number }) => i.id);
    expect(actioned).toEqual(expect.arrayContaining([b, c]));
    const all = (await queue(moderator, '?status=all&per_page=100')).body.items.map((i: { id: number }) => i.id);
    expect(all).toEqual(expect.arrayContaining([a, b, c]));
    const stillOpen = (await queue(moderator, '?per_page=100')).body.items.map((i: { id: number }) => i.id);
    for (const id of [a, b, c]) expect(stillOpen).not.toContain(id);
  });

  it('a resolved report frees the person to report the listing again', async () => {
    const listing = await liveListing();
    const reporter = await signedInBrowser(t);
    await report(reporter.browser, listing.slug, { reason: 'spam' });
    const [first] = await reportsOf(listing.id);
    await resolve(moderator, first!.id, { decision: 'dismiss', note: 'Not spam' });
    const again = await report(reporter.browser, listing.slug, { reason: 'spam', details: 'It is, though' });
    expect(again.text).toContain('your report is with the site team');
    expect((await reportsOf(listing.id)).map((r) => r.status)).toEqual(['dismissed', 'open']);
  });
});
