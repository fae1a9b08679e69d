import type { Context } from 'koa';
import { toProblem } from '../errors.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Headers whose value is a list of policies (IETF RateLimit fields): one per limit that applies. */
const LIST_FIELDS = new Set(['ratelimit', 'ratelimit-policy']);

declare module 'koa' {
  interface DefaultContext {
    /** PUBLIC_URL, set once on the application: problem `type` URIs are `${publicUrl}/problems/<code>`. */
    publicUrl: string;
  }
}

/** Answers `error` as problem+json (RFC 9457), with the headers it carries (Retry-After, WWW-Authenticate, ...). */
export function sendProblem(ctx: Context, error: unknown, requestId: string = ctx.state.requestId): void {
  const { problem, headers } = toProblem(error, requestId, ctx.publicUrl);
  ctx.status = problem.status;
  for (const [name, value] of Object.entries(headers)) {
    // An operation's own limit joins the request quota already named (structured-field lists), never replaces it.
    const listed = LIST_FIELDS.has(name.toLowerCase()) ? ctx.response.get(name) : '';
    ctx.set(name, listed ? joinPolicies(listed, value) : value);
  }
  ctx.type = PROBLEM_CONTENT_TYPE;
  ctx.body = JSON.stringify(problem);
}

/** The policies of both lists, one entry per policy name: an entry of `added` replaces the one of the same name. */
function joinPolicies(listed: string, added: string): string {
  const entries = (list: string) =>
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  const nameOf = (entry: string) => entry.split(';')[0];
  const replaced = new Set(entries(added).map(nameOf));
  return [...entries(listed).filter((entry) => !replaced.has(nameOf(entry))), ...entries(added)].join(', ');
}
