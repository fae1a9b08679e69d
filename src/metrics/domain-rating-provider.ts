/**
 * The Domain Rating provider: a third-party SEO data service, behind one interface. The built-in client speaks
 * a small documented JSON shape (README, "Domain Rating"); an adapter per real provider can implement the same
 * interface.
 *
 *   POST DR_PROVIDER_URL
 *   Authorization: Bearer DR_PROVIDER_KEY
 *   {"domains": ["example.com", ...]}                 at most DR_PROVIDER_BATCH_SIZE domains
 *   → 200 {"ratings": [{"domain": "example.com", "domain_rating": 57}, ...]}
 *     (0-100; a domain the provider does not know is left out or has null)
 *   → 429 with Retry-After (seconds) when over its rate limit; 5xx when it failed.
 */
import { z } from 'zod';
import type { Config } from '../config.js';

export interface DomainRatingProvider {
  /** Domains per request, at most. */
  readonly batchSize: number;
  /** Requests per minute, at most (the provider's rate limit). */
  readonly requestsPerMinute: number;
  /** The ratings of the domains the provider knows; unknown domains are absent. Throws ProviderError. */
  measure(domains: readonly string[]): Promise<Map<string, number>>;
}

/** A request that failed: `retryable` ones may succeed later (after retryAfterMs when the provider said so). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const answer = z.object({
  ratings: z.array(z.object({ domain: z.string(), domain_rating: z.number().int().min(0).max(100).nullable() }).passthrough()),
});

const REQUEST_TIMEOUT_MS = 30_000;

/** The client of the documented JSON shape. */
export function jsonDomainRatingProvider(settings: {
  url: string;
  key: string;
  batchSize: number;
  requestsPerMinute: number;
  timeoutMs?: number;
}): DomainRatingProvider {
  return {
    batchSize: settings.batchSize,
    requestsPerMinute: settings.requestsPerMinute,
    async measure(domains) {
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.key}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ domains }),
          signal: AbortSignal.timeout(settings.timeoutMs ?? REQUEST_TIMEOUT_MS),
          redirect: 'error',
        });
      } catch (error) {
        throw new ProviderError(
          `the Domain Rating provider did not answer: ${error instanceof Error ? error.message : String(error)}`,
          true,
        );
      }
      const text = await response.text().catch(() => '');
      if (response.status === 429) {
        throw new ProviderError(
          'the Domain Rating provider says: too many requests',
          true,
          retryAfterMs(response.headers.get('retry-after')),
        );
      }
      if (response.status === 401 || response.status === 403) {
        throw new ProviderError(`the Domain Rating provider refused the key (HTTP ${response.status}): check DR_PROVIDER_KEY`, false);
      }
      if (!response.ok) throw new ProviderError(`the Domain Rating provider answered HTTP ${response.status}`, response.status >= 500);
      let parsed: z.infer<typeof answer>;
      try {
        parsed = answer.parse(JSON.parse(text));
      } catch {
        throw new ProviderError('the Domain Rating provider answered something other than {"ratings": [...]}', true);
      }
      const asked = new Set(domains);
      const ratings = new Map<string, number>();
      for (const { domain, domain_rating } of parsed.ratings) {
        const name = domain.toLowerCase();
        if (domain_rating !== null && asked.has(name)) ratings.set(name, domain_rating);
      }
      return ratings;
    },
  };
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. At most an hour. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 3_600_000) : undefined;
}

/** The configured provider; none without DR_PROVIDER_URL. */
export function domainRatingProvider(config: Pick<Config, 'domainRatingProvider'>): DomainRatingProvider | undefined {
  const { url, ...settings } = config.domainRatingProvider;
  return url ? jsonDomainRatingProvider({ url, ...settings }) : undefined;
}
