import packageJson from '../../package.json' with { type: 'json' };
import { TOOLSET_NAMES } from '../registry/toolsets.js';

/** How the MCP server introduces itself: in `initialize` and `server/discover` answers. */
export const SERVER_INFO = { name: 'launch-directory', version: packageJson.version } as const;

/** The server's instructions, naming the site as its settings say (`siteName`). */
export const instructions = (siteName: string): string =>
  [
    `${siteName} is a public directory of launched software products: listings organised in a category tree,`,
    'weekly launches, leaderboards, founder profiles, blog posts, awards and badges. Site data is refreshed daily.',
    'Tools that read public content need no sign-in; use them freely to search and look up products.',
    'Tools that act for a person (their account, submitting, editing and claiming listings, orders) need sign-in:',
    'calling one makes this server ask the client to start its sign-in flow, after which the call can be repeated.',
    'Orders end in a checkout link that the person opens and pays on themselves.',
    "Votes, reviews, comments and content reports are made by people themselves on the listing's page (its profile_url),",
    'not by tools: no tool votes, reviews, comments or reports (a maker may only answer a comment on their listing, reply_to_comment).',
    `Fewer tools: /mcp?toolsets= with one or more of ${TOOLSET_NAMES.join(', ')} (comma-separated),`,
    'and /mcp?read_only=true for only the tools that change nothing; both can be combined.',
    'A tool that writes takes an optional idempotency_key (a UUID): a retry with the same key within 24 hours gets the first answer and acts only once.',
    'A failed call returns an RFC 9457 problem (JSON) whose stable `code` says what went wrong',
    '(for example validation_failed with the offending fields, or not_found).',
  ].join(' ');
