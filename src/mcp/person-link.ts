import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CallToolResult, inputRequired, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Database } from '../db/database.js';
import { sharedSecret } from '../security/service-secrets.js';
import type { AnyTool } from '../registry/tool.js';
import { randomToken } from '../security/random.js';

/**
 * URL-mode elicitation for operations that end in a page the person must open themselves (a checkout): when
 * the client says it can show a link to its user, the link goes to the user through the client, not through
 * the model. On 2026-07-28 that is an `input_required` result carrying an `elicitation/create` (mode url);
 * the client shows the page, then calls again with the result, which is answered from the signed state of the
 * first round (the operation does not run twice). Clients that do not declare it, and 2025-era requests (served
 * statelessly, so their capabilities are never known), get the plain answer with the link in it.
 */
const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
/** The second round must come within this time of the first. */
const STATE_LIFETIME_MS = 60 * 60_000;
const OPEN_LINK = 'open_link';

export function declaresUrlElicitation(envelope: unknown): boolean {
  const capabilities = (envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES] as
    | { elicitation?: { url?: unknown } }
    | undefined;
  return typeof capabilities?.elicitation?.url === 'object' && capabilities.elicitation.url !== null;
}

type Sealed = { account: string; at: number; result: CallToolResult };

/** Signs and opens the state that carries a first round's answer to the second, bound to the caller. */
export function linkHandOff(services: { db: Database; now: () => Date }) {
  let key: Promise<string> | undefined;
  const now = () => services.now();
  const keyOf = () => {
    key ??= sharedSecret(services.db, 'mcp_request_state_key', () => randomToken(32));
    return key;
  };
  const sign = async (payload: string) =>
    createHmac('sha256', await keyOf())
      .update(payload)
      .digest();

  /** The first round: the answer stays on the server's side of the state, the link goes to the person. */
  async function handOff(result: CallToolResult, link: { url: string; message: string }, accountId: string) {
    const payload = Buffer.from(JSON.stringify({ account: accountId, at: now().getTime(), result } satisfies Sealed)).toString('base64url');
    const requestState = `${payload}.${(await sign(payload)).toString('base64url')}`;
    return inputRequired({ inputRequests: { [OPEN_LINK]: inputRequired.elicitUrl(link) }, requestState });
  }

  return {
    /**
     * A tool's answer as the client gets it: the plain answer, or (a tool with a person link, a signed-in caller,
     * a client that declares URL elicitation) the first round, whose state carries the answer to the second.
     */
    answer(tool: AnyTool, result: CallToolResult, envelope: unknown, accountId: string | undefined) {
      if (!accountId || result.isError || !declaresUrlElicitation(envelope)) return result;
      const link = tool.personLink?.(result.structuredContent as never);
      return link ? handOff(result, link, accountId) : result;
    },
    /** The second round: the first round's answer, whatever the person did with the link (it is in the answer too). */
    async resume(state: string, accountId: string | undefined): Promise<CallToolResult> {
      const [payload = '', signature = ''] = state.split('.');
      const expected = await sign(payload);
      const given = Buffer.from(signature, 'base64url');
      const sealed =
        given.length === expected.length && timingSafeEqual(given, expected)
          ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as Sealed)
          : undefined;
      if (!sealed || sealed.account !== accountId || now().getTime() - sealed.at > STATE_LIFETIME_MS)
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState: call the tool again without it');
      return sealed.result;
    },
  };
}
