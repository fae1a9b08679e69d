import type { Middleware } from 'koa';
import { TOOLSETS } from '../src/registry/toolsets.js';
import { SCOPE_NAMES } from '../src/accounts/caller.js';
import { ROLE_DUTIES } from '../src/staff/roles.js';
import { WEBHOOK_EVENTS } from '../src/webhooks/events.js';
import type { Registry } from '../src/registry/registry.js';
import type { AnyTool } from '../src/registry/tool.js';
import { inputJsonSchema, outputJsonSchema, pathParams, type JsonSchema } from '../src/registry/json-schema.js';
import { html, page, type SafeHtml } from '../src/text/html.js';

/** GET /docs: a readable reference of the same registry the OpenAPI document is made from. */
export function docsPage(options: { registry: Registry; publicUrl: string }): Middleware {
  const body = render(options.registry, options.publicUrl);
  return async (ctx, next) => {
    if (ctx.path !== '/docs' || ctx.method !== 'GET') return next();
    ctx.type = 'html';
    ctx.body = body;
  };
}

function render(registry: Registry, publicUrl: string): string {
  const publicTools = registry.tools.filter((t) => t.scopes.length === 0);
  const signedIn = registry.tools.filter((t) => t.scopes.length > 0 && !t.staffRole);
  const staff = registry.tools.filter((t) => t.staffRole);
  return page(
    'Launch Directory API reference',
    html`<h1>Launch Directory API</h1>
<p>REST base address <code>${publicUrl}/api/v1</code> · MCP (Streamable HTTP) <code>${publicUrl}/mcp</code> ·
machine-readable <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>.</p>
<p>Every operation below is also an MCP tool with the same name. Errors are <code>application/problem+json</code>
with a stable <code>code</code> and, for invalid input, an <code>errors</code> list naming every bad path.
Lists answer <code>{items, page, per_page, total, has_more}</code>.</p>
<h2 id="authentication">Authentication</h2>
<p>Public operations need nothing. Signed-in operations take <code>Authorization: Bearer &lt;credential&gt;</code>, and each
names the scope it needs (${SCOPE_NAMES.map((scope, i) => html`${i ? ', ' : ''}<code>${scope}</code>`)}):</p>
<ul><li><b>API key</b> (scripts, REST integrations): a person signs in on the site and makes one on
<a href="/account/api-keys">/account/api-keys</a>, choosing its scopes; it is shown once.</li>
<li><b>OAuth 2.1</b> (MCP clients and apps): authorization code with PKCE, dynamic client registration or a client
metadata document. A call without a credential answers 401 with <code>WWW-Authenticate: Bearer scope="…",
resource_metadata="${publicUrl}/.well-known/oauth-protected-resource/mcp"</code> (for REST, <code>…/api/v1</code>), where the
flow starts; the token is bound to the resource it was issued for (<code>/mcp</code> or <code>/api/v1</code>).</li></ul>
<p>MCP clients may ask for fewer tools in the address, e.g. <code>/mcp?toolsets=directory,orders</code>, and
<code>/mcp?read_only=true</code> for only the tools that change nothing. The toolsets:</p>
<ul>${Object.entries(TOOLSETS).map(([name, about]) => html`<li><code>${name}</code>: ${about}</li>`)}</ul>
${webhooksSection()}
${siteTeamSection()}
<nav>${[...publicTools, ...signedIn, ...staff].map((t) => html`<a href="#${t.name}">${t.name}</a> `)}</nav>
<h2>Public operations</h2>${publicTools.map(operation)}
${signedIn.length ? html`<h2>Signed-in operations</h2>${signedIn.map(operation)}` : ''}
${staff.length ? html`<h2>Site team operations</h2>${staff.map(operation)}` : ''}`,
  );
}

function siteTeamSection(): SafeHtml {
  return html`<h2 id="site-team">The site team</h2>
<p>The people who run the directory have staff roles: <b>admin</b> (${ROLE_DUTIES.admin}), <b>editor</b>
(${ROLE_DUTIES.editor}) and <b>moderator</b> (${ROLE_DUTIES.moderator}). Their operations, under
<code>/api/v1/admin/</code> and in the MCP toolset <code>admin</code>, need the scope <code>admin</code>, which only staff
accounts are given (an API key or an app asking for it on another account is refused), and each checks the account's
role as it is when it runs: a role that does not allow it answers 403 <code>insufficient_role</code>, so a demotion
applies at once to every key and token. Over MCP these tools are listed only to a credential with the scope, each for
the roles it allows. The same operations are the forms of the console at <a href="/admin">/admin</a>, and every one of
them is written to the append-only audit log.</p>`;
}

function webhooksSection(): SafeHtml {
  return html`<h2 id="webhooks">Webhooks</h2>
<p>With <a href="#create_webhook">create_webhook</a> (scope <code>webhooks:write</code>, which a client is given only when it
asks for it) the service POSTs events of your own objects to your https address, as JSON
<code>{"type", "timestamp", "data"}</code>. The events:</p>
<ul>${Object.entries(WEBHOOK_EVENTS).map(([type, meaning]) => html`<li><code>${type}</code>: ${meaning}</li>`)}</ul>
<p>Every delivery is signed per <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>: headers
<code>webhook-id</code> (the event's id, the same on every attempt: drop repeats), <code>webhook-timestamp</code> and
<code>webhook-signature</code> (<code>v1,</code> + HMAC-SHA256 with the <code>whsec_…</code> secret answered once by
create_webhook). Check it with a Standard Webhooks library, e.g. in Node:</p>
<pre>import { Webhook } from 'standardwebhooks';
// body: the raw request body as text; headers: the request's headers
const event = new Webhook(process.env.WEBHOOK_SECRET).verify(body, headers); // throws when forged, altered or older than 5 minutes</pre>
<p>Answer 2xx within 10 seconds. Anything else (or no answer) is retried with the same <code>webhook-id</code> after 30 s,
1, 2, 4 … minutes for 24 hours (13 attempts). When every attempt since a delivery's first one failed, the webhook is
disabled and its owner is mailed; <code>410 Gone</code> disables it at once. <a href="#list_webhook_deliveries">list_webhook_deliveries</a>
shows every attempt; <a href="#redeliver_webhook">redeliver_webhook</a> sends one again, and a success enables the webhook
again. Addresses must be public: a name that resolves to a private address is refused when the delivery connects.</p>`;
}

function operation(tool: AnyTool): SafeHtml {
  const input = inputJsonSchema(tool.input);
  const props = Object.entries((input.properties ?? {}) as Record<string, JsonSchema>);
  const required = new Set((input.required ?? []) as string[]);
  const inPath = new Set(pathParams(tool));
  const where = (name: string) =>
    inPath.has(name) ? 'path' : tool.http.method === 'GET' || tool.http.method === 'DELETE' ? 'query' : 'body';
  const outputKeys = Object.keys((outputJsonSchema(tool.output).properties ?? {}) as object);
  return html`<section class="op" id="${tool.name}">
<h3><span class="m">${tool.http.method}</span> <code>/api/v1${tool.http.path}</code> — ${tool.title}</h3>
<p><b>${tool.name}</b>${tool.scopes.length ? html` · scope <code>${tool.scopes.join(' ')}</code>` : ' · public'}${tool.idempotencyKey ? ' · accepts Idempotency-Key' : ''}</p>
<p>${tool.description}</p>
${
  props.length
    ? html`<table><tr><th>Input</th><th>In</th><th>Type</th><th>Description</th></tr>${props.map(
        ([name, schema]) =>
          html`<tr><td><code>${name}</code>${required.has(name) ? ' (required)' : ''}</td><td>${where(name)}</td><td>${typeName(schema)}</td><td>${String(schema.description ?? '')}</td></tr>`,
      )}</table>`
    : html`<p>No input.</p>`
}
<p>Answers <b>${tool.http.status}</b> with fields ${outputKeys.map((k, i) => html`${i ? ', ' : ''}<code>${k}</code>`)}.</p>
</section>`;
}

function typeName(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ');
  if (schema.type) return Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(typeName).join(' | ');
  return 'any';
}
