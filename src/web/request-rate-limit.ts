import type { Context, Middleware } from 'koa';
import type { BatchedCounter } from '../rate-limit/batched-counter.js';
import type { SiteSettings } from '../catalogue/site-settings.js';
import { RateLimitedError } from '../errors.js';
import { partitionKey, rateLimitHeaders, requestPolicy } from '../rate-limit/request-policy.js';
import { sendProblem } from '../../rest/problem.js';

export interface RequestRateLimitOptions {
  counter: BatchedCounter;
  settings: () => Promise<SiteSettings>;
  now: () => Date;
  /** Whether requests to this path count (the API surfaces); others pass untouched. */
  counts: (path: string) => boolean;
  /** The account of the request's valid credential, if any; requests without one count by client address. */
  accountOf: (ctx: Context) => Promise<string | undefined>;
}

/**
 * The site-wide request quota of the decisions file, shared by REST and MCP and by every instance
 * (the counts are in the database; see BatchedCounter for when they are written). Every counted answer carries RateLimit-Policy and RateLimit;
 * beyond the quota the answer is 429 problem+json with Retry-After.
 */
export function requestRateLimit(options: RequestRateLimitOptions): Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'OPTIONS' || !options.counts(ctx.path)) return next();
    const accountId = await options.accountOf(ctx);
    const policy = requestPolicy((await options.settings()).rate_limits, accountId !== undefined);
    const count = await options.counter.hit(partitionKey(accountId, ctx.ip), policy.limit, policy.windowSeconds, options.now());
    ctx.set(rateLimitHeaders(policy, count));
    if (count.allowed) return next();
    const who = accountId ? 'per account' : 'per client address without credentials';
    sendProblem(ctx, new RateLimitedError(count.resetSeconds, `At most ${policy.limit} requests a minute ${who}.`), ctx.state.requestId);
  };
}
