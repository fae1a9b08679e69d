import type { Context, Middleware, Next } from 'koa';
import type { SiteSettings } from '../catalogue/site-settings.js';
import { RateLimitedError } from '../errors.js';
import type { RateCounter, RatePolicy } from '../rate-limit/counter.js';
import type { WindowCount } from '../rate-limit/fixed-window.js';
import { partitionKey, rateLimitHeaders, requestPolicy } from '../rate-limit/request-policy.js';
import { sendProblem } from './problem.js';

export interface RequestRateLimitOptions {
  counter: RateCounter;
  settings: () => SiteSettings | Promise<SiteSettings>;
  now: () => Date;
  /** Whether requests to this path count (the API surfaces); others pass untouched. */
  counts: (path: string) => boolean;
  /**
   * The account of the request's valid credential, if any; requests without one count by client address.
   * Answered at once for a request that carries no credential.
   */
  accountOf: (ctx: Context) => string | undefined | Promise<string | undefined>;
  /** What a key holds of a client address: a keyed hash (src/security/keyed-hash.ts), never the address. */
  hashAddress: (address: string) => string;
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
  /** The 429 to answer, or undefined; headers set either way. Synchronous while the counter answers from memory. */
  const charge = (ctx: Context, of: Charged, requests: number) => {
    const count = options.counter.hit(of.key, of.policy, options.now(), requests);
    return count instanceof Promise ? count.then((c) => verdict(ctx, of, c)) : verdict(ctx, of, count);
  };
  const admit = (ctx: Context, next: Next, accountId: string | undefined, settings: SiteSettings) => {
    const of = {
      key: partitionKey(accountId, ctx.ip, options.hashAddress),
      policy: requestPolicy(settings.rate_limits, accountId !== undefined),
      signedIn: accountId !== undefined,
    };
    charged.set(ctx, of);
    const refusal = charge(ctx, of, 1);
    if (refusal instanceof Promise) return refusal.then((r) => (r ? sendProblem(ctx, r, ctx.state.requestId) : next()));
    return refusal ? sendProblem(ctx, refusal, ctx.state.requestId) : next();
  };
  return {
    // Plain calls and no await on the common path: the caller, the settings and the count are all known in memory.
    middleware(ctx, next) {
      if (ctx.method === 'OPTIONS' || !options.counts(ctx.path)) return next();
      const accountId = options.accountOf(ctx);
      const settings = options.settings();
      if (accountId instanceof Promise || settings instanceof Promise) {
        return Promise.all([accountId, settings]).then(([id, loaded]) => admit(ctx, next, id, loaded));
      }
      return admit(ctx, next, accountId, settings);
    },
    async chargeMore(ctx, requests) {
      const of = charged.get(ctx);
      return of && requests > 0 ? charge(ctx, of, requests) : undefined;
    },
  };
}

function verdict(ctx: Context, of: Charged, count: WindowCount): RateLimitedError | undefined {
  const headers = rateLimitHeaders(of.policy, count);
  ctx.set(headers);
  if (count.allowed) return undefined;
  const who = of.signedIn ? 'per account' : 'per client address without credentials';
  return new RateLimitedError(count.resetSeconds, `At most ${of.policy.limit} requests a minute ${who}.`, headers);
}
