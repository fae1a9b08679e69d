/**
 * A launch day: 90% reads (people's pages and API and MCP reads) and 10% writes (votes and follows by signed-in
 * people, through the site's forms), at 32 connections. Every answer must be what the request expects (200, or 303
 * after a form), and the weekly board must afterwards hold every vote it held before plus every vote answered 303 (and
 * at most the votes still unanswered when the load stopped besides).
 */
import autocannon from 'autocannon';
import type { Database } from '../src/db/database.js';
import { type Browser, type Community, signedInPeople } from './people.js';
import { mcpBody, mcpHeaders } from './mcp-requests.js';
import { BROWSER, DURATION, pct } from './load.js';

export interface LaunchDayKeys {
  /** Public slugs, read as pages and through the API (a different one each time). */
  slugs: string[];
  /** Slugs of listings with reviews and comments. */
  discussed: string[];
  /** Live listings people vote for and follow. */
  targets: string[];
  /** Common words people search for. */
  words: string[];
  people: Browser[];
}

export interface LaunchDay {
  result: autocannon.Result;
  /** Requests answered other than expected, by status. */
  failed: Record<string, number>;
  votes: number;
  follows: number;
  /** Listings whose weekly-board figure is not what it was plus the votes answered 303 (empty: the board is right). */
  boardWrong: string[];
  boardListings: number;
  /** Each kind of request: how many were answered, and their latency (ms) as the client saw it. */
  byKind: { kind: Kind; count: number; p50: number; p99: number }[];
}

type Kind =
  | 'vote'
  | 'follow'
  | 'launch-page'
  | 'page'
  | 'home'
  | 'board'
  | 'my-page'
  | 'launch-rest'
  | 'rest'
  | 'reviews'
  | 'comments'
  | 'mcp'
  | 'search';
/**
 * Twenty slots: 2 writes (10%) and 18 reads (90%). A launch day's visitors read this week's launches most (the home
 * page and the board lead to them); half the reads are of the long tail, a different listing each time.
 */
const MIX: readonly Kind[] = [
  'vote',
  'follow',
  'launch-page',
  'launch-page',
  'launch-page',
  'page',
  'page',
  'home',
  'home',
  'board',
  'my-page',
  'launch-rest',
  'launch-rest',
  'rest',
  'rest',
  'reviews',
  'comments',
  'mcp',
  'mcp',
  'search',
];

/** Signed-in people on the launch day (each with an address of their own), and the latest launches they vote for. */
const PEOPLE = 4_000;
const LAUNCHES = 300;

/** A launch day on the benchmark database: fresh signed-in people vote for and follow the latest launches among the reads. */
export async function launchDayOn(
  db: Database,
  origin: string,
  keys: { slugs: string[]; words: string[]; community: Community },
  seconds = DURATION * 6,
): Promise<LaunchDay> {
  const people = await signedInPeople(db, origin, PEOPLE, new Date());
  const targets = await db.query<{ slug: string }>(
    `SELECT slug FROM listings WHERE status = 'live' ORDER BY launched_at DESC LIMIT ${LAUNCHES}`,
  );
  const { slugs, words, community } = keys;
  return launchDay(origin, { slugs, discussed: community.discussed, targets: targets.map((r) => r.slug), words, people }, 32, seconds);
}

export async function launchDay(origin: string, keys: LaunchDayKeys, connections = 32, seconds = DURATION * 6): Promise<LaunchDay> {
  const before = await weeklyBoard(origin);
  const plan = requestPlan(origin, keys);
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [{ setupRequest: plan.setup, onResponse: plan.answered }],
  });
  // Requests cut off when the load stopped may still be committing: the board is read once they are done.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = await weeklyBoard(origin);
  const boardWrong: string[] = [];
  for (const slug of new Set([...before.keys(), ...after.keys(), ...plan.voted.keys()])) {
    // A vote still unanswered when the load stopped may or may not have been counted.
    const least = (before.get(slug) ?? 0) + (plan.voted.get(slug) ?? 0);
    const most = least + (plan.unanswered.get(slug) ?? 0);
    const shown = after.get(slug) ?? 0;
    if (shown < least || shown > most) boardWrong.push(`${slug}: ${shown}, expected ${least === most ? least : `${least} to ${most}`}`);
  }
  return {
    result,
    failed: plan.failed,
    votes: [...plan.voted.values()].reduce((a, b) => a + b, 0),
    follows: plan.followed.count,
    boardWrong,
    boardListings: after.size,
    byKind: [...plan.took].map(([kind, times]) => {
      const sorted = times.sort((a, b) => a - b);
      return { kind, count: sorted.length, p50: pct(sorted, 50), p99: pct(sorted, 99) };
    }),
  };
}

/** What a connection's request in flight was: its kind, and a vote's listing. */
interface Pending {
  kind?: Kind;
  target?: string;
  /** When the request was made (performance.now()). */
  at?: number;
}

/** Each request in turn (the mix, different keys each time), and the bookkeeping of their answers. */
function requestPlan(origin: string, keys: LaunchDayKeys) {
  const { targets, people } = keys;
  let n = 0;
  let votesSent = 0;
  let followsSent = 0;
  let reads = 0;
  const voted = new Map<string, number>();
  const unanswered = new Map<string, number>();
  const failed: Record<string, number> = {};
  const followed = { count: 0 };
  const took = new Map<Kind, number[]>();
  /** The k-th write of a kind: person k mod P, target (round + person) mod T, so no pair repeats within P * T writes. */
  const pair = (k: number) => ({
    person: people[k % people.length],
    target: targets[(Math.floor(k / people.length) + k) % targets.length],
  });
  const form = (path: string, person: Browser) => ({
    method: 'POST' as const,
    path,
    headers: {
      ...BROWSER,
      cookie: person.cookie,
      'x-forwarded-for': person.address,
      origin,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: `csrf=${encodeURIComponent(person.csrf)}`,
  });
  const setup = (req: autocannon.Request, state: object) => {
    const context = state as Pending;
    const kind = MIX[n++ % MIX.length];
    const key = reads++;
    context.kind = kind;
    context.target = undefined;
    context.at = performance.now();
    switch (kind) {
      case 'vote': {
        const { person, target } = pair(votesSent++);
        context.target = target;
        unanswered.set(target, (unanswered.get(target) ?? 0) + 1);
        return { ...req, ...form(`/listings/${target}/vote`, person) };
      }
      case 'follow': {
        const { person, target } = pair(followsSent++);
        return { ...req, ...form(`/listings/${target}/follow`, person) };
      }
      default:
        return { ...req, ...readRequest(kind, key, keys) };
    }
  };
  const answered = (status: number, _body: string, state: object) => {
    const context = state as Pending;
    const write = context.kind === 'vote' || context.kind === 'follow';
    if (!took.has(context.kind!)) took.set(context.kind!, []);
    took.get(context.kind!)!.push(performance.now() - context.at!);
    if (context.kind === 'vote') unanswered.set(context.target!, unanswered.get(context.target!)! - 1);
    if (status !== (write ? 303 : 200)) {
      const what = `${context.kind} ${status}`;
      failed[what] = (failed[what] ?? 0) + 1;
      return;
    }
    if (context.kind === 'follow') followed.count++;
    if (context.kind === 'vote') voted.set(context.target!, (voted.get(context.target!) ?? 0) + 1);
  };
  return { setup, answered, voted, unanswered, failed, followed, took };
}

/** The whole community-weekly board of this week, read page by page through the API (in order, or it throws): slug → the week's votes. */
async function weeklyBoard(origin: string): Promise<Map<string, number>> {
  const board = new Map<string, number>();
  let last = Number.POSITIVE_INFINITY;
  for (let page = 1; ; page++) {
    const response = await fetch(`${origin}/api/v1/leaderboards/community-weekly?per_page=100&page=${page}`);
    if (!response.ok) throw new Error(`the weekly board answered ${response.status}`);
    const body = (await response.json()) as { items: { listing: { slug: string }; metric: { value: number } }[]; has_more: boolean };
    for (const item of body.items) {
      if (item.metric.value > last) throw new Error(`the weekly board is out of order at ${item.listing.slug} (page ${page})`);
      last = item.metric.value;
      board.set(item.listing.slug, item.metric.value);
    }
    if (!body.has_more) return board;
  }
}

/** A read of the mix: the k-th read of its kind reads the k-th key, so the long tail's keys are all different. */
function readRequest(kind: Exclude<Kind, 'vote' | 'follow'>, key: number, keys: LaunchDayKeys) {
  const { slugs, discussed, targets, words, people } = keys;
  const get = (path: string, headers: Record<string, string> = {}) => ({
    method: 'GET' as const,
    path,
    headers,
    body: undefined as string | undefined,
  });
  const launch = targets[key % targets.length];
  const tail = slugs[key % slugs.length];
  const talked = discussed[key % discussed.length];
  switch (kind) {
    case 'launch-page':
      return get(`/listings/${launch}`, BROWSER);
    case 'page':
      return get(`/listings/${tail}`, BROWSER);
    case 'home':
      return get('/', BROWSER);
    case 'board':
      return get('/leaderboards/community-weekly', BROWSER);
    case 'my-page': {
      const person = people[key % people.length];
      return get(`/listings/${launch}`, { ...BROWSER, cookie: person.cookie, 'x-forwarded-for': person.address });
    }
    case 'launch-rest':
      return get(`/api/v1/listings/${launch}`);
    case 'rest':
      return get(`/api/v1/listings/${tail}`);
    case 'reviews':
      return get(`/api/v1/listings/${talked}/reviews`);
    case 'comments':
      return get(`/api/v1/listings/${talked}/comments`);
    case 'mcp':
      return {
        method: 'POST' as const,
        path: '/mcp',
        headers: mcpHeaders('get_listing'),
        body: mcpBody(key, 'get_listing', { slug: tail }),
      };
    case 'search':
      return get(`/api/v1/listings?q=${encodeURIComponent(words[key % words.length])}`);
  }
}
