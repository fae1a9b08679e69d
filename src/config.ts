import path from 'node:path';
import { PRIVATE_NETWORKS, proxyList } from './security/proxies.js';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /**
   * Whether start-up loads the demo directory into an empty embedded database (DEMO=1 asks, DEMO=0 refuses). Unset:
   * only on an http PUBLIC_URL (local use), never on an https one (a real deployment). `npm run seed` loads it anywhere.
   */
  demo: boolean;
  /** Empty when the service runs on its embedded PostgreSQL (PGlite) in dataDir. */
  databaseUrl: string;
  /** Hostnames allowed in the Host header besides PUBLIC_URL's own (DNS-rebinding protection). */
  allowedHosts: string[];
  logLevel: string;
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); empty keeps mail in the outbox table. */
  smtpUrl: string;
  /** The digests' send rate: at most this many digest mails fall due per minute (DIGEST_MAILS_PER_MINUTE, default 600). */
  digestMailsPerMinute: number;
  /**
   * The sender of the service's mail (MAIL_FROM, name and address as given). Unset: no-reply@ PUBLIC_URL's host, sent
   * under the site's name as its site_name setting says at each sending (mailFromGiven false).
   */
  mailFrom: string;
  /** Whether MAIL_FROM was set: its display name (if any) is then used as it is, not the site's name. */
  mailFromGiven: boolean;
  /** The service runs behind a proxy: the protocol and client address come from X-Forwarded-* sent by trustedProxies. */
  trustProxy: boolean;
  /** Addresses and networks of the proxies whose X-Forwarded-* headers are believed (TRUSTED_PROXIES; default with TRUST_PROXY: private networks). */
  trustedProxies: string[];
  /**
   * Hosts that outbound requests (crawls, images, webhook deliveries, claim checks) may reach although they are private
   * or loopback (OUTBOUND_ALLOW_HOSTS, or its old name CRAWLER_ALLOW_HOSTS; tests, local trials); empty in production.
   */
  outboundAllowHosts: string[];
  /** Claude drafts profiles when set; otherwise the offline extractive drafter does. */
  anthropicApiKey: string;
  /** Tests point this at a loopback fake of the Messages API. */
  anthropicBaseUrl: string;
  anthropicModel: string;
  /** On SIGTERM, requests still running after this long are cut off (SHUTDOWN_TIMEOUT_MS, default 20000). */
  shutdownTimeoutMs: number;
  /**
   * How long a page that ranks every listing (home, week, category) may be answered to visitors not signed in after a
   * change (PAGE_SETTLE_SECONDS, default 5; 0: dropped at once). A listing's own page is always dropped at once.
   */
  pageSettleMs: number;
  /**
   * Searches the planner expects to match more listings than this report an estimated total
   * (`total_is_estimate`) instead of counting every match (SEARCH_EXACT_TOTAL_UP_TO, default 1000).
   */
  searchExactTotalUpTo: number;
  /**
   * ...and that the planner expects to match at least this share of the listings (SEARCH_WALK_SHARE, default 0.1):
   * below it, reading every match through the text index costs less than walking listings by votes.
   */
  searchWalkShare: number;
  /**
   * Keep the public listings' search words in memory (src/catalogue/search-index.ts) for searches of common words
   * (SEARCH_INDEX: "memory", the default, or "off").
   */
  searchIndex: boolean;
  /** The EU's VIES REST API (VIES_URL, e.g. https://ec.europa.eu/taxation_customs/vies/rest-api); empty: VAT numbers are checked offline only. */
  viesUrl: string;
  /**
   * Who takes the payments (PAYMENTS): "stripe" (implied by STRIPE_SECRET_KEY) or "test", the built-in checkout page
   * that publishes paid launches without money. Test mode is the default only on an http PUBLIC_URL (development).
   */
  payments: PaymentsMode;
  /** Stripe takes the payments when set (STRIPE_SECRET_KEY); otherwise the built-in test-mode checkout page does. */
  stripeSecretKey: string;
  /** The signing secret of the Stripe webhook endpoint at /payments/stripe/events (STRIPE_WEBHOOK_SECRET, whsec_…). */
  stripeWebhookSecret: string;
  /** Tests point this at a loopback fake of the Stripe API (STRIPE_API_URL, e.g. http://127.0.0.1:12111). */
  stripeApiUrl: string;
  /**
   * The payment methods offered at Stripe Checkout (STRIPE_PAYMENT_METHODS, e.g. "card,link,paypal,crypto"); empty:
   * the methods enabled in the Stripe dashboard (wallets such as Apple Pay and Google Pay come with card).
   */
  stripePaymentMethods: string[];
  /** The Domain Rating provider (DR_PROVIDER_URL, DR_PROVIDER_KEY; README "Domain Rating"); empty URL: nothing is measured. */
  domainRatingProvider: { url: string; key: string; requestsPerMinute: number; batchSize: number };
  /** DNS servers for claim checks (DNS_SERVERS, comma-separated "host" or "host:port"; default the system's). */
  dnsServers: string[];
  /** The bearer token /metrics asks for (METRICS_TOKEN, at least 16 characters); empty: /metrics is absent (404). Never logged. */
  metricsToken: string;
  /** Traces go to this OTLP/HTTP collector ({endpoint}/v1/traces) when set (OTEL_EXPORTER_OTLP_ENDPOINT); empty: tracing is off. */
  otelEndpoint: string;
  /** The service.name of the traces (OTEL_SERVICE_NAME, default launch-directory). */
  otelServiceName: string;
  /** What is wrong with the settings without stopping the service (old names still read), logged once at start-up. */
  warnings: string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer 0-65535, got "${env.PORT}"`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const parsed = new URL(publicUrl);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`PUBLIC_URL must be http(s), got "${publicUrl}"`);
  const namedProxies = list(env.TRUSTED_PROXIES);
  proxyList(namedProxies); // fails on an entry that is not an address or network
  const trustProxy = env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1' || namedProxies.length > 0;
  if (parsed.protocol === 'https:' && !trustProxy) {
    throw new Error(
      'PUBLIC_URL is https but the service itself serves plain HTTP: run it behind a TLS-terminating proxy and set TRUSTED_PROXIES (or TRUST_PROXY=true)',
    );
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    demo: demoSetting(env.DEMO, parsed.protocol === 'https:'),
    databaseUrl: env.DATABASE_URL ?? '',
    allowedHosts: list(env.ALLOWED_HOSTS).map((h) => h.toLowerCase()),
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL ?? '',
    digestMailsPerMinute: positiveInteger('DIGEST_MAILS_PER_MINUTE', env.DIGEST_MAILS_PER_MINUTE, 600),
    mailFrom: env.MAIL_FROM ?? `no-reply@${parsed.hostname}`,
    mailFromGiven: env.MAIL_FROM !== undefined,
    trustProxy,
    trustedProxies: trustProxy && namedProxies.length === 0 ? [...PRIVATE_NETWORKS] : namedProxies,
    outboundAllowHosts: outboundAllowHostsSetting(env),
    anthropicApiKey: env.ANTHROPIC_API_KEY ?? '',
    anthropicBaseUrl: env.ANTHROPIC_BASE_URL ?? '',
    anthropicModel: env.ANTHROPIC_MODEL ?? 'claude-sonnet-4-5',
    shutdownTimeoutMs: nonNegativeInteger(env.SHUTDOWN_TIMEOUT_MS, 'SHUTDOWN_TIMEOUT_MS', 20_000),
    pageSettleMs: nonNegativeInteger(env.PAGE_SETTLE_SECONDS, 'PAGE_SETTLE_SECONDS', 5) * 1000,
    searchExactTotalUpTo: nonNegativeInteger(env.SEARCH_EXACT_TOTAL_UP_TO, 'SEARCH_EXACT_TOTAL_UP_TO', 1000),
    searchWalkShare: share(env.SEARCH_WALK_SHARE, 'SEARCH_WALK_SHARE', 0.1),
    searchIndex: searchIndexSetting(env.SEARCH_INDEX),
    dnsServers: list(env.DNS_SERVERS),
    viesUrl: (env.VIES_URL ?? '').replace(/\/+$/, ''),
    ...stripeSettings(env),
    payments: paymentsSetting(env, parsed.protocol === 'https:'),
    domainRatingProvider: domainRatingSettings(env),
    metricsToken: metricsTokenSetting(env.METRICS_TOKEN),
    otelEndpoint: otlpEndpointSetting(env.OTEL_EXPORTER_OTLP_ENDPOINT),
    otelServiceName: env.OTEL_SERVICE_NAME || 'launch-directory',
    warnings: settingWarnings(env),
  };
}

function demoSetting(value: string | undefined, https: boolean): boolean {
  if (value === undefined || value === '') return !https;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`DEMO must be 1 (load the demo directory into an empty embedded database) or 0, got "${value}"`);
}

/** OUTBOUND_ALLOW_HOSTS, and the hosts of its old name CRAWLER_ALLOW_HOSTS, which is still read (with a warning). */
function outboundAllowHostsSetting(env: NodeJS.ProcessEnv): string[] {
  const hosts = [...list(env.OUTBOUND_ALLOW_HOSTS), ...list(env.CRAWLER_ALLOW_HOSTS)].map((h) => h.toLowerCase());
  return [...new Set(hosts)];
}

function settingWarnings(env: NodeJS.ProcessEnv): string[] {
  const warnings: string[] = [];
  if (env.CRAWLER_ALLOW_HOSTS !== undefined)
    warnings.push(
      'CRAWLER_ALLOW_HOSTS is an old name: rename it OUTBOUND_ALLOW_HOSTS (it governs every outbound request, not only the crawler)',
    );
  return warnings;
}

/** OTEL_EXPORTER_OTLP_ENDPOINT: empty or an http(s) URL (without a trailing slash). */
function otlpEndpointSetting(value: string | undefined): string {
  const endpoint = (value ?? '').trim().replace(/\/+$/, '');
  if (endpoint !== '' && !/^https?:\/\/[^/]/.test(endpoint))
    throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  return endpoint;
}

/** METRICS_TOKEN: empty or at least 16 characters without spaces (the error names neither the token nor its start). */
function metricsTokenSetting(value: string | undefined): string {
  const token = value ?? '';
  if (token !== '' && (token.length < 16 || /\s/.test(token)))
    throw new Error('METRICS_TOKEN must be at least 16 characters without spaces (or unset, which turns /metrics off)');
  return token;
}

type PaymentsMode = 'test' | 'stripe';

/**
 * PAYMENTS: "stripe" needs STRIPE_SECRET_KEY and is implied by it; "test" must be chosen explicitly on an https
 * PUBLIC_URL, because the test-mode checkout page publishes paid launches for free on a public deployment.
 */
function paymentsSetting(env: NodeJS.ProcessEnv, publicHttps: boolean): PaymentsMode {
  const setting = (env.PAYMENTS ?? '').trim().toLowerCase();
  const hasKey = Boolean(env.STRIPE_SECRET_KEY);
  if (setting !== '' && setting !== 'test' && setting !== 'stripe')
    throw new Error(`PAYMENTS must be "stripe" or "test", got "${env.PAYMENTS}"`);
  if (setting === 'stripe' && !hasKey) throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY');
  if (setting === 'test' && hasKey) throw new Error('PAYMENTS=test and STRIPE_SECRET_KEY are both set: choose one');
  if (setting) return setting as PaymentsMode;
  if (hasKey) return 'stripe';
  if (publicHttps)
    throw new Error(
      'PUBLIC_URL is https but no payment provider is set: set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) to take payments with Stripe, or PAYMENTS=test to publish paid launches without payment (test mode)',
    );
  return 'test';
}

function stripeSettings(
  env: NodeJS.ProcessEnv,
): Pick<Config, 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiUrl' | 'stripePaymentMethods'> {
  const stripeSecretKey = env.STRIPE_SECRET_KEY ?? '';
  const stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET ?? '';
  // Without the signing secret no payment would ever be confirmed: orders would be paid at Stripe and never fulfilled.
  if (stripeSecretKey && !stripeWebhookSecret)
    throw new Error('STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: payments could not be confirmed');
  const stripeApiUrl = (env.STRIPE_API_URL ?? '').replace(/\/+$/, '');
  if (stripeApiUrl && !/^https?:\/\/[^/]+$/.test(stripeApiUrl))
    throw new Error(`STRIPE_API_URL must be http(s)://host[:port], got "${stripeApiUrl}"`);
  return { stripeSecretKey, stripeWebhookSecret, stripeApiUrl, stripePaymentMethods: list(env.STRIPE_PAYMENT_METHODS) };
}

function domainRatingSettings(env: NodeJS.ProcessEnv): Config['domainRatingProvider'] {
  const url = (env.DR_PROVIDER_URL ?? '').trim();
  if (url && !/^https?:\/\/[^\s]+$/.test(url)) throw new Error(`DR_PROVIDER_URL must be an http(s) address, got "${url}"`);
  const key = env.DR_PROVIDER_KEY ?? '';
  if (url && !key) throw new Error('DR_PROVIDER_URL is set without DR_PROVIDER_KEY');
  const requestsPerMinute = nonNegativeInteger(env.DR_PROVIDER_REQUESTS_PER_MINUTE, 'DR_PROVIDER_REQUESTS_PER_MINUTE', 60);
  const batchSize = nonNegativeInteger(env.DR_PROVIDER_BATCH_SIZE, 'DR_PROVIDER_BATCH_SIZE', 100);
  if (requestsPerMinute < 1) throw new Error('DR_PROVIDER_REQUESTS_PER_MINUTE must be at least 1');
  if (batchSize < 1 || batchSize > 1000) throw new Error('DR_PROVIDER_BATCH_SIZE must be 1 to 1000');
  return { url, key, requestsPerMinute, batchSize };
}

/** A comma-separated setting as its non-empty entries. */
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

function nonNegativeInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return number;
}

function searchIndexSetting(value: string | undefined): boolean {
  const setting = (value ?? 'memory').trim().toLowerCase();
  if (setting !== 'memory' && setting !== 'off') throw new Error(`SEARCH_INDEX must be "memory" or "off", got "${value}"`);
  return setting === 'memory';
}

function share(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > 1) throw new Error(`${name} must be a number from 0 to 1, got "${value}"`);
  return number;
}

/** A setting that must be a positive integer; unset, its default. */
function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}
