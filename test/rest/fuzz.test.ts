/**
 * Property-based fuzzing of the published contract: every operation of GET /api/v1/openapi.json gets
 * random and hostile inputs (test/support/schema-arbitrary.ts), sent over REST and as the MCP tool of
 * the same name. Nothing may answer 5xx; every REST 4xx is problem+json; no MCP call may end in an
 * internal error. A sweep puts NUL and a lone surrogate into every text field of an accepted request.
 * Reproduce a failure with FUZZ_SEED=<seed in the report>; FUZZ_RUNS sets the runs per operation,
 * FUZZ_BUDGET_MS the time the random runs may take in all.
 */
import { SCOPE_NAMES } from '../../src/accounts/caller.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestApp, type TestApp } from '../support/app.js';
import { startFixtureSites, type FixtureSites } from '../support/fixture-sites.js';
import { insertCategory, insertFounder, insertListing, insertVotes, linkFounder } from '../support/fixtures.js';
import { makeAccount, rawToolCall } from '../support/oauth.js';
import { hostileValue, validValue, type JsonSchema } from '../support/schema-arbitrary.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { isRecord } from '../../src/mcp/json-rpc.js';
import { crawlSite, crawlerUserAgent } from '../../src/crawler/crawl-site.js';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 60);
const FUZZ_BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 22_000);
const SCOPES = SCOPE_NAMES;
const BOGUS_AUTHORIZATIONS = [
  'Bearer ldk_0000000000000000000000000000000000000000',
  'Bearer ',
  'Bearer a.b.c',
  'Basic dXNlcjpwYXNz',
  `Bearer ${'x'.repeat(4000)}`,
];
const INVALID_IDEMPOTENCY_KEYS = ['', 'k'.repeat(256), 'a\tb', 'caf\u00e9', '\u00ff'];
/** Text no database column takes as is: every text field of an accepted request gets each of these in turn. */
const POISON_TEXTS = ['a\u0000b', '😀é\uDFFF'];
const MAX_URL_LENGTH = 12_000;
const VALID_RUNS_PER_OPERATION = Number(process.env.FUZZ_VALID_RUNS ?? 12);

/**
 * A valid call of an operation may change how every later operation answers (a rate limit of 10 a minute, a time
 * zone, a price): after each operation that is not read-only is fuzzed the site settings, prices and VAT rates are
 * put back, and when the settings had changed, the settings cache of the instance (5 s) is waited out before the next.
 */
const SETTINGS_CACHE_MS = 5_000;
let savedSettings: {
  settings: { key: string; value: unknown }[];
  prices: { id: string; price_cents: number }[];
  rates: { country: string; bp: number; eu: boolean }[];
};

async function readSettings(): Promise<typeof savedSettings> {
  const [settings, prices, rates] = await Promise.all([
    t.db.query<{ key: string; value: unknown }>('SELECT key, value FROM site_settings ORDER BY key'),
    t.db.query<{ id: string; price_cents: number }>('SELECT id, price_cents FROM products ORDER BY id'),
    t.db.query<{ country: string; bp: number; eu: boolean }>('SELECT country, rate_basis_points AS bp, eu FROM vat_rates ORDER BY country'),
  ]);
  return { settings, prices, rates };
}

async function restoreSettingsAfter(op: Operation): Promise<void> {
  if (t.registry.get(op.id)?.annotations.readOnlyHint) return;
  const now = await readSettings();
  const settingsChanged = JSON.stringify(now.settings) !== JSON.stringify(savedSettings.settings);
  await t.db.transaction(async (tx) => {
    await tx.query('DELETE FROM site_settings');
    for (const { key, value } of savedSettings.settings)
      await tx.query('INSERT INTO site_settings (key, value) VALUES ($1, $2::jsonb)', [key, JSON.stringify(value)]);
    for (const { id, price_cents } of savedSettings.prices)
      await tx.query('UPDATE products SET price_cents = $2 WHERE id = $1', [id, price_cents]);
    await tx.query('DELETE FROM vat_rates');
    for (const { country, bp, eu } of savedSettings.rates)
      await tx.query('INSERT INTO vat_rates (country, rate_basis_points, eu) VALUES ($1, $2, $3)', [country, bp, eu]);
  });
  if (settingsChanged) await new Promise((resolve) => setTimeout(resolve, SETTINGS_CACHE_MS + 200));
}

/**
 * The refusals of valid-looking input that JSON Schema cannot state, each declared by its tool (crossFieldRules) and
 * written in its description: rules across fields, addresses that must name a public website, and names or slugs
 * that must exist in the directory.
 */
function crossFieldRule(operation: string, error: { path: string; message: string }): boolean {
  const rules = t.registry.get(operation)?.crossFieldRules ?? [];
  return rules.some((rule) => rule.path.test(error.path) && rule.message.test(error.message));
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { schema: JsonSchema; required: boolean };
  signedIn: boolean;
  idempotencyKey?: Parameter;
}

type Credential = 'key' | 'none' | 'bogus';

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

interface FuzzRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Body;
  credential: Credential;
  bogus: string;
  idempotencyKey?: string;
  /** Path and query text sent as is (percent signs, slashes and dots included) instead of percent-encoded. */
  raw: boolean;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** The path the request reached; dot segments of a raw path may lead out of /api/v1. */
  path?: string;
}

let t: TestApp;
let sites: FixtureSites;
let apiKey: string;
let doc: JsonSchema;
let operations: Operation[];
let knownIdentifiers: string[];
let draftId: string;

beforeAll(async () => {
  sites = await startFixtureSites();
  t = await startTestApp({
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    jobs: { processEveryMs: 100 },
    drafting: {
      crawl: (url) => crawlSite(url, { allowHosts: ['127.0.0.1'], userAgent: crawlerUserAgent('http://directory.test'), timeoutMs: 5_000 }),
    },
  });
  const account = await makeAccount(t.db);
  // An admin, so that the site team's operations are fuzzed too (the admin scope is given only to staff).
  await t.db.query(`UPDATE accounts SET role = 'admin' WHERE id = $1`, [account.id]);
  apiKey = (await createApiKey(t.db, { accountId: account.id, name: 'fuzz', scopes: SCOPES, now: new Date() })).key;
  await seedDirectory();
  doc = await (await fetch(`${t.url}/api/v1/openapi.json`)).json();
  operations = operationsOf(doc);
  draftId = await readyDraftId(sites.urls.acme);
  knownIdentifiers = [...new Set([...(await harvestPublicIdentifiers()), draftId])];
  savedSettings = await readSettings();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sites?.close();
}, 60_000);

async function seedDirectory(): Promise<void> {
  const parent = await insertCategory(t.db, { slug: 'fuzz-tools' });
  const category = await insertCategory(t.db, { slug: 'fuzz-analytics', parent_id: parent });
  const listing = await insertListing(t.db, {
    slug: 'fuzz-pulse',
    category_id: category,
    country: 'DE',
    pricing_model: 'freemium',
    stage: 'seed',
  });
  await insertListing(t.db, { slug: 'fuzz-meter', category_id: parent, extra_category_ids: [category] });
  await insertVotes(t.db, listing, 3);
  await linkFounder(t.db, listing, await insertFounder(t.db, { slug: 'fuzz-founder', country: 'DE' }));
}

/** The slugs and ids the public listings show, so lookups also hit existing rows. */
async function harvestPublicIdentifiers(): Promise<string[]> {
  const found = new Set<string>();
  for (const op of operations.filter((o) => o.method === 'GET' && !o.signedIn && !o.parameters.some((p) => p.in === 'path'))) {
    const answer = await fetch(`${t.url}/api/v1${op.path}`);
    if (answer.ok) collectIdentifiers(await answer.json(), found);
  }
  return [...found];
}

function collectIdentifiers(value: unknown, into: Set<string>): void {
  if (Array.isArray(value))
    value.forEach((v) => {
      collectIdentifiers(v, into);
    });
  else if (isRecord(value)) {
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'slug' || key === 'id') && typeof v === 'string') into.add(v);
      else collectIdentifiers(v, into);
    }
  }
}

async function readyDraftId(url: string): Promise<string> {
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const created = await fetch(`${t.url}/api/v1/drafts`, { method: 'POST', headers, body: JSON.stringify({ url }) });
  const { id } = (await created.json()) as { id: string };
  for (let i = 0; i < 200; i++) {
    const draft = (await (await fetch(`${t.url}/api/v1/drafts/${id}`, { headers })).json()) as { status: string };
    if (draft.status !== 'crawling' && draft.status !== 'drafting') return id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`draft ${id} never settled`);
}

function operationsOf(document: JsonSchema): Operation[] {
  const paths = document.paths as Record<string, Record<string, any>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): Operation => {
      const parameters = (op.parameters ?? []) as Parameter[];
      const body = op.requestBody?.content?.['application/json'];
      return {
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        parameters: parameters.filter((p) => p.in === 'path' || p.in === 'query'),
        ...(body && { body: { schema: body.schema, required: op.requestBody.required === true } }),
        signedIn: !(op.security as object[]).some((requirement) => Object.keys(requirement).length === 0),
        idempotencyKey: parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
      };
    }),
  );
}

// ---- Generating requests ----

/**
 * Valid requests, requests with a few bad spots among valid values, and thoroughly hostile ones.
 * URLs stay under Node's 16 KiB request head limit, which Node itself answers with a bare 431.
 */
function requestOf(op: Operation): fc.Arbitrary<FuzzRequest> {
  return fc
    .oneof(requestShaped(op), requestShaped(op, 30), requestShaped(op, 1))
    .filter((request) => urlOf(op, request).length <= MAX_URL_LENGTH);
}

/** `validRatio` absent: a valid request; else a hostile one with that many valid values per bad one, at every level. */
function requestShaped(op: Operation, validRatio?: number): fc.Arbitrary<FuzzRequest> {
  const hostile = validRatio !== undefined;
  const valueFor = (schema: JsonSchema) => (hostile ? hostileValue(schema, { root: doc, validRatio }) : validValue(schema, { root: doc }));
  const rarely = <T>(usual: fc.Arbitrary<T>, unusual: fc.Arbitrary<T>) =>
    hostile ? fc.oneof({ weight: validRatio, arbitrary: usual }, { weight: 1, arbitrary: unusual }) : usual;
  const params = (where: 'path' | 'query') =>
    parametersOf(
      op.parameters.filter((p) => p.in === where),
      valueFor,
      hostile,
    );
  return fc.record({
    path: params('path'),
    query: params('query'),
    body: op.body
      ? rarely(bodyOf(valueFor(op.body.schema), op.body.required), fc.constantFrom(NO_BODY, ...MALFORMED_BODIES))
      : fc.constant(NO_BODY),
    credential: rarely(fc.constant<Credential>(op.signedIn ? 'key' : 'none'), fc.constantFrom<Credential>('key', 'none', 'bogus')),
    bogus: fc.constantFrom(...BOGUS_AUTHORIZATIONS),
    idempotencyKey: op.idempotencyKey
      ? fc.option(headerValue(valueFor(op.idempotencyKey.schema)), { nil: undefined })
      : fc.constant(undefined),
    raw: rarely(fc.constant(false), fc.constant(true)),
  });
}

function parametersOf(
  parameters: Parameter[],
  valueFor: (schema: JsonSchema) => fc.Arbitrary<unknown>,
  hostile: boolean,
): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(parameters.map((p) => [p.name, withKnownIdentifiers(p, valueFor(p.schema))]));
  const requiredKeys = parameters.filter((p) => p.required && (p.in === 'path' || !hostile)).map((p) => p.name);
  return fc.record(model, { requiredKeys });
}

/**
 * Known slugs and ids, and the words the parameter's description names (e.g. the leaderboards), mixed
 * in where the parameter's pattern admits them, so lookups also succeed.
 */
function withKnownIdentifiers(parameter: Parameter, generated: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (typeof parameter.schema.pattern !== 'string') return generated;
  const pattern = new RegExp(parameter.schema.pattern);
  const named = parameter.description?.split(/[^a-z0-9-]+/) ?? [];
  const matching = [...new Set([...named, ...knownIdentifiers])].filter((id) => id.length > 2 && pattern.test(id));
  return matching.length ? fc.oneof(generated, fc.constantFrom(...matching)) : generated;
}

const NO_BODY: Body = { kind: 'none' };

const MALFORMED_BODIES: Body[] = [
  { kind: 'raw', text: '{', contentType: 'application/json' },
  { kind: 'raw', text: '{"a":1}{"b":2}', contentType: 'application/json' },
  { kind: 'raw', text: 'null', contentType: 'application/json' },
  { kind: 'raw', text: '"text"', contentType: 'application/json' },
  { kind: 'raw', text: '\u0000', contentType: 'application/json' },
  { kind: 'raw', text: '\uFEFF{}', contentType: 'application/json' },
  { kind: 'raw', text: '{"url":"https://example.com/"}', contentType: 'text/plain' },
  { kind: 'raw', text: '{}', contentType: 'application/json; charset=latin1' },
  { kind: 'raw', text: 'url=x', contentType: 'application/x-www-form-urlencoded' },
  { kind: 'raw', text: '['.repeat(100_000) + ']'.repeat(100_000), contentType: 'application/json' },
  { kind: 'raw', text: JSON.stringify({ url: 'a'.repeat(1_100_000) }), contentType: 'application/json' },
];

function bodyOf(value: fc.Arbitrary<unknown>, required: boolean): fc.Arbitrary<Body> {
  const json = value.map((v): Body => ({ kind: 'json', value: v }));
  return required ? json : fc.oneof({ weight: 8, arbitrary: json }, { weight: 1, arbitrary: fc.constant(NO_BODY) });
}

/** fetch refuses NUL, CR, LF and characters above U+00FF in a header, and trims spaces at the ends. */
function headerValue(value: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return value.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).replace(/[^\t\x20-\x7e\x80-\xff]/g, '?'));
}

// ---- Sending ----

/** Lone surrogates cannot travel in a URL; they become U+FFFD, as a browser would send them. */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function encodePart(value: unknown, raw: boolean): string {
  const text = wellFormed(asText(value));
  return raw ? text.replace(/[?#&=\s]/g, encodeURIComponent) : encodeURIComponent(text);
}

function urlOf(op: Operation, request: FuzzRequest): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodePart(request.path[name] ?? '', request.raw));
  const query = Object.entries(request.query)
    .filter(([, value]) => value !== undefined)
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) => `${encodeURIComponent(name)}=${encodePart(v, request.raw)}`),
    )
    .join('&');
  return `${t.url}/api/v1${path}${query ? `?${query}` : ''}`;
}

function authorizationOf(request: FuzzRequest): string | undefined {
  if (request.credential === 'key') return `Bearer ${apiKey}`;
  return request.credential === 'bogus' ? request.bogus : undefined;
}

async function sendRest(op: Operation, request: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = {};
  const authorization = authorizationOf(request);
  if (authorization) headers.authorization = authorization;
  if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
  let body: string | undefined;
  if (request.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body.value) ?? 'null';
  } else if (request.body.kind === 'raw') {
    headers['content-type'] = request.body.contentType;
    body = request.body.text;
  }
  const url = new URL(urlOf(op, request));
  const response = await fetch(url, { method: op.method, headers, body });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
    path: url.pathname,
  };
}

function mcpArgumentsOf(request: FuzzRequest): Record<string, unknown> {
  const body = request.body.kind === 'json' && isRecord(request.body.value) ? request.body.value : {};
  return {
    ...request.query,
    ...body,
    ...request.path,
    ...(request.idempotencyKey !== undefined && { idempotency_key: request.idempotencyKey }),
  };
}

async function sendMcp(op: Operation, request: FuzzRequest): Promise<Answer> {
  const response = await rawToolCall(t.url, op.id, mcpArgumentsOf(request), authorizationOf(request));
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

// ---- Judging answers ----

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** What is wrong with a problem details object answered (or carried) with `status`. */
function problemFaults(problem: unknown, status: number): string[] {
  if (!isRecord(problem)) return ['the problem is not a JSON object'];
  const faults = ['type', 'title', 'code', 'request_id']
    .filter((key) => typeof problem[key] !== 'string')
    .map((key) => `problem.${key} is not a string`);
  if (problem.status !== status) faults.push(`problem.status ${String(problem.status)} is not the status ${status}`);
  if (problem.errors !== undefined) {
    const errors = problem.errors;
    if (!Array.isArray(errors) || !errors.every((e) => isRecord(e) && typeof e.path === 'string' && typeof e.message === 'string')) {
      faults.push('problem.errors is not a list of {path, message}');
    }
  }
  return faults;
}

function restFaults(answer: Answer): string[] {
  if (answer.status >= 500) return [`answered ${answer.status}`];
  if (answer.path !== undefined && !answer.path.startsWith('/api/v1/')) return [];
  const json = parseJson(answer.text);
  if (answer.status >= 400) {
    if (!answer.contentType.startsWith('application/problem+json'))
      return [`${answer.status} with Content-Type "${answer.contentType}", not application/problem+json`];
    return json.ok ? problemFaults(json.value, answer.status) : [`${answer.status} body is not JSON`];
  }
  return json.ok ? [] : [`${answer.status} body is not JSON`];
}

/** The JSON-RPC message of a JSON or single-event SSE answer. */
function rpcMessage(answer: Answer): unknown {
  const data = answer.contentType.startsWith('text/event-stream')
    ? answer.text
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice('data: '.length)
    : answer.text;
  const json = data === undefined ? { ok: false as const } : parseJson(data);
  return json.ok ? json.value : undefined;
}

function mcpFaults(answer: Answer): string[] {
  if (answer.status >= 500) return [`MCP answered HTTP ${answer.status}`];
  if (answer.contentType.startsWith('application/problem+json')) {
    const json = parseJson(answer.text);
    return json.ok ? problemFaults(json.value, answer.status) : ['MCP problem body is not JSON'];
  }
  const message = rpcMessage(answer);
  if (!isRecord(message)) return [`MCP answered HTTP ${answer.status} without a JSON-RPC message`];
  if (isRecord(message.error)) return message.error.code === -32603 ? [`MCP internal error: ${String(message.error.message)}`] : [];
  const result = message.result;
  if (!isRecord(result)) return ['MCP answer has neither result nor error'];
  if (result.isError !== true) return [];
  const problem = toolProblem(result);
  if (!isRecord(problem) || typeof problem.status !== 'number') return ['MCP tool error carries no problem'];
  if (problem.status >= 500) return [`MCP tool error with status ${problem.status}`];
  return problemFaults(problem, problem.status);
}

function toolProblemOf(answer: Answer): unknown {
  const message = rpcMessage(answer);
  return isRecord(message) && isRecord(message.result) && message.result.isError === true ? toolProblem(message.result) : undefined;
}

function toolProblem(result: Record<string, unknown>): unknown {
  if (isRecord(result.structuredContent)) return result.structuredContent;
  const text = Array.isArray(result.content)
    ? (result.content.find((c) => isRecord(c) && c.type === 'text') as { text?: string } | undefined)?.text
    : undefined;
  const json = text === undefined ? { ok: false as const } : parseJson(text);
  return json.ok ? json.value : undefined;
}

function describeFailure(surface: string, op: Operation, request: FuzzRequest, answer: Answer, faults: string[]): string {
  const sent =
    surface === 'MCP'
      ? `arguments: ${JSON.stringify(mcpArgumentsOf(request))}`
      : `url: ${urlOf(op, request)}\n  body: ${JSON.stringify(request.body)}`;
  return `${surface} ${op.method} ${op.path} (${op.id}): ${faults.join('; ')}\n  ${sent.slice(0, 600)}\n  answer: ${answer.text.slice(0, 400)}`;
}

async function exercise(op: Operation, request: FuzzRequest): Promise<void> {
  const rest = await sendRest(op, request);
  const restFound = restFaults(rest);
  if (restFound.length) throw new Error(describeFailure('REST', op, request, rest, restFound));
  const mcp = await sendMcp(op, request);
  const mcpFound = mcpFaults(mcp);
  if (mcpFound.length) throw new Error(describeFailure('MCP', op, request, mcp, mcpFound));
}

async function fuzzOperation(op: Operation, timeLimitMs: number): Promise<string | undefined> {
  const details = await fc.check(
    fc.asyncProperty(requestOf(op), (request) => exercise(op, request)),
    {
      seed: SEED,
      numRuns: RUNS_PER_OPERATION,
      interruptAfterTimeLimit: timeLimitMs,
      markInterruptAsFailure: false,
      includeErrorInReport: true,
    },
  );
  return details.failed ? `${op.id}: ${fc.defaultReportMessage(details)}` : undefined;
}

/** The valid request with the most text in it that the service accepts (existing ids in the path), or the last one tried. */
async function acceptedRequest(op: Operation): Promise<FuzzRequest> {
  const samples = fc.sample(requestShaped(op), { seed: SEED, numRuns: 20 });
  const requests = samples
    .map((sample, i) => ({ ...sample, path: existingIds(op, sample.path, i), idempotencyKey: undefined }))
    .sort((a, b) => withEachTextReplaced(b, '').length - withEachTextReplaced(a, '').length);
  for (const request of requests) if ((await sendRest(op, request)).status < 300) return request;
  return requests[requests.length - 1];
}

function existingIds(op: Operation, path: Record<string, unknown>, choice: number): Record<string, unknown> {
  const chosen = op.parameters
    .filter((p) => p.in === 'path' && typeof p.schema.pattern === 'string')
    .map((p) => [p.name, knownIdentifiers.filter((id) => new RegExp(p.schema.pattern as string).test(id))] as const)
    .filter(([, ids]) => ids.length > 0)
    .map(([name, ids]) => [name, ids[choice % ids.length]]);
  return { ...path, ...Object.fromEntries(chosen) };
}

/** The request once for every text value in it (path, query or body), that value replaced. */
function withEachTextReplaced(request: FuzzRequest, replacement: string): FuzzRequest[] {
  const body = request.body.kind === 'json' ? request.body.value : undefined;
  return [
    ...replaceEachText(request.path, replacement).map((path) => ({ ...request, path: path as Record<string, unknown> })),
    ...replaceEachText(request.query, replacement).map((query) => ({ ...request, query: query as Record<string, unknown> })),
    ...replaceEachText(body, replacement).map((value): FuzzRequest => ({ ...request, body: { kind: 'json', value } })),
  ];
}

function replaceEachText(value: unknown, replacement: string): unknown[] {
  if (typeof value === 'string') return [replacement];
  if (Array.isArray(value))
    return value.flatMap((item, i) => replaceEachText(item, replacement).map((v) => value.map((x, j) => (j === i ? v : x))));
  if (isRecord(value))
    return Object.entries(value).flatMap(([key, item]) => replaceEachText(item, replacement).map((v) => ({ ...value, [key]: v })));
  return [];
}

describe('fuzzing every operation of the OpenAPI document over REST and MCP', () => {
  it(
    'answers random and hostile inputs without 5xx, and every REST 4xx as problem+json',
    async () => {
      expect(operations.length).toBeGreaterThan(0);
      const started = Date.now();
      const failures: string[] = [];
      for (const [index, op] of operations.entries()) {
        const remaining = FUZZ_BUDGET_MS - (Date.now() - started);
        // At least 2 s each: on a slow machine the first case of an operation (a checkout on PGlite) took over 0.5 s,
        // and an operation interrupted before its first case fails the property.
        const failure = await fuzzOperation(op, Math.max(2000, remaining / (operations.length - index)));
        await restoreSettingsAfter(op);
        if (failure) failures.push(failure);
      }
      expect(failures, `seed ${SEED}`).toEqual([]);
    },
    FUZZ_BUDGET_MS + 300_000,
  );

  it('never refuses a request valid under the published schema with a 400 the schema does not state', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      for (const [i, sample] of fc.sample(requestShaped(op), { seed: SEED, numRuns: VALID_RUNS_PER_OPERATION }).entries()) {
        const request = { ...sample, path: existingIds(op, sample.path, i), idempotencyKey: undefined };
        const answer = await sendRest(op, request);
        if (answer.status !== 400) continue;
        const problem = parseJson(answer.text);
        const errors = problem.ok && isRecord(problem.value) && Array.isArray(problem.value.errors) ? problem.value.errors : [];
        const unstated = (errors as { path: string; message: string }[]).filter((error) => !crossFieldRule(op.id, error));
        if (unstated.length > 0 || errors.length === 0) {
          const reasons = unstated.map((error) => `400 at ${error.path}: ${error.message}`);
          failures.push(describeFailure('REST', op, request, answer, reasons.length ? reasons : ['400 without errors']));
        }
      }
      await restoreSettingsAfter(op);
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 60_000);

  it('answers NUL and lone surrogates in any text field of an accepted request without 5xx', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const accepted = await acceptedRequest(op);
      for (const request of POISON_TEXTS.flatMap((poison) => withEachTextReplaced(accepted, poison))) {
        const failure = await exercise(op, request).then(
          () => undefined,
          (error: Error) => error.message,
        );
        if (failure) {
          failures.push(failure);
          break;
        }
      }
      await restoreSettingsAfter(op);
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 60_000);

  it('refuses signed-in operations without credentials or with a bogus bearer: 401 problem+json on both surfaces', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.signedIn)) {
      for (const sample of fc.sample(requestShaped(op), { seed: SEED, numRuns: 2 })) {
        for (const [credential, bogus] of [['none', ''], ...BOGUS_AUTHORIZATIONS.map((b) => ['bogus', b])] as [Credential, string][]) {
          const request = { ...sample, credential, bogus };
          const rest = await sendRest(op, request);
          const restFound = rest.status === 401 ? restFaults(rest) : [`answered ${rest.status}, not 401`];
          if (restFound.length) failures.push(describeFailure('REST', op, request, rest, restFound));
          const mcp = await sendMcp(op, request);
          const mcpFound = mcp.status === 401 ? restFaults(mcp) : [`MCP answered HTTP ${mcp.status}, not 401`];
          if (mcpFound.length) failures.push(describeFailure('MCP', op, request, mcp, mcpFound));
        }
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 30_000);

  it('refuses an invalid Idempotency-Key (empty, 256 characters, control or non-ASCII characters) with a 400 problem on both surfaces', async () => {
    const failures: string[] = [];
    const idempotent = operations.filter((o) => o.idempotencyKey);
    expect(idempotent.length).toBeGreaterThan(0);
    for (const op of idempotent) {
      const [sample] = fc.sample(requestShaped(op), { seed: SEED, numRuns: 1 });
      const path = Object.fromEntries(Object.keys(sample.path).map((name) => [name, draftId]));
      for (const idempotencyKey of INVALID_IDEMPOTENCY_KEYS) {
        const request = { ...sample, path, idempotencyKey };
        const rest = await sendRest(op, request);
        const restFound =
          rest.status === 400 && /idempotency/i.test(rest.text)
            ? restFaults(rest)
            : [`answered ${rest.status}, not a 400 that names the Idempotency-Key`];
        if (restFound.length) failures.push(describeFailure('REST', op, request, rest, restFound));
        const mcp = await sendMcp(op, request);
        const problem = toolProblemOf(mcp);
        const mcpFound =
          isRecord(problem) && problem.status === 400 && /idempotency/i.test(JSON.stringify(problem))
            ? []
            : ['MCP did not answer a tool error with a 400 problem that names idempotency_key'];
        if (mcpFound.length) failures.push(describeFailure('MCP', op, request, mcp, mcpFound));
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 30_000);
});
