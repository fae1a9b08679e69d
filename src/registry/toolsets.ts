/**
 * Toolsets: the groups of operations an MCP client can ask for in the address
 * (`/mcp?toolsets=directory,orders`), so that an assistant carries only the tools of its job in its context.
 * Every tool names its one toolset in its defineTool declaration.
 */
export const TOOLSETS = {
  directory: 'the public directory: search, profiles, launch weeks, leaderboards, awards, founders, blog, badges (no sign-in)',
  submission: 'submitting a product by its website address: drafts, review, co-founder invites, saving the listing',
  listings: 'your listings: the owner view, edits, the free launch, updates, milestones, founder story and interview',
  claims: 'taking over a listing someone else added, by proving control of its domain',
  orders: 'products and prices, quotes, checkout and your orders',
  account: 'who is signed in and what the credential allows',
  webhooks: 'outbound webhooks: events of your drafts, listings, claims, orders and awards sent to your own URL, signed',
  admin:
    "the site team's operations (blog, categories, interview questions, moderation, reports, orders, settings, roles, audit log); listed only for a credential with the admin scope, each tool for the roles it allows",
} as const;

export type Toolset = keyof typeof TOOLSETS;

export const TOOLSET_NAMES = Object.keys(TOOLSETS) as Toolset[];

export const isToolset = (name: string): name is Toolset => Object.hasOwn(TOOLSETS, name);
