import type { Context } from 'koa';
import { toProblem } from '../errors.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

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
  ctx.set(headers);
  ctx.type = PROBLEM_CONTENT_TYPE;
  ctx.body = JSON.stringify(problem);
}
