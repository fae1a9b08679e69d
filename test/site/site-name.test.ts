/**
 * The brand is the site_name setting (issue 51, part 8): renamed through the real settings writer, the pages, the
 * mail, the MCP server's instructions and card, the REST reference and OpenAPI title and the OAuth resource metadata
 * say the new name within the settings cache time, and no longer the old one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory } from '../support/fixtures.js';
import { person, ownedListing } from '../listings/support.js';
import { staffPerson } from '../console/support.js';
import { restCall } from '../moderation/support.js';
import { readJsonRpc } from '../support/oauth.js';
import { readOutbox } from '../../src/mail/mailer.js';
import { issueAccountToken } from '../../src/accounts/accounts.js';
import { DEFAULT_SITE_SETTINGS, SETTINGS_CACHE_SECONDS } from '../../src/catalogue/site-settings.js';
import { updateSiteSettings } from '../../src/staff/settings-writer.js';
import { COMMAND_LINE } from '../../src/staff/audit-log.js';

const OLD = DEFAULT_SITE_SETTINGS.site_name;
const NEW = 'Orbit Board';
/** Every instance rereads the settings after this long: the rename shows within it (and a margin). */
const WITHIN = { timeout: SETTINGS_CACHE_SECONDS * 1000 + 5000, interval: 100 };

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ jobs: { processEveryMs: 50 } });
}, 60_000);
afterAll(() => t?.close());

const text = async (path: string) => (await fetch(`${t.url}${path}`)).text();
const json = async (path: string) => (await fetch(`${t.url}${path}`)).json();

async function instructions(): Promise<string> {
  const response = await fetch(`${t.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'site-name', version: '1' } },
    }),
  });
  return (await readJsonRpc(response)).result.instructions;
}

/** What each surface calls the site now. */
async function names(verifyPath: string) {
  const [bot, docs, openApi, card, mcp, resource, verify] = await Promise.all([
    text('/bot'),
    text('/docs'),
    json('/api/v1/openapi.json'),
    json('/mcp/server-card'),
    instructions(),
    json('/.well-known/oauth-protected-resource/mcp'),
    text(verifyPath),
  ]);
  return {
    bot: bot.match(/submits it to (.+?) at/)?.[1],
    botHeader: bot.match(/<a class="brand" href="\/">(.+?)<\/a>/)?.[1],
    docs: docs.match(/<title>(.+?) API reference<\/title>/)?.[1],
    openApi: openApi.info.title,
    card: card.title,
    /** The registry name: the host's namespace, then the site's name as a slug (issue 52). */
    cardName: card.name.split('/')[1],
    mcp: mcp.split(' is a public directory')[0],
    resource: resource.resource_name,
    verify: verify.match(/create an account on (.+?) with this address/)?.[1],
    oldNamed: [bot, docs, JSON.stringify(openApi.info), JSON.stringify(card.title), mcp, resource.resource_name, verify].some((s) =>
      s.includes(OLD),
    ),
  };
}

describe('the site_name setting', () => {
  it('names the site on every surface, and a rename shows everywhere within the settings cache time', async () => {
    const reader = await person(t.db);
    const token = await issueAccountToken(t.db, reader.id, 'verify_email', new Date());
    const verifyPath = `/verify-email?token=${token}`;
    expect(await names(verifyPath)).toEqual({
      bot: OLD,
      botHeader: OLD,
      docs: OLD,
      openApi: `${OLD} API`,
      card: OLD,
      cardName: 'launch-directory',
      mcp: OLD,
      resource: `${OLD} MCP server`,
      verify: OLD,
      oldNamed: true,
    });

    await updateSiteSettings(t.db, { actor: COMMAND_LINE, changes: { site_name: NEW }, now: new Date() });
    await expect
      .poll(() => names(verifyPath), WITHIN)
      .toEqual({
        bot: NEW,
        botHeader: NEW,
        docs: NEW,
        openApi: `${NEW} API`,
        card: NEW,
        cardName: 'orbit-board',
        mcp: NEW,
        resource: `${NEW} MCP server`,
        verify: NEW,
        oldNamed: false,
      });
  }, 30_000);

  it("names it in a mail composed after the rename (the moderation mail to a listing's owners)", async () => {
    await updateSiteSettings(t.db, { actor: COMMAND_LINE, changes: { site_name: NEW }, now: new Date() });
    const [owner, moderator] = await Promise.all([person(t.db), staffPerson(t.db, 'moderator')]);
    const listing = await ownedListing(t.db, owner, { category_id: await insertCategory(t.db), status: 'live', name: 'Quillmoth Named' });
    const hidden = await restCall(t, moderator.key, 'POST', `/admin/listings/${listing.slug}/moderation`, {
      action: 'hide',
      reason: 'Sells counterfeit licences',
    });
    expect(hidden.status).toBe(200);
    await expect
      .poll(async () => (await readOutbox(t.db, { to: owner.email })).map((mail) => mail.subject), WITHIN)
      .toEqual(['Quillmoth Named is hidden from Orbit Board']);
    const [mail] = await readOutbox(t.db, { to: owner.email });
    expect(mail!.text).not.toContain(OLD);
  });
});
