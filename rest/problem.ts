import type { Context } from 'koa';
import { toProblem } from '../src/errors.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function sendProblem(ctx: Context, error: unknown, requestId: string): void {
  const { problem, headers } = toProblem(error, requestId);
  ctx.status = problem.status;
  ctx.set(headers);
  ctx.type = PROBLEM_CONTENT_TYPE;
  ctx.body = JSON.stringify(problem);
}
