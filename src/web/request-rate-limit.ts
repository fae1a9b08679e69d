import type { Context, Middleware } from 'koa';
import type { SiteSettings } from '../catalogue/site-settings.js';
import { RateLimitedError } from '../errors.js';
import type { RateCounter, RatePolicy } from '../rate-limit/counter.js';
import { partitionKey, rateLimitHeaders, requestPolicy } from '../rate-limit/request-policy.js';
import { sendProblem } from './problem.js';

export interface RequestRateLimitOptions {
  counter: RateCounter;
  settings: () => Promise<SiteSettings>;
  now: () => Date;
  /** Whether requests to this path count (the API surfaces); others pass untouched. */
  counts: (path: string) => boolean;
  /** The account of the request's valid credential, if any; requests without one count by client address. */
  accountOf: (ctx: Context) => Promise<string | undefined>;
}

export interface RequestQuota {
  middleware: Middleware;
  /**
   * Counts more requests carried by one HTTP request (the messages of a JSON-RPC batch after the
   * first): the 429 to answer when they do not fit, else undefined.
   */
  chargeMore(ctx: Context, requests: number): Promise<RateLimitedError | undefined>;
}

interface Charged {
  key: string;
  policy: RatePolicy;
  signedIn: boolean;
}

/**
 * The site-wide request quota of the decisions file, shared by REST and MCP and by every instance
 * (the counts are in the database; see BatchedCounter for when they are written). Every counted
 * answer carries RateLimit-Policy and RateLimit; beyond the quota the answer is 429 problem+json
 * with Retry-After.
 */
export function requestQuota(options: RequestRateLimitOptions): RequestQuota {
  const charged = new WeakMap<Context, Charged>();
  const charge = async (ctx: Context, of: Charged, requests: number) => {
    const count = await options.counter.hit(of.key, of.policy, options.now(), requests);
    ctx.set(rateLimitHeaders(of.policy, count));
    if (count.allowed) return undefined;
    const who = of.signedIn ? 'per account' : 'per client address without credentials';
    return new RateLimitedError(
      count.resetSeconds,
      `At most ${of.policy.limit} requests a minute ${who}.`,
      rateLimitHeaders(of.policy, count),
    );
  };
  return {
    async middleware(ctx, next) {
      if (ctx.method === 'OPTIONS' || !options.counts(ctx.path)) return next();
      const accountId = await options.accountOf(ctx);
      const of = {
        key: partitionKey(accountId, ctx.ip),
        policy: requestPolicy((await options.settings()).rate_limits, accountId !== undefined),
        signedIn: accountId !== undefined,
      };
      charged.set(ctx, of);
      const refusal = await charge(ctx, of, 1);
      if (!refusal) return next();
      sendProblem(ctx, refusal, ctx.state.requestId);
    },
    async chargeMore(ctx, requests) {
      const of = charged.get(ctx);
      return of && requests > 0 ? charge(ctx, of, requests) : undefined;
    },
  };
}
