/**
 * The crawler of crawl-site.ts, with crawlee: robots.txt first, then the home page and the pages that state facts,
 * every connection through the outbound AddressGuard (src/outbound). Loaded by crawlSite at the first crawl.
 */
import { type Readable, Transform } from 'node:stream';
import {
  CheerioCrawler,
  Configuration,
  GotScrapingHttpClient,
  LogLevel,
  RequestQueue,
  log as crawleeLog,
  type BaseHttpClient,
  type CheerioCrawlerOptions,
  type CheerioCrawlingContext,
  type HttpRequest,
  type HttpResponse,
  type RedirectHandler,
  type ResponseTypes,
  type StreamingHttpResponse,
} from '@crawlee/cheerio';
// The robots.txt type crawlee itself uses (same version as @crawlee/cheerio, which depends on it).
import { RobotsTxtFile } from '@crawlee/utils';
import { randomUUID } from 'node:crypto';
import type { CrawledPage } from './crawled-page.js';
import { AddressGuard } from '../outbound/address-guard.js';
import { guardedGotOptions } from '../outbound/got-options.js';
import { findRefusal } from '../outbound/refusal.js';
import type { CrawlOptions, CrawlResult, Settings } from './crawl-options.js';
import { type RankedLink, chooseFactLinks, chooseOtherLinks, pathDepth } from './fact-links.js';
import { formatBytes } from '../text/bytes.js';
import { BY_HAND, CrawlFailure, capitalize, classifyError, findFailure, seconds } from './failures.js';
import { extractPage } from './page-extract.js';

const MAX_ROBOTS_BYTES = 512 * 1024;
const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

type Role = 'home' | 'page' | 'robots';

interface CrawlState {
  startHref: string;
  startHost: string;
  siteHost: string;
  home?: CrawledPage;
  homeFailure?: CrawlFailure;
  pages: { page: CrawledPage; rank: number; order: number }[];
  seen: Set<string>;
  remaining: number;
  blogTaken: boolean;
  /** Same-host pages that are not fact pages by name, read when the fact pages leave room (in order of discovery). */
  others: RankedLink[];
  /** Requests queued and not yet handled, failed or skipped: at zero, the other pages get their turn. */
  inflight: number;
  /** The requests already counted out of `inflight` (a handler that throws is retried, then fails). */
  settled: Set<string>;
  closed: boolean;
  crawler?: CheerioCrawler;
}

const failed = (failure: CrawlFailure): CrawlResult => ({ ok: false, code: failure.code, reason: failure.reason });

/** Reads the site at `target` (an address validateUrl accepted) within `settings`. */
export async function readSite(target: URL, settings: Settings, options: CrawlOptions): Promise<CrawlResult> {
  const guard = new AddressGuard({ allowHosts: options.allowHosts, lookup: options.lookup, onConnection: options.onConnection });
  const controller = new AbortController();
  const state: CrawlState = {
    startHref: target.href,
    startHost: target.host,
    siteHost: target.host,
    pages: [],
    seen: new Set([target.href]),
    remaining: settings.maxPages - 1,
    blogTaken: false,
    others: [],
    inflight: 1,
    settled: new Set(),
    closed: false,
  };

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), settings.timeoutMs);
  });
  const work = runCrawl(target, settings, guard, controller.signal, state).catch((error: unknown) =>
    failed(classifyError(error, target.href, 'your site', settings)),
  );
  try {
    const outcome = await Promise.race([work, deadline]);
    if (outcome !== 'deadline') return outcome;
    state.closed = true;
    // Partial result: the pages read before the deadline, when the home page is among them.
    if (state.home) return result(state);
    return failed(
      new CrawlFailure(
        'timeout',
        `${capitalize(describeHost(target))} did not finish answering within ${seconds(settings.timeoutMs)}. Check that the site is online and responsive, then try again, ${BY_HAND}.`,
      ),
    );
  } finally {
    clearTimeout(timer);
    state.closed = true;
    controller.abort();
    state.crawler?.autoscaledPool?.abort().catch(() => undefined);
    guard.destroy();
  }
}

const describeHost = (url: URL): string => `the site ${url.host}`;

// ---------------------------------------------------------------------------------------------
// HTTP: every request of a crawl (robots.txt and pages) goes through this client.

/** Raised by the redirect check when robots.txt moves to another site: treated as "no robots.txt". */
class RobotsElsewhere extends Error {}

const isWwwVariant = (a: URL, b: URL): boolean =>
  a.port === b.port && (a.hostname === `www.${b.hostname}` || b.hostname === `www.${a.hostname}`);

class GuardedHttpClient implements BaseHttpClient {
  private readonly inner = new GotScrapingHttpClient();

  constructor(
    private readonly guard: AddressGuard,
    private readonly settings: Settings,
    private readonly signal: AbortSignal,
    private readonly roleOf: (url: string) => Role,
  ) {}

  sendRequest<T extends keyof ResponseTypes = 'text'>(request: HttpRequest<T>): Promise<HttpResponse<T>> {
    return this.inner.sendRequest(this.options(request));
  }

  stream(request: HttpRequest, onRedirect?: RedirectHandler): Promise<StreamingHttpResponse> {
    return this.inner.stream(this.options(request), onRedirect);
  }

  /** A GET with an explicit role (robots.txt). */
  get(url: string, role: Role): Promise<StreamingHttpResponse> {
    return this.inner.stream(this.options({ url, method: 'GET', timeout: { request: this.settings.requestMs } }, role));
  }

  private options<T extends keyof ResponseTypes>(request: HttpRequest<T>, role?: Role): HttpRequest<T> {
    const start = new URL(String(request.url));
    const chain = { host: start.host, switched: false };
    const activeRole = role ?? this.roleOf(start.href);
    const what = describeRole(activeRole);
    const beforeRedirect = async (updated: { url?: unknown }, response: { url?: string }): Promise<void> => {
      const to = new URL(String(updated.url));
      const from = new URL(response.url ?? start.href);
      if (to.protocol !== 'http:' && to.protocol !== 'https:') {
        throw new CrawlFailure(
          'http_error',
          `${capitalize(what)} redirects to a ${to.protocol} address, which is not a web page. Fix the redirect, then try again, ${BY_HAND}.`,
        );
      }
      if (to.username || to.password) {
        throw new CrawlFailure(
          'http_error',
          `${capitalize(what)} redirects to an address containing a user name or password. Fix the redirect, then try again, ${BY_HAND}.`,
        );
      }
      try {
        await this.guard.resolve(to.hostname);
      } catch (error) {
        if (findRefusal(error)?.reason === 'private_address') {
          throw new CrawlFailure(
            'private_address',
            `${capitalize(what)} redirects to ${clip(to.href)}, a private, loopback, link-local or metadata address; we never follow such redirects. Make ${what} reachable without that redirect, ${BY_HAND}.`,
          );
        }
        throw error;
      }
      if (to.host === chain.host) return;
      if (activeRole !== 'page' && !chain.switched && isWwwVariant(to, new URL(`${to.protocol}//${chain.host}`))) {
        chain.switched = true;
        chain.host = to.host;
        return;
      }
      if (activeRole === 'robots') throw new RobotsElsewhere(to.href);
      throw new CrawlFailure(
        'http_error',
        `${capitalize(what)} redirects to another site (${to.host}, from ${from.host}). Enter that site's address instead, ${BY_HAND}.`,
      );
    };
    const headers = { ...request.headers };
    for (const key of Object.keys(headers)) if (/^(user-agent|accept|cookie|authorization)$/i.test(key)) delete headers[key];
    return {
      ...request,
      headers: { ...headers, 'user-agent': this.settings.userAgent, accept: ACCEPT },
      // The address guard's agents and lookup, no HTTP/2, no proxy (src/outbound); no browser header generator
      // (we identify as ourselves).
      ...guardedGotOptions(this.guard),
      useHeaderGenerator: false,
      cookieJar: undefined,
      followRedirect: true,
      maxRedirects: this.settings.maxRedirects,
      https: { ...(request.https as object | undefined), rejectUnauthorized: true },
      timeout: request.timeout ?? { request: this.settings.requestMs },
      signal: this.signal,
      hooks: { beforeRedirect: [beforeRedirect] },
    };
  }
}

const describeRole = (role: Role): string =>
  role === 'home' ? 'your home page' : role === 'robots' ? 'your robots.txt' : 'a page of your site';
const clip = (text: string): string => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

async function readBounded(stream: Readable, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    if (size + buffer.length >= max) {
      chunks.push(buffer.subarray(0, max - size));
      break; // leaving the loop destroys the stream
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}

// ---------------------------------------------------------------------------------------------
// The crawl.

/** A CheerioCrawler whose robots.txt comes from our guarded client (crawlee's own fetch is unguarded). */
class SiteCrawler extends CheerioCrawler {
  robotsFor?: (url: string) => Promise<RobotsTxtFile | undefined>;

  protected override async getRobotsTxtFileForUrl(url: string): Promise<RobotsTxtFile | undefined> {
    return this.robotsFor?.(url);
  }
}

const DISALLOW_ALL = 'User-agent: *\nDisallow: /\n';

async function runCrawl(
  target: URL,
  settings: Settings,
  guard: AddressGuard,
  signal: AbortSignal,
  state: CrawlState,
): Promise<CrawlResult> {
  // 1. The host must resolve, to public addresses only (checked again at every connection).
  await guard.resolve(target.hostname);

  const client = new GuardedHttpClient(guard, settings, signal, (url) => (url === state.startHref ? 'home' : 'page'));

  // 2. robots.txt, per origin, through the guarded client.
  const loadRobots = robotsLoader(client, settings);
  const robots = await loadRobots(target.origin);
  if (!robots.isAllowed(target.href, settings.token)) return failed(robotsDisallowed(settings, target));

  // 3. The pages.
  const config = new Configuration({ persistStorage: false, purgeOnStart: false });
  const queue = await RequestQueue.open(`crawl-${randomUUID()}`, { config });
  const quiet = crawleeLog.child({ prefix: 'crawlSite', level: LogLevel.OFF });

  const crawlerOptions = pageCrawlerOptions(target, settings, state, { queue, client, log: quiet, loadRobots });
  const crawler = new SiteCrawler(crawlerOptions, config);
  crawler.robotsFor = async (url) => {
    try {
      return await loadRobots(new URL(url).origin);
    } catch {
      return RobotsTxtFile.from(new URL('/robots.txt', url).href, DISALLOW_ALL);
    }
  };
  state.crawler = crawler;
  try {
    if (state.closed) return failed(new CrawlFailure('timeout', 'The crawl was stopped.'));
    await crawler.run([{ url: target.href, uniqueKey: target.href, userData: { role: 'home', rank: -1 } }]);
  } finally {
    await queue.drop().catch(() => undefined);
  }
  if (state.home) return result(state);
  return failed(
    state.homeFailure ??
      new CrawlFailure(
        'unreachable',
        `We could not read your home page at ${target.host}. Check that the site is online, then try again, ${BY_HAND}.`,
      ),
  );
}

/** robots.txt per origin, through the guarded client: each origin's file is fetched once per crawl. */
function robotsLoader(client: GuardedHttpClient, settings: Settings): (origin: string) => Promise<RobotsTxtFile> {
  const robotsCache = new Map<string, Promise<RobotsTxtFile>>();
  return (origin: string): Promise<RobotsTxtFile> => {
    let cached = robotsCache.get(origin);
    if (!cached) {
      cached = fetchRobots(client, origin, settings);
      robotsCache.set(origin, cached);
    }
    return cached;
  };
}

/** What the crawl made before its crawler: the queue, the guarded client, the silenced log and the robots.txt loader. */
interface CrawlParts {
  queue: RequestQueue;
  client: GuardedHttpClient;
  log: CheerioCrawlerOptions['log'];
  loadRobots: (origin: string) => Promise<RobotsTxtFile>;
}

/** The crawler's settings and hooks: each page handled, each failure and skip recorded in the crawl's state. */
function pageCrawlerOptions(target: URL, settings: Settings, state: CrawlState, parts: CrawlParts): CheerioCrawlerOptions {
  return {
    requestQueue: parts.queue,
    httpClient: parts.client,
    useSessionPool: false,
    persistCookiesPerSession: false,
    respectRobotsTxtFile: { userAgent: settings.token },
    maxRequestRetries: 1,
    maxRequestsPerCrawl: settings.maxPages,
    minConcurrency: 1,
    maxConcurrency: 2,
    navigationTimeoutSecs: settings.requestMs / 1000,
    requestHandlerTimeoutSecs: 20,
    additionalMimeTypes: ['*/*'], // content types are judged by our own hook, with a useful reason
    ignoreSslErrors: false,
    retryOnBlocked: false,
    statusMessageLoggingInterval: 3600,
    log: parts.log,
    postNavigationHooks: [(context) => checkResponse(context, settings, state)],
    requestHandler: async (context) => {
      try {
        await handlePage(context, settings, state, parts.loadRobots);
      } finally {
        await settle(state, context.request.uniqueKey);
      }
    },
    errorHandler: ({ request }, error) => {
      const failure = findFailure(error);
      if (!failure?.retryable && !/ECONNRESET|EPIPE|socket hang up/i.test(String(error))) request.noRetry = true;
    },
    failedRequestHandler: async ({ request }, error) => {
      if (request.userData.role === 'home' && !state.homeFailure) {
        state.homeFailure = classifyError(error, request.url, 'your home page', settings);
      }
      await settle(state, request.uniqueKey);
    },
    onSkippedRequest: async ({ url, reason }) => {
      await settle(state, url);
      if (url === state.startHref && !state.homeFailure) {
        state.homeFailure =
          reason === 'robotsTxt'
            ? robotsDisallowed(settings, target)
            : new CrawlFailure('http_error', `Your home page could not be read (${reason}). Try again, ${BY_HAND}.`);
      }
    },
  };
}

async function fetchRobots(client: GuardedHttpClient, origin: string, settings: Settings): Promise<RobotsTxtFile> {
  const robotsUrl = `${origin}/robots.txt`;
  let response: StreamingHttpResponse;
  try {
    response = await client.get(robotsUrl, 'robots');
  } catch (error) {
    // robots.txt moved to another site: as if there were none (RFC 9309 leaves it to the crawler).
    if (error instanceof RobotsElsewhere || (error as { cause?: unknown })?.cause instanceof RobotsElsewhere)
      return RobotsTxtFile.from(robotsUrl, '');
    const failure = classifyError(error, robotsUrl, 'your site', settings);
    // Too many redirects: robots.txt is "unavailable" (RFC 9309), not a reason to give up.
    if (failure.code === 'http_error') return RobotsTxtFile.from(robotsUrl, '');
    throw failure;
  }
  const status = response.statusCode;
  if (status >= 500) {
    response.stream.destroy();
    throw new CrawlFailure(
      'http_error',
      `Your site answered ${robotsUrl} with a server error (HTTP ${status}), so we cannot tell whether crawlers are allowed. Try again later, ${BY_HAND}.`,
      { retryable: true },
    );
  }
  if (status >= 400) {
    // No robots.txt (or not readable): everything is allowed (RFC 9309, "unavailable").
    response.stream.destroy();
    return RobotsTxtFile.from(robotsUrl, '');
  }
  let content: string;
  try {
    content = await readBounded(response.stream, MAX_ROBOTS_BYTES);
  } catch (error) {
    throw classifyError(error, robotsUrl, 'your site', settings);
  }
  // Rules are parsed for the origin asked about, also when robots.txt was redirected (www).
  return RobotsTxtFile.from(robotsUrl, content);
}

function robotsDisallowed(settings: Settings, url: URL): CrawlFailure {
  return new CrawlFailure(
    'robots_disallowed',
    `Your site's robots.txt does not allow our crawler (${settings.token}) to read the home page (${clip(url.href)}). Allow it, ${BY_HAND}.`,
  );
}

/** After the response headers: status, content type and size, before the body is read. */
function checkResponse(context: CheerioCrawlingContext, settings: Settings, state: CrawlState): void {
  const { request } = context;
  const response = context.response as unknown as Readable & {
    statusCode?: number;
    headers: Record<string, string | string[] | undefined>;
    url?: string;
  };
  const home = request.userData.role === 'home';
  const what = home ? 'your home page' : 'a page of your site';
  const stop = (failure: CrawlFailure): never => {
    response.destroy();
    throw failure;
  };
  if (state.closed) stop(new CrawlFailure('timeout', 'The crawl was stopped.'));
  const status = response.statusCode ?? 0;
  if (status >= 400) stop(statusFailure(status, response.url ?? request.url, what, settings.token));
  const header = String(response.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (!header) {
    response.headers['content-type'] = 'text/html'; // unlabelled: read it as HTML
  } else if (header !== 'text/html' && header !== 'application/xhtml+xml') {
    stop(
      new CrawlFailure(
        'not_html',
        `${capitalize(what)} is not a web page: it is served as ${clip(header)}. Enter the address of your HTML home page, ${BY_HAND}.`,
      ),
    );
  }
  const tooLarge = (): CrawlFailure =>
    new CrawlFailure(
      'too_large',
      `${capitalize(what)} is larger than ${formatBytes(settings.maxBytesPerPage)}, more than we read. Make a lighter home page or enter the address of one, ${BY_HAND}.`,
    );
  const length = Number(response.headers['content-length']);
  if (Number.isFinite(length) && length > settings.maxBytesPerPage) stop(tooLarge());
  (context as { response: unknown }).response = limitStream(response, settings.maxBytesPerPage, tooLarge);
}

function statusFailure(status: number, url: string, what: string, token: string): CrawlFailure {
  const subject = `${capitalize(what)} (${clip(url)})`;
  if (status === 401 || status === 403) {
    return new CrawlFailure(
      'http_error',
      `${subject} refused our crawler (HTTP ${status}). Let ${token} read your public pages (check password protection, firewall or bot protection), ${BY_HAND}.`,
    );
  }
  if (status === 404 || status === 410) {
    return new CrawlFailure('http_error', `${subject} was not found (HTTP ${status}). Check the address of your home page, ${BY_HAND}.`);
  }
  if (status === 429) {
    return new CrawlFailure('http_error', `${subject} asked us to slow down (HTTP 429). Try again later, ${BY_HAND}.`);
  }
  if (status >= 500) {
    return new CrawlFailure('http_error', `${subject} answered with a server error (HTTP ${status}). Try again later, ${BY_HAND}.`, {
      retryable: true,
    });
  }
  return new CrawlFailure(
    'http_error',
    `${subject} answered with HTTP status ${status}. Make sure the address shows your home page, then try again, ${BY_HAND}.`,
  );
}

/** Passes at most `max` bytes, failing (and aborting the download) beyond; keeps the response's properties. */
function limitStream(source: Readable, max: number, onExceed: () => Error): Readable {
  let seen = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max) {
        source.destroy();
        callback(onExceed());
        return;
      }
      callback(null, chunk);
    },
  });
  source.once('error', (error) => limited.destroy(error));
  source.pipe(limited);
  for (const key of [
    'statusCode',
    'statusMessage',
    'headers',
    'url',
    'ip',
    'redirectUrls',
    'request',
    'httpVersion',
    'rawHeaders',
    'complete',
  ]) {
    if (key in source) (limited as unknown as Record<string, unknown>)[key] = (source as unknown as Record<string, unknown>)[key];
  }
  return limited;
}

async function handlePage(
  context: CheerioCrawlingContext,
  settings: Settings,
  state: CrawlState,
  loadRobots: (origin: string) => Promise<RobotsTxtFile>,
): Promise<void> {
  if (state.closed) return;
  const { request, body } = context;
  const home = request.userData.role === 'home';
  const finalUrl = request.loadedUrl ?? request.url;
  const final = new URL(finalUrl);
  final.hash = '';
  if (home) {
    if (final.host !== state.startHost) {
      // Moved to the www variant (the redirect check allows nothing else): its robots.txt applies.
      let robots: RobotsTxtFile;
      try {
        robots = await loadRobots(final.origin);
      } catch (error) {
        state.homeFailure = classifyError(error, final.href, 'your site', settings);
        return;
      }
      if (!robots.isAllowed(final.href, settings.token)) {
        state.homeFailure = robotsDisallowed(settings, final);
        return;
      }
    }
    state.siteHost = final.host;
  } else if (final.host !== state.siteHost || !state.home) {
    return;
  }
  if (state.closed) return;
  const html = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  const { page, links, refresh } = extractPage(final.href, html);
  state.seen.add(final.href);
  if (home) state.home = page;
  else state.pages.push({ page, rank: Number(request.userData.rank ?? 99), order: state.pages.length });

  if (state.remaining <= 0) return;
  const robots = await loadRobots(final.origin).catch(() => undefined);
  const allowed = (url: string): boolean => robots?.isAllowed(url, settings.token) ?? false;
  const picked = chooseFactLinks(links, state.siteHost, state.seen, state.blogTaken).filter((link) => allowed(link.url));
  const known = new Set(state.others.map((link) => link.url));
  for (const link of chooseOtherLinks(links, state.siteHost, state.seen))
    if (!known.has(link.url) && allowed(link.url)) state.others.push(link);
  // A same-host <meta http-equiv="refresh"> on the home page (e.g. "/" to "/en/") is read first.
  if (home && refresh && new URL(refresh).host === state.siteHost && !state.seen.has(refresh) && allowed(refresh)) {
    picked.unshift({ url: refresh, rank: -0.5, kind: 'refresh' });
  }
  picked.splice(state.remaining);
  if (picked.length === 0 || state.closed) return;
  for (const link of picked) if (link.kind === 'blog') state.blogTaken = true;
  await queuePages(state, picked);
}

/** Queues `picked` for reading: seen, counted out of the budget and in flight. */
async function queuePages(state: CrawlState, picked: readonly RankedLink[]): Promise<void> {
  for (const link of picked) state.seen.add(link.url);
  state.remaining -= picked.length;
  state.inflight += picked.length;
  await state.crawler?.addRequests(
    picked.map((link) => ({ url: link.url, uniqueKey: link.url, userData: { role: 'page', rank: link.rank } })),
  );
}

/**
 * One request is done (read, failed or skipped). When it was the last one in flight and the budget has room, the
 * other pages the site links to are read: a site's "Buy", "Hello" or "Docs" page states facts too, but only after
 * every fact page found by name.
 */
async function settle(state: CrawlState, key: string): Promise<void> {
  if (state.settled.has(key)) return;
  state.settled.add(key);
  state.inflight = Math.max(0, state.inflight - 1);
  if (state.inflight > 0 || state.remaining <= 0 || state.closed || !state.home) return;
  const picked = [...state.others]
    .filter((link) => !state.seen.has(link.url))
    .sort((a, b) => pathDepth(a.url) - pathDepth(b.url))
    .slice(0, state.remaining);
  state.others = [];
  if (picked.length > 0) await queuePages(state, picked);
}

function result(state: CrawlState): CrawlResult {
  const home = state.home!;
  const rest = [...state.pages].sort((a, b) => a.rank - b.rank || a.order - b.order).map((entry) => entry.page);
  return { ok: true, pages: [home, ...rest], finalUrl: home.url };
}
