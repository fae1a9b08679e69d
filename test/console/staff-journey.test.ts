/**
 * Issue 29's "done when", as an assistant does it: a newcomer makes themself admin with one command, and with the
 * admin toolset over MCP (the official SDK client, an API key of theirs) publishes a post, hides a listing and
 * refunds an order, then reads each in the audit log. (The same in the console, in Chromium: editorial-, moderation-
 * and orders-console tests.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { caller, ownedListing, person } from '../listings/support.js';
import { makeAccount } from '../support/oauth.js';
import { adminDeps } from '../support/admin.js';
import { runAdminCommand } from '../../src/admin/commands.js';
import { paidTestOrder, PRODUCTS_SQL } from '../orders/support.js';
import { surfacesShowing } from '../moderation/support.js';

let t: TestApp;
let client: Client;
beforeAll(async () => {
  t = await startTestApp({ prepare: (db) => db.query(PRODUCTS_SQL).then(() => undefined) });
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

it('a newcomer becomes admin with one command and runs the directory through an assistant, each step in the audit log', async () => {
  const newcomer = await makeAccount(t.db);
  const deps = adminDeps(t.db, () => new Date());
  expect((await runAdminCommand(deps, ['set-role', newcomer.email, 'admin'])).exitCode).toBe(0);
  const made = await runAdminCommand(deps, ['create-api-key', newcomer.email, '--scopes', 'account:read,admin']);
  expect(made.exitCode).toBe(0);
  const key = made.output.trimEnd().split('\n').at(-1)!;

  client = new Client({ name: 'staff-journey', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${t.url}/mcp?toolsets=admin,account`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  expect(tools).toEqual(expect.arrayContaining(['create_blog_post', 'moderate_listing', 'refund_order', 'list_audit_log']));
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    return result.structuredContent as Record<string, any>;
  };

  const post = await call('create_blog_post', {
    title: 'How launches work here',
    body_markdown: 'Every **Monday** a new week starts.',
    publish: true,
    faqs: [{ question: 'Is it free?', answer: 'The free launch is.' }],
  });
  const onBlog = await (await fetch(`${t.url}/api/v1/blog`)).json();
  expect(onBlog.items.map((item: { slug: string }) => item.slug)).toContain(post.slug);

  const owner = await person(t.db);
  const listing = await ownedListing(t.db, owner, { status: 'live', name: 'Spam Rocket' });
  expect(await surfacesShowing(t.url, { slug: listing.slug, name: 'Spam Rocket' })).toContain('search_listings');
  await call('moderate_listing', { listing: listing.slug, action: 'hide', reason: 'Sells followers' });
  expect((await fetch(`${t.url}/api/v1/listings/${listing.slug}`)).status).toBe(404);

  const order = await paidTestOrder(t, caller(t), owner, [{ product: 'launch', listing_id: (await ownedListing(t.db, owner)).id }]);
  const refunded = await call('refund_order', { number: order.number, reason: 'Bought twice by mistake' });
  expect(refunded).toMatchObject({ number: order.number, status: 'refunded' });

  const log = await call('list_audit_log', { actor: newcomer.email });
  expect(log.items.map((entry: { action: string; target_id: string }) => `${entry.action} ${entry.target_id}`)).toEqual([
    `order.refund ${order.number}`,
    `listing.hide ${listing.slug}`,
    `blog_post.create ${post.slug}`,
  ]);
  expect(log.items[1]).toMatchObject({ reason: 'Sells followers', before: { status: 'live' }, after: { status: 'hidden' } });
});
