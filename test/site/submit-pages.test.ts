import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlerUserAgent, crawlSite } from '../../src/crawler/crawl-site.js';
import { type PagesApp, signedInBrowser } from '../auth/pages/page-flows.js';
import { startTestApp } from '../support/app.js';
import { TestBrowser, type PageResponse } from '../support/browser.js';
import { ACME_FACTS, type FixtureSites, startFixtureSites } from '../support/fixture-sites.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { readJsonRpc, rawToolCall } from '../support/oauth.js';
import { createApiKey } from '../../src/accounts/api-keys.js';

/**
 * A founder's way in on the website (issue 49, first part): "Submit a product" in every page's header, /submit taking
 * the product's address through submit_listing's own rules, and the draft's page that refreshes itself while the
 * site is read (no JavaScript) and then shows each field with its state and the site's own words.
 */
let t: PagesApp;
let sites: FixtureSites;

beforeAll(async () => {
  sites = await startFixtureSites();
  const clock = { now: new Date() };
  const app = await startTestApp({
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    jobs: { processEveryMs: 100 },
    drafting: {
      crawl: (url) => crawlSite(url, { allowHosts: ['127.0.0.1'], userAgent: crawlerUserAgent('http://directory.test'), timeoutMs: 5_000 }),
    },
  });
  t = Object.assign(app, { clock, advance: (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000)) });
  await insertCategory(t.db, { name: `Analytics ${Date.now()}` });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sites?.close();
});

const draftsOf = async (accountId: string) =>
  (await t.db.query<{ id: string }>('SELECT id FROM drafts WHERE account_id = $1', [accountId])).map((r) => r.id);

/** One field's part of the draft's edit form. */
const field = (page: PageResponse, name: string) => {
  const match = new RegExp(`<div class="draft-field" id="field-${name}">[\\s\\S]*?</p>\\n</div>`).exec(page.text);
  if (!match) throw new Error(`no field ${name} on ${page.url}`);
  return match[0];
};

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every box of the edit form as a browser would send it (profile fields named f_…, sub-records r_…). */
function formFields(page: PageResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of page.text.matchAll(/<input id="[fr]-[a-z0-9_-]+" name="([fr]_[a-z0-9_]+)"[^>]*value="([^"]*)"/g))
    out[m[1]] = decode(m[2]);
  for (const m of page.text.matchAll(/<textarea id="[fr]-[a-z0-9_-]+" name="([fr]_[a-z0-9_]+)"[^>]*>([^<]*)<\/textarea>/g))
    out[m[1]] = decode(m[2]);
  return out;
}

/** The message beside a box of the form (its id), or undefined. */
const errorBeside = (page: PageResponse, id: string) =>
  new RegExp(`<p id="${id}-error" class="error" role="alert">([^<]*)</p>`).exec(page.text)?.[1];

/** A new draft of the fixture site by a new person, once drafted. */
async function newDraft() {
  const person = await signedInBrowser(t);
  const form = await person.browser.get(`${t.url}/submit`);
  const path = (await person.browser.post(`${t.url}/submit`, { csrf: form.field('csrf'), url: sites.urls.acme }, { follow: false }))
    .location!;
  return { person, path, id: path.split('/').pop()!, page: await drafted(person.browser, path) };
}

/** The page of a draft once the site is read and drafted (the page stops refreshing itself). */
async function drafted(browser: TestBrowser, path: string): Promise<PageResponse> {
  for (let i = 0; i < 150; i++) {
    const page = await browser.get(`${t.url}${path}`);
    if (!page.text.includes('http-equiv="refresh"')) return page;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${path} kept refreshing`);
}

describe('submitting a product on the website', () => {
  it('offers "Submit a product" in every header; signed out, /submit goes to sign in and back', async () => {
    const home = await new TestBrowser().get(`${t.url}/`);
    expect(home.text).toMatch(/<nav aria-label="Site">[\s\S]*?<a href="\/submit">Submit a product<\/a>/);
    const page = await new TestBrowser().get(`${t.url}/submit`, { follow: false });
    expect(page.status).toBe(303);
    expect(page.location).toBe('/signin?return_to=/submit');
  });

  it('drafts the site: a page that refreshes itself while it is read, then every field with its state and quotes', async () => {
    const person = await signedInBrowser(t);
    const form = await person.browser.get(`${t.url}/submit`);
    expect(form.status).toBe(200);
    expect(form.text).toContain('<label for="submit-url">Website address</label>');
    const posted = await person.browser.post(`${t.url}/submit`, { csrf: form.field('csrf'), url: sites.urls.acme }, { follow: false });
    expect(posted.status).toBe(303);
    const [id] = await draftsOf(person.id);
    expect(posted.location).toBe(`/account/drafts/${id}`);

    const page = await drafted(person.browser, `/account/drafts/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<title>Draft: ${ACME_FACTS.name}`);
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // A drafted field shows its value, its state in words and the site's own sentence with the page it is on.
    const name = field(page, 'name');
    expect(name).toContain(`<input id="f-name" name="f_name" type="text" maxlength="500" value="${ACME_FACTS.name}">`);
    expect(name).toContain('<label for="f-name" style="display:block">name <span class="muted">· Drafted from your site</span></label>');
    expect(name).toMatch(
      new RegExp(`<blockquote style="overflow-wrap:anywhere">[^<]*${ACME_FACTS.name}[^<]*<br><a class="muted" href="${sites.urls.acme}`),
    );
    expect(page.text).toContain('Not found on your site');

    // While the site is read or drafted, the page says so and reloads itself (a meta refresh: no JavaScript needed).
    await t.db.query(`UPDATE drafts SET status = 'drafting' WHERE id = $1`, [id]);
    const working = await person.browser.get(`${t.url}/account/drafts/${id}`);
    expect(working.text).toContain('<meta http-equiv="refresh" content="3">');
    expect(working.text).toContain('drafting your listing');
    expect(working.text).not.toContain('<h2>The drafted profile</h2>');
    await t.db.query(`UPDATE drafts SET status = 'ready' WHERE id = $1`, [id]);

    // The account page lists the draft with its status in words, linked to its page.
    const account = await person.browser.get(`${t.url}/account`);
    expect(account.text).toContain(
      `<a href="/account/drafts/${id}">${ACME_FACTS.name}</a></th><td>Drafted: check it and save it as a listing.</td>`,
    );

    // The same site again: the open draft, not a second one.
    const again = await person.browser.post(
      `${t.url}/submit`,
      { csrf: form.field('csrf'), url: `${sites.urls.acme}/pricing` },
      { follow: false },
    );
    expect(again.location).toBe(`/account/drafts/${id}`);
    expect(await draftsOf(person.id)).toEqual([id]);

    // Someone else's draft is not found, as get_draft answers.
    const other = await signedInBrowser(t);
    const foreign = await other.browser.get(`${t.url}/account/drafts/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain(ACME_FACTS.name);
    expect((await other.browser.get(`${t.url}/account/drafts/not-a-uuid`)).status).toBe(404);
  });

  // Before the test that saves a listing: the fixture sites share one host, which then counts as listed.
  it('parity: a draft edited on the web equals the same edits made over MCP', async () => {
    const category = (await t.db.one<{ name: string }>('SELECT name FROM categories ORDER BY id LIMIT 1'))!.name;
    const mcp = async (key: string, name: string, args: Record<string, unknown>) => {
      const answer = await readJsonRpc(await rawToolCall(t.url, name, args, `Bearer ${key}`));
      if (answer.result?.isError || !answer.result) throw new Error(JSON.stringify(answer));
      return answer.result.structuredContent;
    };
    const keyOf = async (accountId: string) =>
      (await createApiKey(t.db, { accountId, name: 'parity', scopes: ['account:read', 'listings:write'], now: new Date() })).key;

    // On the web: the form as a browser sends it, twice (an edit, then a lock with the edits kept).
    const web = await signedInBrowser(t);
    const form = await web.browser.get(`${t.url}/submit`);
    const path = (await web.browser.post(`${t.url}/submit`, { csrf: form.field('csrf'), url: sites.urls.acme }, { follow: false }))
      .location!;
    const webId = path.split('/').pop()!;
    let page = await drafted(web.browser, path);
    const typed = formFields(page);
    // The drafted FAQs and founders are on the form; one FAQ more in an empty row (the row before it left empty).
    const faqsShown = Object.keys(typed).filter((name) => /^r_faqs_\d+_question$/.test(name)).length;
    const draftedFaqs = Object.keys(typed).filter((name) => /^r_faqs_\d+_question$/.test(name) && typed[name] !== '').length;
    expect(draftedFaqs).toBeGreaterThan(0);
    expect(faqsShown).toBeGreaterThan(draftedFaqs + 1);
    expect(ACME_FACTS.founders.map((f) => f.name)).toContain(typed.r_founders_0_name);
    const edits = {
      f_tagline: 'Analytics without cookies',
      f_features: 'Funnels\nRetention cohorts',
      f_categories: category,
      f_stage: '',
      [`r_faqs_${draftedFaqs + 1}_question`]: 'Can I self-host it?',
      [`r_faqs_${draftedFaqs + 1}_answer`]: 'Not yet.\r\nIt is on the roadmap.',
      r_founders_0_bio: 'Ran analytics at two SaaS companies.',
      r_founders_1_name: '',
      r_founders_1_title: '',
      r_founders_1_bio: '',
      r_founder_socials_linkedin: 'https://www.linkedin.com/in/maria-santos',
      r_company_socials_website: 'https://acme-pulse.example',
      r_company_socials_x: '',
      r_story_title: 'Why we built Acme Pulse',
      r_story_why_started: 'Cookie banners everywhere.',
      r_milestones_1_date: '2024-03-01',
      r_milestones_1_title: 'Public launch',
      r_milestones_1_url: 'https://acme-pulse.example/blog/launch',
      r_competitor_url: 'https://competitor.example',
      r_seo_title: 'Acme Pulse: analytics without cookies',
    };
    expect((await web.browser.post(`${t.url}${path}`, { csrf: page.field('csrf'), ...typed, ...edits }, { follow: false })).status).toBe(
      303,
    );
    page = await web.browser.get(`${t.url}${path}`);
    expect(
      (await web.browser.post(`${t.url}${path}`, { csrf: page.field('csrf'), ...formFields(page), op: 'lock:city' }, { follow: false }))
        .status,
    ).toBe(303);

    // Over MCP: the same edits from another account's draft of the same site.
    const other = await signedInBrowser(t);
    const otherKey = await keyOf(other.id);
    const { id: mcpId } = await mcp(otherKey, 'submit_listing', { url: sites.urls.acme });
    for (let i = 0; i < 150 && (await mcp(otherKey, 'get_draft', { id: mcpId })).status !== 'ready'; i++)
      await new Promise((r) => setTimeout(r, 200));
    const before = await mcp(otherKey, 'get_draft', { id: mcpId });
    const { x: _x, ...keptSocials } = Object.fromEntries(
      Object.entries(before.company_socials as Record<string, { url: string }>).map(([key, social]) => [key, social.url]),
    );
    await mcp(otherKey, 'update_draft', {
      id: mcpId,
      fields: { tagline: 'Analytics without cookies', features: ['Funnels', 'Retention cohorts'], categories: [category] },
      faqs: [
        ...(before.faqs as { question: string; answer: string }[]).map(({ question, answer }) => ({ question, answer })),
        { question: 'Can I self-host it?', answer: 'Not yet.\nIt is on the roadmap.' },
      ],
      founders: [{ name: before.founders[0].name, title: before.founders[0].title, bio: 'Ran analytics at two SaaS companies.' }],
      founder_socials: { ...before.founder_socials, linkedin: 'https://www.linkedin.com/in/maria-santos' },
      company_socials: { ...keptSocials, website: 'https://acme-pulse.example' },
      story: { title: 'Why we built Acme Pulse', why_started: 'Cookie banners everywhere.' },
      milestones: [{ date: '2024-03-01', title: 'Public launch', url: 'https://acme-pulse.example/blog/launch' }],
      competitor_url: 'https://competitor.example',
      seo: { title: 'Acme Pulse: analytics without cookies' },
    });
    await mcp(otherKey, 'update_draft', { id: mcpId, lock_fields: ['city'] });

    const comparable = (draft: Record<string, unknown>) => {
      const { id, created_at, updated_at, ...rest } = draft;
      return rest;
    };
    const viaWeb = await mcp(await keyOf(web.id), 'get_draft', { id: webId });
    const viaMcp = await mcp(otherKey, 'get_draft', { id: mcpId });
    expect(viaWeb.fields.tagline).toEqual({ value: 'Analytics without cookies', state: 'edited', evidence: expect.any(Array) });
    expect(viaWeb.fields.city.state).toBe('override');
    expect(viaWeb.faqs).toHaveLength(draftedFaqs + 1);
    expect(viaWeb.founders).toEqual([
      expect.objectContaining({ name: typed.r_founders_0_name, bio: 'Ran analytics at two SaaS companies.' }),
    ]);
    expect(viaWeb.milestones).toEqual([
      { date: '2024-03-01', title: 'Public launch', description: null, url: 'https://acme-pulse.example/blog/launch' },
    ]);
    expect(viaWeb.story).toEqual({ title: 'Why we built Acme Pulse', why_started: 'Cookie banners everywhere.' });
    expect(viaWeb.company_socials.x).toBeUndefined();
    expect(comparable(viaWeb)).toEqual(comparable(viaMcp));
  });

  it("edits FAQs, founders, links, story and milestones with update_draft's bounds, each refusal beside its box", async () => {
    const { person, path, id, page: first } = await newDraft();
    let page = first;
    // The drafted FAQs and founders, with the site's words for them; then empty rows to add more.
    expect(page.text).toMatch(
      /<details class="panel" id="group-faqs"><summary><strong>FAQs<\/strong> <span class="muted">· [1-9]\d* saved<\/span>/,
    );
    expect(page.text).toMatch(/<legend>FAQ 1<\/legend>[\s\S]*?What your site says \(\d+\)[\s\S]*?<\/fieldset>/);
    expect(page.text).toMatch(/<legend>Founder 1 \(primary\)<\/legend>[\s\S]*?What your site says/);
    expect(ACME_FACTS.founders.map((f) => f.name)).toContain(page.field('r_founders_0_name'));
    expect(page.text).toContain('<label for="r-company-socials-github" style="display:block">GitHub</label>');
    const typed = formFields(page);
    const faqRows = Object.keys(typed).filter((name) => /^r_faqs_\d+_question$/.test(name));
    const faqs = faqRows.filter((name) => typed[name] !== '').length;
    const csrf = page.field('csrf');

    // Refused: a question without its answer, a role too long, a link that is none, a milestone's date (in the second
    // row: the first left empty), a story section too long. Each message beside its box, all kept, nothing saved.
    const bad = {
      [`r_faqs_${faqs}_question`]: 'Is there a free plan?',
      r_founders_0_title: 't'.repeat(161),
      r_founder_socials_x: 'not a link',
      r_milestones_1_date: 'next week',
      r_milestones_1_title: 'Public launch',
      r_story_why_started: 'w'.repeat(8001),
      r_company_socials_website: 'ftp://acme-pulse.example',
    };
    const refused = await person.browser.post(`${t.url}${path}`, { csrf, ...typed, ...bad });
    expect(refused.status).toBe(400);
    for (const [box, message] of [
      [`r-faqs-${faqs}-answer`, /./],
      ['r-founders-0-title', /160/],
      ['r-founder-socials-x', /http/],
      ['r-milestones-1-date', /date|YYYY/i],
      ['r-story-why-started', /8000/],
      ['r-company-socials-website', /http/],
    ] as const)
      expect(errorBeside(refused, box), box).toMatch(message);
    expect(refused.text).toContain(`aria-invalid="true" aria-describedby="r-milestones-1-date-error"`);
    expect(refused.field(`r_faqs_${faqs}_question`)).toBe('Is there a free plan?');
    expect(refused.field('r_milestones_1_date')).toBe('next week');
    expect(refused.field('r_founder_socials_x')).toBe('not a link');
    expect(refused.text).toContain(`>${'w'.repeat(8001)}</textarea>`);
    // The groups with a refusal are open; the summary at the top links each box.
    expect(refused.text).toContain('<details class="panel" id="group-milestones" open>');
    expect(refused.text).toMatch(
      /<div class="error" role="alert"><p>Nothing was saved: 6 fields need a change\.<\/p><ul>[\s\S]*?<a href="#r-milestones-1-date">/,
    );
    const stored = await t.db.one<{ n: number }>('SELECT jsonb_array_length(faqs) AS n FROM drafts WHERE id = $1', [id]);
    expect(stored?.n).toBe(faqs);

    // Within bounds: saved; the milestone is the first, an empty row is left out, untouched founders keep their evidence.
    const answer = await person.browser.post(
      `${t.url}${path}`,
      {
        csrf,
        ...typed,
        [`r_faqs_${faqs}_question`]: 'Is there a free plan?',
        [`r_faqs_${faqs}_answer`]: 'Yes, up to 10,000 events a month.',
        r_milestones_1_date: '2024-03-01',
        r_milestones_1_title: 'Public launch',
        r_story_why_started: 'Cookie banners everywhere.',
        r_company_socials_website: 'https://acme-pulse.example',
      },
      { follow: false },
    );
    expect(answer.status).toBe(303);
    page = await person.browser.get(`${t.url}${answer.location}`);
    expect(formFields(page)[`r_faqs_${faqs}_answer`]).toBe('Yes, up to 10,000 events a month.');
    expect(page.field('r_milestones_0_date')).toBe('2024-03-01');
    expect(page.field('r_milestones_1_date')).toBe('');
    expect(page.text).toContain('>Cookie banners everywhere.</textarea>');
    expect(page.field('r_company_socials_website')).toBe('https://acme-pulse.example');
    expect(page.text).toMatch(/<legend>Founder 1 \(primary\)<\/legend>[\s\S]*?What your site says/);
    // Sending the form again unchanged changes nothing.
    const again = await person.browser.post(`${t.url}${path}`, { csrf, ...formFields(page) }, { follow: false });
    expect(again.location).toBe(`${path}?done=unchanged`);
  });

  it("refuses a founder's name that poses as the site team beside its box, keeping what was typed (issue 52, item 4)", async () => {
    const { person, path, id } = await newDraft();
    const page = await person.browser.get(`${t.url}${path}`);
    const posing = 'Ѕite Team (аdmin)'; // Cyrillic Ѕ and а
    const refused = await person.browser.post(`${t.url}${path}`, {
      csrf: page.field('csrf'),
      ...formFields(page),
      r_founders_0_name: posing,
    });
    expect(refused.status).toBe(400);
    expect(errorBeside(refused, 'r-founders-0-name')).toMatch(/may not speak for the site team/);
    expect(refused.field('r_founders_0_name')).toBe(posing);
    const stored = await t.db.one<{ name: string }>(`SELECT founders->0->>'name' AS name FROM drafts WHERE id = $1`, [id]);
    expect(stored?.name).toBe(page.field('r_founders_0_name'));
  });

  it('invites co-founders from the draft page, a bad address and the tenth invite refused beside the field', async () => {
    const { person, path } = await newDraft();
    const csrf = (await person.browser.get(`${t.url}${path}`)).field('csrf');
    let page = await person.browser.post(`${t.url}${path}/invite`, { csrf, email: 'not an address' });
    expect(page.status).toBe(400);
    expect(page.field('email')).toBe('not an address');
    expect(errorBeside(page, 'invite-email')).toMatch(/e-?mail/i);
    expect(page.text).toContain('aria-invalid="true" aria-describedby="invite-email-error"');
    for (let i = 1; i <= 10; i++) {
      const sent = await person.browser.post(`${t.url}${path}/invite`, { csrf, email: `cofounder${i}@example.com` }, { follow: false });
      expect(sent.location, String(i)).toBe(`${path}?done=invited`);
    }
    page = await person.browser.get(`${t.url}${path}?done=invited`);
    expect(page.text).toContain('The invite is on its way');
    expect(page.text).toContain('10 invites have been sent; 0 left.');
    page = await person.browser.post(`${t.url}${path}/invite`, { csrf, email: 'cofounder11@example.com' });
    expect(page.status).toBe(409);
    expect(page.field('email')).toBe('cofounder11@example.com');
    expect(errorBeside(page, 'invite-email')).toMatch(/at most 10 invites/);
    // Someone else cannot invite to this draft.
    const other = await signedInBrowser(t);
    const foreign = await other.browser.post(`${t.url}${path}/invite`, {
      csrf: (await other.browser.get(`${t.url}/submit`)).field('csrf'),
      email: 'x@example.com',
    });
    expect(foreign.status).toBe(404);
  });

  it("edits the draft with update_draft's bounds: a refusal keeps everything typed, lock and save as a listing", async () => {
    const person = await signedInBrowser(t);
    const form = await person.browser.get(`${t.url}/submit`);
    const posted = await person.browser.post(`${t.url}/submit`, { csrf: form.field('csrf'), url: sites.urls.acme }, { follow: false });
    const path = posted.location!;
    const id = path.split('/').pop()!;
    let page = await drafted(person.browser, path);
    const csrf = page.field('csrf');
    const values = (p: PageResponse) => ({ f_name: p.field('f_name'), f_tagline: p.field('f_tagline'), f_city: p.field('f_city') });

    // A change within bounds is saved, and the field says it was edited; fields left alone keep their state.
    let answer = await person.browser.post(
      `${t.url}${path}`,
      { csrf, ...values(page), f_tagline: 'Analytics without cookies' },
      { follow: false },
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${path}?done=saved`);
    page = await person.browser.get(`${t.url}${answer.location}`);
    expect(page.text).toContain('Your changes are saved.');
    expect(field(page, 'tagline')).toContain('value="Analytics without cookies"');
    expect(field(page, 'tagline')).toContain('· Edited</span>');
    expect(field(page, 'name')).toContain('· Drafted from your site</span>');

    // Refused (a tagline over 500 characters, a country that is no code): both messages beside their fields, all kept.
    const long = 'x'.repeat(501);
    const refused = await person.browser.post(`${t.url}${path}`, {
      csrf,
      ...values(page),
      f_tagline: long,
      f_country: 'Portugal',
      f_city: 'Porto',
    });
    expect(refused.status).toBe(400);
    expect(field(refused, 'tagline')).toContain(`value="${long}"`);
    expect(field(refused, 'tagline')).toMatch(
      /aria-invalid="true" aria-describedby="f-tagline-error"[\s\S]*<p id="f-tagline-error" class="error" role="alert">[^<]+<\/p>/,
    );
    expect(field(refused, 'country')).toContain('value="Portugal"');
    expect(field(refused, 'country')).toContain('ISO 3166-1');
    expect(field(refused, 'city')).toContain('value="Porto"');
    // ... and summed up at the top of the form, each linked to its field.
    expect(refused.text).toMatch(/Nothing was saved: 2 fields need a change\.<\/p><ul><li><a href="#f-tagline">tagline<\/a>/);
    const stored = await t.db.one<{ city: string }>(`SELECT fields->'city'->>'value' AS city FROM drafts WHERE id = $1`, [id]);
    expect(stored?.city).toBe(ACME_FACTS.city); // nothing of a refused form is saved

    // Lock: the field is kept from redrafts.
    answer = await person.browser.post(`${t.url}${path}`, { csrf, ...values(page), op: 'lock:city' }, { follow: false });
    expect(answer.status).toBe(303);
    page = await person.browser.get(`${t.url}${path}`);
    expect(field(page, 'city')).toContain('· Locked</span>');
    expect(field(page, 'city')).not.toContain('value="lock:city"');

    // Saving needs a category: said beside the button; once one is given, the draft becomes a listing.
    expect(page.text).toMatch(/Still needed before it can be saved:[\s\S]*<a href="#f-categories">categories<\/a>/);
    const category = (await t.db.one<{ name: string }>('SELECT name FROM categories ORDER BY id LIMIT 1'))!.name;
    answer = await person.browser.post(`${t.url}${path}`, { csrf, ...values(page), f_categories: category }, { follow: false });
    expect(answer.status).toBe(303);
    // Two tabs press "Save as a listing" at once, each with its own page's form: one listing, and both tabs see it.
    const otherTab = await person.browser.get(`${t.url}${path}`);
    const [saved, savedToo] = await Promise.all([
      person.browser.post(`${t.url}${path}/save`, { csrf }, { follow: false }),
      person.browser.post(`${t.url}${path}/save`, { csrf: otherTab.field('csrf') }, { follow: false }),
    ]);
    expect([saved.location, savedToo.location]).toEqual([`${path}?done=listing`, `${path}?done=listing`]);
    answer = saved;
    const listing = await t.db.one<{ listing_id: number | null }>('SELECT listing_id FROM drafts WHERE id = $1', [id]);
    expect(listing?.listing_id).not.toBeNull();
    const owned = await t.db.query('SELECT listing_id FROM listing_owners WHERE account_id = $1', [person.id]);
    expect(owned).toHaveLength(1);
    page = await person.browser.get(`${t.url}${answer.location}`);
    expect(page.text).toContain('<h2 id="save">Saved as a listing</h2>');

    // The launch: free, queued for a week, the badge in every shape, and a check of the homepage on demand.
    const listingId = listing!.listing_id!;
    const launch = `/account/listings/${listingId}/launch`;
    expect(page.text).toContain(`<a href="${launch}">Launch it</a>`);
    page = await person.browser.get(`${t.url}${launch}`);
    expect(page.text).toContain('Launch for free');
    answer = await person.browser.post(`${t.url}/account/listings/${listingId}/free`, { csrf }, { follow: false });
    expect(answer.location).toBe(`${launch}?done=queued`);
    page = await person.browser.get(`${t.url}${answer.location}`);
    const { week } = (await t.db.one<{ week: string }>('SELECT launch_week::text AS week FROM listings WHERE id = $1', [listingId]))!;
    expect(page.text).toContain('Your listing joined the free launch queue.');
    expect(page.text).toContain(`Queued for the week of <strong>${week}</strong>`);
    expect(page.text.match(/<textarea id="code-[a-z]+" readonly/g)).toHaveLength(5);
    expect(page.text).toMatch(
      /<img src="\/badges\/[^"]+\.svg[^"]*" alt="The standard badge" width="\d+" height="\d+" style="max-width:100%;height:auto">/,
    );
    expect(page.text).toContain('&lt;a href=');
    answer = await person.browser.post(`${t.url}/account/listings/${listingId}/free`, { csrf }, { follow: false });
    expect(answer.location).toMatch(new RegExp(`^${launch}\\?done=(checked|checked_recently)$`));
    page = await person.browser.get(`${t.url}${answer.location}`);
    expect(page.text).toMatch(/Your homepage was read (just now|less than a minute ago)/);
    // A tab left open on the draft saves again after the launch: it sees the listing, not an error, and nothing moves.
    answer = await person.browser.post(`${t.url}${path}/save`, { csrf: otherTab.field('csrf') }, { follow: false });
    expect(answer.location).toBe(`${path}?done=listing`);
    page = await person.browser.get(`${t.url}${answer.location}`);
    expect(page.text).toContain(`<a href="${launch}">Launch it</a>`);
    expect(await t.db.query('SELECT listing_id FROM listing_owners WHERE account_id = $1', [person.id])).toHaveLength(1);
    // Someone else's listing: 404, and nothing launched.
    const stranger = await signedInBrowser(t);
    expect((await stranger.browser.get(`${t.url}${launch}`)).status).toBe(404);
  });

  it('refuses a bad or private address beside the field, keeping what was typed, and makes no draft', async () => {
    const person = await signedInBrowser(t);
    const form = await person.browser.get(`${t.url}/submit`);
    for (const [typed, message] of [
      ['not a website', /http|URL|address/i],
      ['http://10.1.2.3/', /private or reserved|public website/],
      ['', /required|address|URL/i],
    ] as const) {
      const page = await person.browser.post(`${t.url}/submit`, { csrf: form.field('csrf'), url: typed });
      expect(page.status, typed).toBe(400);
      expect(page.text).toContain(`value="${typed}"`);
      expect(page.text).toContain('aria-invalid="true" aria-describedby="submit-url-error"');
      expect(/<p id="submit-url-error" class="error" role="alert">([^<]*)<\/p>/.exec(page.text)?.[1]).toMatch(message);
    }
    expect(await draftsOf(person.id)).toEqual([]);
  });

  it('a product already listed links to its page and to claiming it instead of making a second listing', async () => {
    const category = await insertCategory(t.db);
    const id = await insertListing(t.db, {
      category_id: category,
      status: 'live',
      launch_week: '2026-11-23',
      url: 'https://listed-product.com',
    });
    const { slug } = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]))!;
    const person = await signedInBrowser(t);
    const form = await person.browser.get(`${t.url}/submit`);
    const page = await person.browser.post(`${t.url}/submit`, { csrf: form.field('csrf'), url: 'https://www.listed-product.com/pricing' });
    expect(page.status).toBe(409);
    expect(page.text).toContain('This product is already listed');
    expect(page.text).toContain(`<a href="/listings/${slug}">See its page</a>`);
    // Someone else's listing: the way to take it over, on the site.
    expect(page.text).toContain(`<a href="/listings/${slug}/claim">Claim it</a>`);
    expect(page.text).toContain('value="https://www.listed-product.com/pricing"');
    expect(await draftsOf(person.id)).toEqual([]);
  });

  it('a forged form (no CSRF token, or another origin) starts nothing', async () => {
    const person = await signedInBrowser(t);
    const form = await person.browser.get(`${t.url}/submit`);
    const noToken = await person.browser.post(`${t.url}/submit`, { url: sites.urls.acme }, { follow: false });
    expect(noToken.status).toBe(403);
    const foreign = await person.browser.post(
      `${t.url}/submit`,
      { csrf: form.field('csrf'), url: sites.urls.acme },
      { follow: false, headers: { origin: 'https://attacker.example' } },
    );
    expect(foreign.status).toBe(403);
    expect(await draftsOf(person.id)).toEqual([]);
  });
});
