import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../support/browser.js';
import { accountTokenIsUsable, findAccountByEmail, issueAccountToken } from '../../../src/accounts/accounts.js';
import { createApiKey } from '../../../src/accounts/api-keys.js';
import {
  csrfOf,
  isSignedIn,
  mailsTo,
  makeAccount,
  PASSWORD,
  signedInBrowser,
  startPagesApp,
  uniqueEmail,
  type PagesApp,
} from './page-flows.js';

let t: PagesApp;
beforeAll(async () => {
  t = await startPagesApp();
});
afterAll(() => t?.close());

/** One form of the site: who posts it, where, with what, and how to tell that it did something. */
interface FormCase {
  browser: TestBrowser;
  path: string;
  fields: Record<string, string | string[]>;
  changed(): Promise<boolean>;
}

const FORMS: Record<string, () => Promise<FormCase>> = {
  'POST /signup': async () => {
    const email = uniqueEmail('csrf-signup');
    return {
      browser: new TestBrowser(),
      path: '/signup',
      fields: { email, display_name: 'Csrf Tester', password: PASSWORD },
      changed: async () => (await findAccountByEmail(t.db, email)) !== undefined,
    };
  },
  'POST /signin': async () => {
    const person = await makeAccount(t);
    const browser = new TestBrowser();
    return {
      browser,
      path: '/signin',
      fields: { email: person.email, password: PASSWORD, return_to: '' },
      changed: () => isSignedIn(t, browser),
    };
  },
  'POST /signout': async () => {
    const person = await signedInBrowser(t);
    return { browser: person.browser, path: '/signout', fields: {}, changed: async () => !(await isSignedIn(t, person.browser)) };
  },
  'POST /verify-email/resend': async () => {
    const person = await signedInBrowser(t, { verified: false });
    return {
      browser: person.browser,
      path: '/verify-email/resend',
      fields: {},
      changed: async () => (await mailsTo(t, person.email)).length > 0,
    };
  },
  'POST /verify-email': async () => {
    const person = await makeAccount(t, { verified: false });
    const token = await issueAccountToken(t.db, person.id, 'verify_email', t.clock.now);
    return {
      browser: new TestBrowser(),
      path: '/verify-email',
      fields: { token, return_to: '' },
      changed: async () => (await findAccountByEmail(t.db, person.email))?.emailVerified === true,
    };
  },
  'POST /reset-password': async () => {
    const person = await makeAccount(t);
    // The mail goes out after the answer: give it a moment to arrive before saying nothing changed.
    return {
      browser: new TestBrowser(),
      path: '/reset-password',
      fields: { email: person.email },
      changed: () => eventually(async () => (await mailsTo(t, person.email)).length > 0),
    };
  },
  'POST /reset-password/choose': async () => {
    const person = await makeAccount(t);
    const token = await issueAccountToken(t.db, person.id, 'reset_password', t.clock.now);
    return {
      browser: new TestBrowser(),
      path: '/reset-password/choose',
      fields: { token, password: 'chosen by the attacker' },
      changed: async () => !(await accountTokenIsUsable(t.db, token, 'reset_password', t.clock.now)),
    };
  },
  'POST /account/api-keys': async () => {
    const person = await signedInBrowser(t);
    const count = async () => (await t.db.query('SELECT 1 FROM api_keys WHERE account_id = $1', [person.id])).length;
    return {
      browser: person.browser,
      path: '/account/api-keys',
      fields: { name: 'Planted', scopes: ['account:read'] },
      changed: async () => (await count()) > 0,
    };
  },
  'POST /account/apps/:grantId/revoke': async () => {
    const person = await signedInBrowser(t);
    const grantId = await plantGrant(person.id);
    return {
      browser: person.browser,
      path: `/account/apps/${grantId}/revoke`,
      fields: {},
      changed: async () => (await t.db.one(`SELECT 1 FROM oauth_records WHERE model = 'Grant' AND id = $1`, [grantId])) === undefined,
    };
  },
  'POST /account/api-keys/:id/revoke': async () => {
    const person = await signedInBrowser(t);
    const { record } = await createApiKey(t.db, { accountId: person.id, name: 'Live', scopes: ['account:read'], now: t.clock.now });
    return {
      browser: person.browser,
      path: `/account/api-keys/${record.id}/revoke`,
      fields: {},
      changed: async () => (await t.db.one('SELECT 1 FROM api_keys WHERE id = $1 AND revoked_at IS NOT NULL', [record.id])) !== undefined,
    };
  },
};

/** A Grant record of the authorization server for `accountId`, as the consent page leaves one. */
async function plantGrant(accountId: string): Promise<string> {
  const id = `grant-${randomUUID()}`;
  const payload = { jti: id, kind: 'Grant', accountId, clientId: 'planted-client', iat: Math.floor(Date.now() / 1000) };
  await t.db.query(`INSERT INTO oauth_records (model, id, payload) VALUES ('Grant', $1, $2)`, [id, JSON.stringify(payload)]);
  return id;
}

/** Whether `check` turns true within a short while (work that goes on after the answer). */
async function eventually(check: () => Promise<boolean>, ms = 500): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function expectRefused(answer: { status: number; text: string }) {
  expect(answer.status).toBe(403);
  expect(answer.text).toContain('Nothing was changed');
}

describe.each(Object.keys(FORMS))('%s', (name) => {
  it('is refused with 403 without a token, and nothing changes', async () => {
    const form = await FORMS[name]();
    await csrfOf(t, form.browser);
    expectRefused(await form.browser.post(`${t.url}${form.path}`, form.fields, { follow: false }));
    expect(await form.changed()).toBe(false);
  });

  it("is refused with 403 with another browser's token, and nothing changes", async () => {
    const form = await FORMS[name]();
    await csrfOf(t, form.browser);
    const foreign = await csrfOf(t, new TestBrowser());
    expectRefused(await form.browser.post(`${t.url}${form.path}`, { ...form.fields, csrf: foreign }, { follow: false }));
    expect(await form.changed()).toBe(false);
  });

  it('is refused with 403 from a foreign or opaque Origin even with a good token, and nothing changes', async () => {
    const form = await FORMS[name]();
    const csrf = await csrfOf(t, form.browser);
    for (const origin of ['https://evil.example', 'null', t.url.replace('127.0.0.1', 'localhost')]) {
      expectRefused(await form.browser.post(`${t.url}${form.path}`, { ...form.fields, csrf }, { follow: false, headers: { origin } }));
    }
    expect(await form.changed()).toBe(false);
  });

  it('works with the good token from our own origin (the checks above could fail)', async () => {
    const form = await FORMS[name]();
    const csrf = await csrfOf(t, form.browser);
    const answer = await form.browser.post(`${t.url}${form.path}`, { ...form.fields, csrf }, { follow: false, headers: { origin: t.url } });
    expect(answer.status).toBeLessThan(400);
    expect(await form.changed()).toBe(true);
  });
});

it('refuses a form that is not a form (JSON) with 400, changing nothing', async () => {
  const person = await signedInBrowser(t);
  const response = await fetch(`${t.url}/signout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `ld_session=${person.browser.cookie(t.url, 'ld_session')}` },
    body: '{}',
  });
  expect(response.status).toBe(400);
  expect(await isSignedIn(t, person.browser)).toBe(true);
});

describe('every form of the pages, walked from the router', () => {
  it('lists only routes whose cases above, or the consent, invite, claim, checkout and site tests, exercise', () => {
    const elsewhere = [
      ...['/interaction/:uid/confirm', '/interaction/:uid/deny', '/invites/accept', '/claims/confirm', '/checkout/:number'],
      ...['vote', 'unvote', 'follow', 'unfollow'].map((action) => `/listings/:slug/${action}`), // test/site/vote-follow-pages.test.ts
      '/listings/:slug/report', // test/moderation/reports.test.ts
      '/listings/:slug/reviews/:id/report', // test/moderation/content-reports.test.ts
      '/listings/:slug/comments/:id/report', // test/moderation/content-reports.test.ts
      ...['/listings/:slug/review', '/listings/:slug/review/delete', '/account/display-name'], // test/site/review-pages.test.ts
      ...['/listings/:slug/comments', '/listings/:slug/comments/:id/delete'], // test/site/comment-pages.test.ts
      '/account/listings/:id/images', // test/site/listing-images-page.test.ts
      ...['/listings/:slug/claim', '/listings/:slug/claim/verify'], // test/site/claim-pages.test.ts
      ...['/submit', '/account/drafts/:id', '/account/drafts/:id/save', '/account/drafts/:id/invite', '/account/listings/:id/free'], // test/site/submit-pages.test.ts
      ...['/account/listings/:id/paid', '/account/listings/:id/checkout'], // test/site/paid-launch-pages.test.ts
      ...['/subscribe', '/subscribe/confirm/:token', '/account/notifications'], // test/site/subscription-pages.test.ts
      ...['/categories/:slug/mail', '/categories/:slug/unmail', '/listings/:slug/notify', '/listings/:slug/unnotify'], // test/site/mail-alert-pages.test.ts
      ...['/account/export', '/account/delete'], // test/auth/pages/delete-account-page.test.ts
      ...['edit', 'updates', 'milestones', 'milestones/:milestone/delete', 'story', 'interview', 'invite'].map(
        (form) => `/account/listings/:id/${form}`,
      ), // test/site/listing-owner-pages.test.ts
      ...t.app.formRoutes.filter((route) => route.startsWith('/admin')), // the console: test/console/*.test.ts
    ];
    const covered = [...Object.keys(FORMS).map((name) => name.replace(/^POST /, '')), ...elsewhere].sort();
    expect([...t.app.formRoutes].sort()).toEqual(covered);
  });

  it.each(['without a token', 'from a foreign origin'])('refuses each one %s before its handler runs', async (how) => {
    // One signed-in person for every route: each refused POST changes nothing, so the session stays as it was
    // (and a sign-in per route would meet the sign-in limit per client as forms are added).
    const person = await signedInBrowser(t);
    for (const route of t.app.formRoutes) {
      const csrf = await csrfOf(t, person.browser);
      const path = route.replace(/:[a-zA-Z]+/g, 'x');
      const answer =
        how === 'without a token'
          ? await person.browser.post(`${t.url}${path}`, {}, { follow: false })
          : await person.browser.post(`${t.url}${path}`, { csrf }, { follow: false, headers: { origin: 'https://evil.example' } });
      expect({ route, status: answer.status }).toEqual({ route, status: 403 });
      expect(answer.text).toContain('Nothing was changed');
    }
  });
});
