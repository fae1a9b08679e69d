import http from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Registry } from './registry/registry.js';
import type { Services } from './services.js';
import { restApi } from '../rest/router.js';
import { API_PREFIX, MCP_PATH } from './web/paths.js';
import { docsPage } from '../rest/docs.js';
import { mcpMiddleware } from './mcp/server.js';
import { clientAddress } from './web/client-address.js';
import { proxyList } from './security/proxies.js';
import { healthChecks } from './web/health.js';
import { answerUnparsableRequest } from './web/client-error.js';
import { oncePerRequest } from './web/once-per-request.js';
import { requestQuota } from './web/request-rate-limit.js';
import { BatchedCounter } from './rate-limit/batched-counter.js';
import { JOB_OUTBOX_CHANNEL, relayJobOutbox, relayNamedJob } from './jobs/job-outbox.js';
import { cachedSiteSettings, SETTINGS_CACHE_SECONDS } from './catalogue/site-settings.js';
import { badgeImages } from './web/badge-route.js';
import { socialCards } from './web/card-route.js';
import { CardCache } from './cards/card-cache.js';
import { keptImages } from './web/image-route.js';
import { awardProofRoutes } from './web/award-proof-routes.js';
import { stripeWebhook } from './web/stripe-webhook-route.js';
import { paymentGateway } from './payments/chosen-gateway.js';
import { publicSite } from './site/routes.js';
import { adminConsole } from './console/routes.js';
import { PageViews } from './community/page-views.js';
import { BadgeImpressions } from './community/badge-impressions.js';
import { awardSigner } from './catalogue/award-proofs.js';
import { sharedSecret } from './security/service-secrets.js';
import { randomToken } from './security/random.js';
import { rateLimitKeyHash, type KeyedHash } from './security/keyed-hash.js';
import { securityHeaders } from './web/security-headers.js';
import { botPage } from './web/bot-page.js';
import { statedSiteName } from './web/layout.js';
import { problemPages } from './web/problem-pages.js';
import { unservedAddresses } from './web/fallback.js';
import { SECTION_PAGES, unservedPage } from './site/not-found.js';
import { answerCache } from './registry/result-cache.js';
import { ChangeNotifications } from './caching/change-notifications.js';
import { changedVoteCounts, hearListingChange, LISTING_CHANGES_CHANNEL } from './catalogue/listing-changes.js';
import { SearchIndex } from './catalogue/search-index.js';
import { KeptTermDictionary, TERM_CHANGES_CHANNEL } from './catalogue/term-dictionary.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { type JobQueue, jobQueueLog, openJobQueue } from './jobs/queue.js';
import { defineMailJob, queuedMailer } from './jobs/mail-job.js';
import { defineDraftJobs, type PipelineDeps } from './drafting/pipeline.js';
import { defineListingJobs, homepageReader } from './schedule/listing-jobs.js';
import { defineRecurringJobs, tickServiceClock } from './schedule/service-clock.js';
import { defineRecurringFollowUps, recurringJobs } from './schedule/recurring-jobs.js';
import { domainRatingProvider } from './metrics/domain-rating-provider.js';
import type { RecurringJob } from './schedule/job-runs.js';
import { defineWebhookJobs, startWebhookDispatcher, type WebhookJobDeps } from './webhooks/webhook-jobs.js';
import { createAuth, type Auth, type AuthParts } from '../auth/routes.js';
import { type CallerResolver, carriesCredential } from '../auth/credentials.js';
import { createLogger, type Logger } from './logging/logger.js';
import { logUnhandledError, requestLog } from './web/request-log.js';
import { cors } from './web/cors.js';
import { keepHeadersOnErrors } from './web/error-headers.js';
import { currentRequestScope } from './mcp/request-scope.js';
import { createMetrics, type Metrics } from './observability/metrics.js';
import { databaseScrapeSources } from './observability/scrape-sources.js';
import { decodeGate } from './images/decode-gate.js';
import { instrumentedJobs } from './jobs/instrumented-jobs.js';
import { metricsEndpoint, requestMetrics } from './web/metrics-route.js';
import { startTracing, stopTracing } from './observability/tracing.js';
import { traceRequests } from './web/trace-requests.js';

/** How long an idle HTTP connection is kept open. */
const KEEP_ALIVE_MS = 65_000;

/** How often each instance hands over jobs left in the outbox by a process that died after its commit. */
const OUTBOX_RELAY_MS = 30_000;

/** How often each instance ticks the service's clock (src/schedule/service-clock.ts); each period's work starts once. */
const CLOCK_TICK_MS = 60_000;

/** Rate limits and the site's name and time zone are site settings; each instance rereads them this often for every request. */
const SETTINGS_TTL_MS = SETTINGS_CACHE_SECONDS * 1000;

/** The API surfaces share one request quota; the OAuth endpoints that clients call directly count per address. */
const isRateLimitedPath = (path: string) =>
  path === MCP_PATH ||
  path === API_PREFIX ||
  path.startsWith(`${API_PREFIX}/`) ||
  (/^\/oauth\//i.test(path) && !/^\/oauth\/authorize(\/|$)/i.test(path));

export interface AppParts {
  config: Config;
  db: Database;
  registry: Registry;
  now?: () => Date;
  /** Tests only: loopback fakes for the authorization server's outbound fetches (client metadata documents). */
  outbound?: AuthParts['outbound'];
  /** Tests only: a shorter poll interval and lock lifetime for the job queue. */
  jobs?: { processEveryMs?: number; lockLifetimeMs?: number };
  /** Tests only: a tighter crawl, or a drafter of their choosing. */
  drafting?: Pick<PipelineDeps, 'crawl' | 'drafter'>;
  /** Where log lines go; default: JSON lines on stdout at config.logLevel. */
  log?: Logger;
  /** Tests only: false leaves the service's clock stopped (tests tick it themselves with a pinned time). */
  serviceClock?: false;
  /** Tests only: how often counted page views, clicks and badge impressions are written (default 5 s). */
  pageViewsEveryMs?: number;
  /** Tests only: a shorter retry schedule for webhook deliveries. */
  webhookRetry?: WebhookJobDeps['retry'];
}

export interface App {
  koa: Koa;
  services: Services;
  /** The recurring jobs the clock starts (npm run admin -- jobs, run-job). */
  recurring: readonly RecurringJob[];
  log: Logger;
  server: http.Server;
  /** Listing page views and website clicks waiting to be written (tests flush them). */
  pageViews: PageViews;
  /** Badge impressions waiting to be written (tests flush them). */
  badgeImpressions: BadgeImpressions;
  /** The paths of the pages' forms, each guarded against cross-site requests (tests walk them all). */
  formRoutes: readonly string[];
  /** This instance's Prometheus registry and instruments (served at /metrics when METRICS_TOKEN is set). */
  metrics: Metrics;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/** The composition root: one Koa application serving REST, MCP, sign-in and OAuth, the docs and badge images. */
export async function createApp(parts: AppParts): Promise<App> {
  const { config, db } = parts;
  const now = parts.now ?? (() => new Date());
  const log = parts.log ?? createLogger({ level: config.logLevel });
  // Settings that still work but should change (old names), said once as the service starts.
  for (const warning of config.warnings) log.warn(warning);
  // Traces are exported only with OTEL_EXPORTER_OTLP_ENDPOINT; without it nothing is started.
  const tracing = await startTracing({ endpoint: config.otelEndpoint, serviceName: config.otelServiceName });
  const siteSettings = cachedSiteSettings(db, SETTINGS_TTL_MS); // the quota, the pages, the site's name in mail and docs
  const siteName = async () => (await siteSettings()).site_name;
  const mailer = serviceMailer(parts, { now, log, siteName });
  // One registry per instance (several apps in one test process do not collide).
  const metrics = createMetrics({ ...databaseScrapeSources(db), imageDecodes: () => decodeGate.counts() });
  const { jobs, recurring } = await openJobs(parts, { now, log, mailer, metrics, siteName });
  const lifecycle: Lifecycle = { draining: false };
  const { caches, cardCache, searchIndex, termDictionary, stopHearingChanges } = await hearListingChanges(
    db,
    log,
    lifecycle,
    config.searchIndex,
  );
  const payments = paymentGateway(config, log);
  const signAward = awardSigner(db, config.publicUrl);
  const services: Services = { config, db, now, ...caches, searchIndex, termDictionary, mailer, jobs, log, payments, signAward, metrics };
  const auth = await createAuth({
    db,
    // The pages' mail (sign-up, confirmation, reset) goes out through the job queue like all other mail.
    mailer: queuedMailer(jobs),
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    now,
    log,
    outbound: parts.outbound,
  });
  const koa = new Koa({ proxy: config.trustProxy });
  const surfaces = await mountMiddleware(koa, { parts, services, auth, lifecycle, cardCache, metrics, siteSettings });
  const { pageViews, badgeImpressions, formRoutes } = surfaces;
  const server = createServer(koa, config);
  const background = await startBackground({
    db,
    jobs,
    recurring,
    now,
    log,
    counters: [pageViews, badgeImpressions],
    serviceClock: parts.serviceClock,
  });
  return {
    koa,
    services,
    recurring,
    log,
    server,
    formRoutes,
    pageViews,
    badgeImpressions,
    metrics,
    // The search index loads in the background once the instance answers.
    listen: (port = parts.config.port, host = parts.config.host) => listenOn(server, port, host, () => searchIndex?.start()),
    /**
     * Graceful stop: /readyz turns 503 and new connections are refused; requests in flight finish (those
     * still running after shutdownTimeoutMs are cut off); then the job queue stops: running jobs finish,
     * or their locks expire and another instance takes them over.
     */
    async close() {
      lifecycle.draining = true;
      background.stopTimers();
      await closeServer(server, config.shutdownTimeoutMs);
      await Promise.all([pageViews.stop(), badgeImpressions.stop()]);
      await stopHearingChanges();
      await background.stopHearingJobs();
      await searchIndex?.close();
      await termDictionary?.close();
      await background.stopDispatching();
      await jobs.stop();
      if (tracing) await stopTracing();
    },
  };
}

/**
 * The mailer: every message recorded in the outbox, sent through SMTP_URL when set; a failed delivery is logged.
 * Without MAIL_FROM, the sender's name is the site's name at each sending.
 */
function serviceMailer(parts: AppParts, deps: { now: () => Date; log: Logger; siteName: () => Promise<string> }): Mailer {
  const { config, db } = parts;
  const { now, log } = deps;
  return createMailer({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    fromName: config.mailFromGiven ? undefined : deps.siteName,
    now,
    onError: (error, outboxId) => log.error({ err: error, outbox_id: outboxId }, 'mail delivery failed'),
  });
}

/** Set once close() begins: /readyz answers 503 and every answer closes its connection. */
interface Lifecycle {
  draining: boolean;
}

/** The job queue with every kind of job defined, and the recurring jobs the service's clock starts. */
async function openJobs(
  parts: AppParts,
  deps: { now: () => Date; log: Logger; mailer: Mailer; metrics: Metrics; siteName: () => Promise<string> },
) {
  const { config, db } = parts;
  const { now, log, mailer, metrics } = deps;
  // The queue reaches the database db is on (not config.databaseUrl: tests run on scratch databases).
  // Every run of every kind defined below is counted and timed by its kind.
  const jobs = instrumentedJobs(
    await openJobQueue({
      db,
      processEveryMs: parts.jobs?.processEveryMs,
      lockLifetimeMs: parts.jobs?.lockLifetimeMs,
      log: jobQueueLog(log),
    }),
    metrics,
  );
  defineMailJob(jobs, mailer);
  defineDraftJobs(jobs, { db, config, now, log, ...parts.drafting, metrics });
  defineListingJobs(jobs, { db, now, publicUrl: config.publicUrl, readHomepage: homepageReader(config), mailer });
  const recurring = recurringJobs({
    db,
    queue: jobs,
    domainRatings: domainRatingProvider(config),
    publicUrl: config.publicUrl,
    digestMailsPerMinute: config.digestMailsPerMinute,
  });
  defineRecurringJobs(jobs, recurring, { db, log, now });
  defineRecurringFollowUps(jobs, { db, mailer, publicUrl: config.publicUrl, now });
  defineWebhookJobs(jobs, {
    db,
    mailer,
    now,
    log,
    publicUrl: config.publicUrl,
    siteName: deps.siteName,
    allowHosts: config.outboundAllowHosts,
    retry: parts.webhookRetry,
    metrics,
  });
  return { jobs, recurring };
}

/**
 * The kept answers, pages and cards (invalidated together by the one subscriber, `changes`) and the search index, kept
 * current by the listing change notifications every instance hears, and the typo dictionary, kept current by its own
 * (migration 0035). The site's page cache is made by the site (src/site/routes.ts) and tracked by `changes` too.
 */
async function hearListingChanges(db: Database, log: Logger, lifecycle: Lifecycle, withSearchIndex: boolean) {
  const changes = new ChangeNotifications();
  const resultCache = answerCache(changes);
  const cardCache = new CardCache(changes);
  const searchIndex = withSearchIndex ? new SearchIndex(db, log) : undefined;
  const listingChanges = await db.listen(LISTING_CHANGES_CHANNEL, {
    onChange(payload) {
      const ids = hearListingChange(changes, payload);
      if (ids) searchIndex?.changed(ids, changedVoteCounts(payload));
    },
    onListening(listening) {
      changes.setListening(listening);
      searchIndex?.setListening(listening);
      if (!listening && !lifecycle.draining)
        log.warn('listing change notifications lost: answers are not cached until they are heard again');
    },
  });
  // A write's marker goes over the listening connection: no wait for a connection of the pool after the commit.
  changes.setMarkerSender((marker) => listingChanges.notify(marker));
  const termDictionary = withSearchIndex ? new KeptTermDictionary(db, log) : undefined;
  const termChanges = termDictionary
    ? await db.listen(TERM_CHANGES_CHANNEL, {
        onChange: () => termDictionary.changed(),
        onListening: (listening) => termDictionary.setListening(listening),
      })
    : undefined;
  const stopHearingChanges = async () => {
    await Promise.all([listingChanges.stop(), termChanges?.stop()]);
  };
  return { caches: { changes, resultCache }, cardCache, searchIndex, termDictionary, stopHearingChanges };
}

/** The addresses hand-written handlers answer to GET and HEAD only (not routers, which say 405 themselves). */
const READ_ONLY_ADDRESSES = [
  /^\/docs(\/|$)/,
  /^\/(healthz|readyz|metrics|bot)$/,
  /^\/problems(\/[a-z_]+)?$/,
  /^\/images\/[0-9a-f]{64}\.(webp|png)$/,
  /^\/(badges|cards)\//,
  /^\/\.well-known\//,
];

/** What the middleware stack is made with; siteSettings: the settings as this instance keeps them. */
interface MountDeps {
  parts: AppParts;
  services: Services;
  auth: Auth;
  lifecycle: Lifecycle;
  cardCache: CardCache;
  metrics: Metrics;
  siteSettings: ReturnType<typeof cachedSiteSettings>;
}

/**
 * The middleware stack, in order: the request's basics (address, id, log, headers, health), Stripe's webhook,
 * the request quota, sign-in and OAuth, then the surfaces (MCP, REST, docs, badges, site, console). Answers
 * the page views the site counts, the badge impressions the badge images count and the paths of every page form.
 */
async function mountMiddleware(koa: Koa, deps: MountDeps) {
  const { parts, services, auth, lifecycle, cardCache, metrics, siteSettings } = deps;
  const { config, db, log } = services;
  const apiCaller = oncePerRequest(auth.apiCaller);
  const mcpCaller = oncePerRequest(auth.mcpCaller);
  koa.context.publicUrl = config.publicUrl;
  koa.use(clientAddress(config.trustProxy ? proxyList(config.trustedProxies) : undefined));
  koa.use(keepHeadersOnErrors());
  koa.use((ctx, next) => {
    ctx.state.requestId = randomUUID();
    ctx.set('Request-Id', ctx.state.requestId);
    if (lifecycle.draining) ctx.set('Connection', 'close');
    return next();
  });
  koa.use(traceRequests());
  koa.use(requestLog(log));
  koa.use(requestMetrics(metrics));
  koa.on('error', logUnhandledError(log));
  koa.use(securityHeaders());
  koa.use(cors());
  koa.use(healthChecks({ db, jobs: services.jobs, draining: () => lifecycle.draining }));
  koa.use(metricsEndpoint(metrics, config.metricsToken)); // absent (404) unless METRICS_TOKEN is set
  koa.use(stripeWebhook(services)); // before the request quota: Stripe's deliveries are never rate limited
  // Outside every surface: a request none of them answered gets the site's 404 (or 405) in the form it asked for.
  koa.use(
    unservedAddresses({
      page: unservedPage({ services, kit: auth.pageKit, settings: siteSettings, registry: parts.registry }),
      sections: SECTION_PAGES,
      readOnly: READ_ONLY_ADDRESSES,
    }),
  );
  const quota = apiRequestQuota(services, siteSettings, { apiCaller, mcpCaller, hashAddress: await rateLimitKeyHash(services.db) });
  koa.use(quota.middleware);
  koa.use(auth.middleware);
  koa.use(
    mcpMiddleware({
      registry: parts.registry,
      services,
      publicUrl: parts.config.publicUrl,
      allowedHosts: parts.config.allowedHosts,
      resolveCaller: mcpCaller,
      chargeMoreRequests: quota.chargeMore,
      newRequestId: randomUUID,
      siteName: async () => (await siteSettings()).site_name,
      onError: (error) => log.error({ err: error, request_id: currentRequestScope()?.requestId }, 'MCP request failed'),
    }),
  );
  const logFailure = (error: unknown, requestId: string) => log.error({ err: error, request_id: requestId }, 'operation failed');
  koa.use(
    restApi({
      registry: parts.registry,
      services,
      publicUrl: parts.config.publicUrl,
      siteName: async () => (await siteSettings()).site_name,
      resolveCaller: apiCaller,
      onError: logFailure,
    }),
  );
  // The reference pages after this (/docs, /bot, /problems) name the site as its settings say now.
  koa.use(statedSiteName(async () => (await siteSettings()).site_name));
  koa.use(docsPage({ publicUrl: parts.config.publicUrl }));
  const visitorSecret = await sharedSecret(db, 'page_view_key', () => randomToken(32));
  const badgeImpressions = new BadgeImpressions(db, visitorSecret, log, parts.pageViewsEveryMs);
  koa.use(badgeImages(services, badgeImpressions));
  koa.use(keptImages(services));
  koa.use(socialCards(services, cardCache));
  koa.use(awardProofRoutes(services));
  const pageViews = new PageViews(db, visitorSecret, log, parts.pageViewsEveryMs);
  const site = publicSite({ services, kit: auth.pageKit, settings: siteSettings, registry: parts.registry }, pageViews);
  koa.use(site.middleware);
  const adminPages = adminConsole({ services, kit: auth.pageKit, settings: siteSettings, registry: parts.registry });
  koa.use(adminPages.middleware);
  koa.use(botPage(config.publicUrl));
  koa.use(problemPages());
  return { pageViews, badgeImpressions, formRoutes: [...auth.formRoutes, ...site.formRoutes, ...adminPages.formRoutes] };
}

/** The one request quota of the API surfaces (and of the OAuth endpoints clients call): per account when the request carries a credential. */
function apiRequestQuota(
  services: Services,
  settings: ReturnType<typeof cachedSiteSettings>,
  callers: { apiCaller: CallerResolver; mcpCaller: CallerResolver; hashAddress: KeyedHash },
) {
  const { apiCaller, mcpCaller } = callers;
  return requestQuota({
    counter: new BatchedCounter(services.db),
    hashAddress: callers.hashAddress,
    settings,
    now: services.now,
    counts: isRateLimitedPath,
    accountOf: (ctx) => {
      const resolve = ctx.path === MCP_PATH ? mcpCaller : ctx.path.startsWith(API_PREFIX) ? apiCaller : undefined;
      if (!resolve || !carriesCredential(ctx.req.headers)) return undefined;
      return resolve(ctx.req.headers).then(
        (caller) => {
          ctx.state.caller = caller;
          return caller?.accountId;
        },
        () => undefined,
      );
    },
  });
}

function createServer(koa: Koa, config: Config): http.Server {
  const server = http.createServer(koa.callback());
  // Idle keep-alive connections outlive those of the clients and proxies in front (a load balancer keeps
  // its for 60 s): the service is then never the side that closes a connection as a client reuses it.
  // (Node's 5 s default raced clients that had no Keep-Alive hint, e.g. after an MCP event-stream answer.)
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerUnparsableRequest(error, socket, config.publicUrl));
  return server;
}

/**
 * Starts this instance's background work: the outbox relay and the service's clock (each on a timer, and
 * once now), the writers of page views and badge impressions, the job queue (after every job kind is defined) and the webhook dispatcher.
 */
async function startBackground(deps: {
  db: Database;
  jobs: JobQueue;
  recurring: readonly RecurringJob[];
  now: () => Date;
  log: Logger;
  counters: readonly { start(): void }[];
  serviceClock: AppParts['serviceClock'];
}) {
  const { db, jobs, recurring, now, log } = deps;
  const relayOutbox = () =>
    relayJobOutbox(db, jobs, now()).catch((error: unknown) => log.warn({ err: error }, 'handing over jobs left in the outbox failed'));
  const relay = setInterval(relayOutbox, OUTBOX_RELAY_MS);
  relay.unref();
  const tickClock = () =>
    tickServiceClock(db, jobs, recurring, now()).catch((error: unknown) =>
      log.warn({ err: error }, 'the service clock could not start its work'),
    );
  const clock = deps.serviceClock === false ? undefined : setInterval(tickClock, CLOCK_TICK_MS);
  clock?.unref();
  for (const counter of deps.counters) counter.start();
  await jobs.start(); // after every job kind is defined
  await relayOutbox();
  const { stop: stopHearingJobs } = await db.listen(JOB_OUTBOX_CHANNEL, {
    onChange: (id) =>
      void relayNamedJob(db, jobs, id, now()).catch((error: unknown) => log.warn({ err: error }, 'handing over a committed job failed')),
    onListening: () => undefined,
  });
  const stopDispatching = await startWebhookDispatcher({ db, jobs, now, log }, OUTBOX_RELAY_MS);
  if (clock) await tickClock();
  return {
    stopTimers() {
      clearInterval(relay);
      clearInterval(clock);
    },
    stopDispatching,
    stopHearingJobs,
  };
}

/** Listens; answers the address actually bound (0.0.0.0 means every interface; PUBLIC_URL is what clients use). */
function listenOn(server: http.Server, port: number, host: string, onListening: () => void): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      onListening();
      const address = server.address();
      resolve(
        typeof address === 'object' && address
          ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
          : String(address),
      );
    });
  });
}

/** Refuses new connections and waits for requests in flight; those still running after timeoutMs are cut off. */
async function closeServer(server: http.Server, timeoutMs: number): Promise<void> {
  const cutOff = setTimeout(() => server.closeAllConnections(), timeoutMs);
  // A keep-alive connection whose request was in flight turns idle once answered: closed then, not at the cut-off.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(cutOff);
  clearInterval(closeIdle);
}
