import { type Toolset, TOOLSETS } from '../src/registry/toolsets.js';
import { SCOPES } from '../src/accounts/caller.js';
import { ROLE_DUTIES } from '../src/staff/roles.js';
import { WEBHOOK_EVENTS } from '../src/webhooks/events.js';

/** An operation in the API reference at /docs (Swagger UI's deep link: #/<tag>/<operationId>, the tag its toolset). */
const op = (toolset: Toolset, name: string) => `[${name}](#/${toolset}/${name})`;

/**
 * The OpenAPI document's `info.description` (CommonMark): how to call the API, authenticate, narrow the MCP
 * tools, receive webhooks, and what the site team's operations are. The API reference at /docs renders it
 * above the operations; the headings carry ids so that /docs#authentication, #toolsets, #webhooks and
 * #site-team reach them.
 */
export function apiDescription(publicUrl: string): string {
  const heading = (id: string, text: string) => `<h2 id="${id}">${text}</h2>`;
  return [
    'A public directory of launched software products: listings, launch weeks, leaderboards, founders, blog, awards and badges. ' +
      `Every operation is also an MCP tool of the same name at ${publicUrl}/mcp (Streamable HTTP; its toolsets, resources and prompts: ` +
      `[${publicUrl}/docs/mcp](${publicUrl}/docs/mcp)).`,
    'Errors are `application/problem+json` with a stable `code` and, for invalid input, an `errors` list naming every bad path. ' +
      'Lists answer `{items, page, per_page, total, has_more}`.',
    heading('authentication', 'Authentication'),
    'Public operations need nothing. Signed-in operations take `Authorization: Bearer <credential>`, and each names the scope it needs:',
    Object.entries(SCOPES)
      .map(([scope, meaning]) => `- \`${scope}\`: ${meaning}`)
      .join('\n'),
    'Two kinds of credential:',
    [
      `- **API key** (scripts, REST integrations): a person signs in on the site and makes one on [/account/api-keys](${publicUrl}/account/api-keys), ` +
        'choosing its scopes; it is shown once. Here, paste it under **Authorize** → `apiKey` to try the signed-in operations.',
      '- **OAuth 2.1** (MCP clients and apps): authorization code with PKCE, dynamic client registration or a client metadata document. ' +
        'A call without a credential answers 401 with ' +
        `\`WWW-Authenticate: Bearer scope="…", resource_metadata="${publicUrl}/.well-known/oauth-protected-resource/mcp"\` ` +
        '(for REST, `…/api/v1`), where the flow starts; the token is bound to the resource it was issued for (`/mcp` or `/api/v1`).',
    ].join('\n'),
    heading('toolsets', 'Toolsets'),
    'MCP clients may ask for fewer tools in the address, e.g. `/mcp?toolsets=directory,orders`, and `/mcp?read_only=true` ' +
      'for only the tools that change nothing. The toolsets:',
    Object.entries(TOOLSETS)
      .map(([name, about]) => `- \`${name}\`: ${about}`)
      .join('\n'),
    heading('webhooks', 'Webhooks'),
    `With ${op('webhooks', 'create_webhook')} (scope \`webhooks:write\`, which a client is given only when it asks for it) the service POSTs ` +
      'events of your own objects to your https address, as JSON `{"type", "timestamp", "data"}`. The events:',
    Object.entries(WEBHOOK_EVENTS)
      .map(([type, meaning]) => `- \`${type}\`: ${meaning}`)
      .join('\n'),
    "Every delivery is signed per [Standard Webhooks](https://www.standardwebhooks.com/): headers `webhook-id` (the event's id, the " +
      'same on every attempt: drop repeats), `webhook-timestamp` and `webhook-signature` (`v1,` + HMAC-SHA256 with the `whsec_…` ' +
      'secret answered once by create_webhook). Check it with a Standard Webhooks library, e.g. in Node:',
    [
      '```js',
      "import { Webhook } from 'standardwebhooks';",
      "// body: the raw request body as text; headers: the request's headers",
      'const event = new Webhook(process.env.WEBHOOK_SECRET).verify(body, headers); // throws when forged, altered or older than 5 minutes',
      '```',
    ].join('\n'),
    'Answer 2xx within 10 seconds. Anything else (or no answer) is retried with the same `webhook-id` after 30 s, 1, 2, 4 … minutes ' +
      "for 24 hours (13 attempts). When every attempt since a delivery's first one failed, the webhook is disabled and its owner is " +
      `mailed; \`410 Gone\` disables it at once. ${op('webhooks', 'list_webhook_deliveries')} shows every attempt; ${op('webhooks', 'redeliver_webhook')} ` +
      'sends one again, and a success enables the webhook again. Addresses must be public: a name that resolves to a private ' +
      'address is refused when the delivery connects.',
    heading('site-team', 'The site team'),
    `The people who run the directory have staff roles: **admin** (${ROLE_DUTIES.admin}), **editor** (${ROLE_DUTIES.editor}) and ` +
      `**moderator** (${ROLE_DUTIES.moderator}). Their operations, under \`/api/v1/admin/\` and in the MCP toolset \`admin\`, need ` +
      'the scope `admin`, which only staff accounts are given (an API key or an app asking for it on another account is refused), ' +
      "and each checks the account's role as it is when it runs: a role that does not allow it answers 403 `insufficient_role`, so " +
      'a demotion applies at once to every key and token. Over MCP these tools are listed only to a credential with the scope, each ' +
      `for the roles it allows. The same operations are the forms of the console at [/admin](${publicUrl}/admin), and every one ` +
      'of them is written to the append-only audit log.',
  ].join('\n\n');
}
