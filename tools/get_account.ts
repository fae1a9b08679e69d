import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { refusedScopes, SCOPE_NAMES, SCOPES, type Scope } from '../src/accounts/caller.js';
import { STAFF_ROLES } from '../src/staff/roles.js';
import { findAccount } from '../src/accounts/accounts.js';
import { UnauthorizedError } from '../src/errors.js';

const scopeName = z.enum(Object.keys(SCOPES) as [Scope, ...Scope[]]);

export default defineTool({
  name: 'get_account',
  title: 'Who am I',
  toolset: 'account',
  description:
    'The signed-in account (id, e-mail, whether confirmed) and its credential: OAuth access token (app, resource, expiry) or API key (name, prefix), the scopes it carries in plain words and those it lacks. Use it to check a connection, or a missing scope before a write.',
  http: { method: 'GET', path: '/me', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  input: z.strictObject({}),
  output: z.object({
    account: z.object({
      id: z.string(),
      email: z.string(),
      email_verified: z.boolean(),
      created_at: z.string().describe('ISO 8601 time the account was made'),
      role: z.enum(STAFF_ROLES).nullable().describe('Staff role (admin toolset), or null'),
    }),
    access: z.object({
      via: z
        .enum(['token', 'api_key', 'session'])
        .describe('token: an OAuth access token; api_key: an API key made on the API keys page; session: the site in a browser'),
      scopes: z.array(z.object({ scope: scopeName, allows: z.string() })).describe('What this credential may do'),
      missing_scopes: z.array(scopeName).describe('Scopes this credential does not carry; operations needing them answer 403'),
      client_id: z.string().nullable().describe('The OAuth client the token was issued to; null for API keys'),
      resource: z.string().nullable().describe('The resource (audience) the token is bound to; null for API keys'),
      expires_at: z.string().nullable().describe('When the access token expires; null for API keys (valid until revoked)'),
      api_key: z.object({ name: z.string(), prefix: z.string() }).nullable().describe('The API key used; null for tokens'),
    }),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(_input, { services, caller }) {
    const account = await findAccount(services.db, caller.accountId);
    if (!account) throw new UnauthorizedError('The account behind this credential no longer exists.', true);
    const { credential } = caller;
    const token = credential.kind === 'token' ? credential : undefined;
    return {
      account: {
        id: account.id,
        email: account.email,
        email_verified: account.emailVerified,
        created_at: account.createdAt,
        role: account.role,
      },
      access: {
        via: credential.kind,
        scopes: caller.scopes.map((scope) => ({ scope, allows: SCOPES[scope] })),
        // The admin scope is missing only for staff: nobody else can be given it.
        missing_scopes: SCOPE_NAMES.filter((scope) => !caller.scopes.includes(scope) && refusedScopes([scope], account.role).length === 0),
        client_id: token?.clientId ?? null,
        resource: token?.resource ?? null,
        expires_at: token?.expiresAt ?? null,
        api_key: credential.kind === 'api_key' ? { name: credential.name, prefix: credential.prefix } : null,
      },
    };
  },
});
