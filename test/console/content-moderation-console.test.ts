/**
 * The console's side of reports about reviews and comments: the queue shows the reported text, its author and its
 * listing, and "Act" hides it; /admin/reports/hidden lists what is hidden and restores it with a reason (through
 * moderate_review and moderate_comment). axe-core on both pages in Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { seriousViolations } from '../support/axe.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { person } from '../listings/support.js';
import { postConsoleForm, signInChromium, staffBrowser, staffPerson, type StaffPerson } from './support.js';
import { fileContentReport } from '../../src/moderation/reports.js';

const NOW = new Date('2026-11-25T12:00:00Z');
let t: TestApp;
let category: number;
let moderator: StaffPerson;
let editor: StaffPerson;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  category = await insertCategory(t.db);
  [moderator, editor] = await Promise.all([staffPerson(t.db, 'moderator'), staffPerson(t.db, 'editor')]);
}, 60_000);
afterAll(() => t?.close());

/** A live listing with a comment by a person named `author`, reported by someone else; answers the ids. */
async function reportedComment(body: string, author = 'Troll <b>King</b>') {
  const listingId = await insertListing(t.db, {
    category_id: category,
    status: 'live',
    launch_week: '2026-11-23',
    launched_at: '2026-11-23T10:00:00Z',
  });
  const listing = (await t.db.one<{ slug: string; name: string }>('SELECT slug, name FROM listings WHERE id = $1', [listingId]))!;
  const writer = await person(t.db);
  await t.db.query('UPDATE accounts SET display_name = $2 WHERE id = $1', [writer.id, author]);
  const comment = Number(
    (await t.db.one<{ id: string }>(
      'INSERT INTO comments (listing_id, account_id, body, created_at) VALUES ($1, $2::uuid, $3, $4) RETURNING id',
      [listingId, writer.id, body, NOW],
    ))!.id,
  );
  const reporter = await person(t.db);
  await fileContentReport(t.db, {
    slug: listing.slug,
    targetType: 'comment',
    targetId: String(comment),
    reporterId: reporter.id,
    reason: 'abuse',
    details: 'Rude',
    now: NOW,
  });
  const report = (await t.db.one<{ id: number }>("SELECT id::int AS id FROM reports WHERE target_type = 'comment' AND target_id = $1", [
    String(comment),
  ]))!.id;
  return { listing, comment, report };
}

const hiddenState = async (comment: number) =>
  t.db.one('SELECT hidden_at IS NOT NULL AS hidden, hidden_reason FROM comments WHERE id = $1', [comment]);

describe('a comment report in the console', () => {
  it('shows the comment, its author and its listing; acting hides it; the hidden page restores it', async () => {
    const { listing, comment, report } = await reportedComment('<script>alert("x")</script> you are all fools');
    const browser = await staffBrowser(t, moderator);
    const queue = await browser.get(`${t.url}/admin/reports`);
    expect(queue.text).toContain(`about a comment on ${listing.name}`);
    expect(queue.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; you are all fools');
    expect(queue.text).not.toContain('<script>alert');
    expect(queue.text).toContain('The comment by Troll &lt;b&gt;King&lt;/b&gt;');
    expect(queue.text).toContain(`href="/admin/listings/${listing.slug}"`);
    expect(queue.text).toContain('Act: hide the comment');

    const acted = await postConsoleForm(t, browser, '/admin/reports', `/admin/reports/${report}/resolve`, {
      decision: 'act',
      note: 'Insults',
    });
    expect(acted.status).toBe(303);
    expect(await hiddenState(comment)).toEqual({ hidden: true, hidden_reason: 'Insults' });
    const actioned = await browser.get(`${t.url}/admin/reports?status=actioned`);
    expect(actioned.text).toContain('(hidden now; <a href="/admin/reports/hidden">restore it there</a>)');

    const hiddenPage = await browser.get(`${t.url}/admin/reports/hidden`);
    const action = `/admin/reports/hidden/comments/${comment}/restore`;
    expect(hiddenPage.text).toContain(`action="${action}"`);
    expect(hiddenPage.text).toContain(`<label for="reason-comment-${comment}">`);
    expect(hiddenPage.text).toContain('Insults');
    // A reason is required: 400 naming it, and the comment stays hidden.
    const noReason = await postConsoleForm(t, browser, '/admin/reports/hidden', action, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain('<code>/reason</code>');
    expect((await hiddenState(comment))!.hidden).toBe(true);
    const restored = await postConsoleForm(t, browser, '/admin/reports/hidden', action, { reason: 'Heated, not abusive' });
    expect(restored.status).toBe(303);
    expect(restored.headers.get('location')).toBe('/admin/reports/hidden?done=restored');
    expect(await hiddenState(comment)).toEqual({ hidden: false, hidden_reason: null });
    expect((await browser.get(`${t.url}/admin/reports/hidden?done=restored`)).text).not.toContain(`action="${action}"`);
    // Restoring again is the operation's 409, shown on the page; an unknown one is 404.
    const twice = await postConsoleForm(t, browser, '/account/api-keys', action, { reason: 'again' });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain('is not hidden');
    expect(
      (await postConsoleForm(t, browser, '/account/api-keys', '/admin/reports/hidden/reviews/999999/restore', { reason: 'x' })).status,
    ).toBe(404);
  });

  it('is for moderators: anonymous visitors go to sign in, an editor gets 403 and changes nothing', async () => {
    const { comment } = await reportedComment('Spam spam spam');
    await t.db.query("UPDATE comments SET hidden_at = now(), hidden_reason = 'Spam' WHERE id = $1", [comment]);
    const anonymous = await new TestBrowser().get(`${t.url}/admin/reports/hidden`, { follow: false });
    expect(anonymous.status).toBe(303);
    const asEditor = await staffBrowser(t, editor);
    expect((await asEditor.get(`${t.url}/admin/reports/hidden`)).status).toBe(403);
    const post = await postConsoleForm(t, asEditor, '/account/api-keys', `/admin/reports/hidden/comments/${comment}/restore`, {
      reason: 'x',
    });
    expect(post.status).toBe(403);
    expect((await hiddenState(comment))!.hidden).toBe(true);
  });
});

describe.skipIf(!chromiumAvailable())('the pages in Chromium', () => {
  let chromium: { browser: BrowserContext; close(): Promise<void> };
  beforeAll(async () => {
    chromium = await launchChromium();
  }, 60_000);
  afterAll(() => chromium?.close());

  it('the queue with a comment report and the hidden page have no serious axe violations', async () => {
    const { comment } = await reportedComment('Rude words');
    await reportedComment('More rude words');
    await t.db.query("UPDATE comments SET hidden_at = now(), hidden_reason = 'Rude' WHERE id = $1", [comment]);
    const page = await chromium.browser.newPage();
    await signInChromium(page, t.url, moderator);
    for (const path of ['/admin/reports', '/admin/reports/hidden']) {
      await page.goto(`${t.url}${path}`);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.close();
  });
});
