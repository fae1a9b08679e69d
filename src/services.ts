import type { SearchIndex } from './catalogue/search-index.js';
import type { KeptTermDictionary } from './catalogue/term-dictionary.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { ChangeNotifications } from './caching/change-notifications.js';
import type { TaggedCache } from './caching/tagged-cache.js';
import type { Mailer } from './mail/mailer.js';
import type { JobQueue } from './jobs/queue.js';
import type { Logger } from './logging/logger.js';
import type { PaymentGateway } from './payments/gateway.js';
import type { AwardSigner } from './catalogue/award-proofs.js';
import type { ToolCallRecorder } from './observability/metrics.js';

/** Everything a handler may use; built once by the composition root (app.ts). */
export interface Services {
  config: Config;
  db: Database;
  /** The current time; tests pin it to make weeks deterministic. */
  now: () => Date;
  /**
   * The one subscriber to the change notifications: invalidates every kept answer, page and card, says whether a
   * value read may predate a change (generation), and lets a writer wait for its own write's notification (catchUp).
   */
  changes: ChangeNotifications;
  /** Answers of tools with `cache`, kept until a change notification names them (src/registry/result-cache.ts). */
  resultCache: TaggedCache<Record<string, unknown>>;
  /** The public listings' search words in memory, for searches of common words (absent with SEARCH_INDEX=off). */
  searchIndex?: SearchIndex;
  /** The typo dictionary in memory, for corrections without a statement (absent with SEARCH_INDEX=off). */
  termDictionary?: KeptTermDictionary;
  mailer: Mailer;
  /** Background jobs (stored in the database; see src/jobs/queue.ts). */
  jobs: JobQueue;
  /** Who takes payments: Stripe Checkout with STRIPE_SECRET_KEY, else the built-in test-mode page. */
  payments: PaymentGateway;
  /** Signs the proofs of awards with the service's award key (src/community/award-proofs.ts). */
  signAward: AwardSigner;
  /** Structured JSON lines (src/logging/logger.ts); never give it a credential. */
  log: Logger;
  /** Counts tool calls by tool, surface and outcome (src/observability/metrics.ts); absent in tests that build services alone. */
  metrics?: ToolCallRecorder;
}
