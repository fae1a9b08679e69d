import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../src/registry/tool.js';
import { requireScopes, withAuthenticationChallenge } from '../../src/registry/scopes.js';
import type { Caller } from '../../src/accounts/caller.js';
import type { Scope } from '../../src/accounts/caller.js';

const METADATA = 'http://api.test/.well-known/oauth-protected-resource/mcp';

const needing = (...scopes: Scope[]) =>
  defineTool({
    name: 'needs_scopes',
    title: 'Needs scopes',
    toolset: 'account',
    description: 'Test tool.',
    http: { method: 'GET', path: '/needs', status: 200 },
    scopes,
    idempotencyKey: false,
    input: z.strictObject({}),
    output: z.object({}),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async () => ({}),
  });

/** The WWW-Authenticate challenge of the refusal requireScopes throws for `caller`. */
function challengeOf(tool: ReturnType<typeof needing>, caller: Caller | null): { status: number; challenge: string } {
  try {
    requireScopes(tool, caller);
  } catch (error) {
    const refusal = withAuthenticationChallenge(error, METADATA) as { status: number; headers: Record<string, string> };
    return { status: refusal.status, challenge: refusal.headers['WWW-Authenticate'] };
  }
  throw new Error('not refused');
}

const caller = (...scopes: Scope[]): Caller => ({ accountId: 'a', scopes, via: 'api_key' }) as unknown as Caller;

describe('the sign-in challenge asks once for the founder journey', () => {
  it('names account:read listings:write orders:write to an anonymous caller of any of them', () => {
    for (const scope of ['account:read', 'listings:write', 'orders:write'] as const) {
      expect(challengeOf(needing(scope), null)).toEqual({
        status: 401,
        challenge: `Bearer scope="account:read listings:write orders:write", resource_metadata="${METADATA}"`,
      });
    }
  });

  it('adds webhooks:write only for a tool that needs it; a site team tool asks for admin alone', () => {
    expect(challengeOf(needing('webhooks:write'), null).challenge).toContain(
      'scope="account:read listings:write orders:write webhooks:write"',
    );
    expect(challengeOf(needing('admin'), null).challenge).toContain('scope="admin"');
  });

  it('names only the missing scope in a 403', () => {
    expect(challengeOf(needing('listings:write', 'orders:write'), caller('account:read', 'listings:write'))).toEqual({
      status: 403,
      challenge: `Bearer error="insufficient_scope", scope="orders:write", resource_metadata="${METADATA}"`,
    });
    expect(() => requireScopes(needing('orders:write'), caller('orders:write'))).not.toThrow();
  });
});
