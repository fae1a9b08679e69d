import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import {
  MIB,
  founder,
  nestedArrays,
  nestedObjects,
  padTo,
  pathsOf,
  readyDraft,
  send,
  sendBytes,
  sendChunked,
  startAppWithoutCrawling,
  statusLines,
  type Founder,
  type Problem,
  type RawResponse,
} from '../support/body-robustness.js';
import { PROFILE_FIELDS } from '../../src/drafting/profile-fields.js';

/**
 * Request bodies a careless or hostile client may send, against the real app: every refusal is
 * problem+json naming the offending JSON Pointers, and a refused request writes nothing.
 */
let t: TestApp;
let who: Founder;

beforeAll(async () => {
  t = await startAppWithoutCrawling();
  who = await founder(t);
});
afterAll(() => t?.close());

const api = (path: string) => `${t.url}/api/v1${path}`;
const asBody = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, as: Founder = who): Promise<RawResponse> {
  const contentType: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  return send(api(path), {
    method,
    headers: { authorization: as.authorization, ...contentType, ...headers },
    body: body === undefined ? undefined : asBody(body),
  });
}

const editDraft = (id: string, body: unknown, headers: Record<string, string> = {}) => call('PATCH', `/drafts/${id}`, body, headers);

function problemOf(response: RawResponse, status: number, code: string): Problem {
  expect(response.status, response.text.slice(0, 300)).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = JSON.parse(response.text) as Problem;
  expect(problem).toMatchObject({
    status,
    code,
    type: expect.any(String),
    title: expect.any(String),
    request_id: response.headers['request-id'],
  });
  return problem;
}

function expectInvalid(response: RawResponse, paths: string[]): Problem {
  const problem = problemOf(response, 400, 'validation_failed');
  expect(pathsOf(problem)).toEqual([...paths].sort());
  return problem;
}

async function draftOf(id: string): Promise<Record<string, any>> {
  const response = await call('GET', `/drafts/${id}`);
  expect(response.status).toBe(200);
  return JSON.parse(response.text);
}

/** Runs `request` on a fresh ready draft and checks that the draft reads the same afterwards. */
async function refusedEdit<T>(request: (id: string) => Promise<T>): Promise<T> {
  const id = await readyDraft(t, who);
  const before = await draftOf(id);
  const response = await request(id);
  expect(await draftOf(id)).toEqual(before);
  return response;
}

async function draftCount(as: Founder): Promise<number> {
  const response = await call('GET', '/drafts', undefined, {}, as);
  return JSON.parse(response.text).total;
}

/** Runs `request` for a new founder with no drafts and checks that none was created. */
async function refusedSubmission<T>(request: (as: Founder) => Promise<T>): Promise<T> {
  const someone = await founder(t);
  const response = await request(someone);
  expect(await draftCount(someone)).toBe(0);
  return response;
}

const submit = (as: Founder, body: unknown, headers: Record<string, string> = {}) => call('POST', '/drafts', body, headers, as);
const names = (count: number, from: readonly string[] = PROFILE_FIELDS) => Array.from({ length: count }, (_, i) => from[i % from.length]);

describe('malformed JSON', () => {
  it.each([
    ['truncated', '{"seo":{"title":"x"}'],
    ['a trailing comma', '{"seo":{"title":"x",}}'],
    ['single quotes', "{'seo':{'title':'x'}}"],
    ['a byte order mark before it (RFC 8259 lets a parser refuse it; this one does)', '\uFEFF{"seo":{"title":"x"}}'],
    ['NaN as a value', '{"seo":{"title":NaN}}'],
    ['a bare NaN', 'NaN'],
    ['two documents', '{"seo":{"title":"x"}} {}'],
    ['a comment', '{"seo":{"title":"x"}} // note'],
    ['only whitespace', '   \n'],
  ])('refuses %s with 400 invalid_json, changing nothing', async (_, body) => {
    const response = await refusedEdit((id) => editDraft(id, body));
    const problem = problemOf(response, 400, 'invalid_json');
    expect(problem.errors).toBeUndefined();
  });

  it.each([
    ['null', 'null'],
    ['a string', '"seo"'],
    ['a number', '42'],
    ['true', 'true'],
    ['an array', '[{"seo":{"title":"x"}}]'],
    ['an empty array', '[]'],
  ])('refuses %s as the whole body with 400 validation_failed at the root', async (_, body) => {
    const response = await refusedEdit((id) => editDraft(id, body));
    expectInvalid(response, ['']);
  });
});

describe('content type', () => {
  const body = { seo: { title: 'typed' } };

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/xml', 'text/json'])(
    'refuses a JSON-looking body sent as %s with 415',
    async (type) => {
      const response = await refusedEdit((id) => editDraft(id, body, { 'content-type': type }));
      problemOf(response, 415, 'unsupported_media_type');
    },
  );

  it('refuses a JSON-looking body without Content-Type with 415', async () => {
    const response = await refusedEdit((id) =>
      send(api(`/drafts/${id}`), { method: 'PATCH', headers: { authorization: who.authorization }, body: JSON.stringify(body) }),
    );
    problemOf(response, 415, 'unsupported_media_type');
  });

  it.each([
    'application/json; charset=utf-8',
    'Application/JSON',
    'application/merge-patch+json',
    'application/vnd.launch+json; charset=utf-8',
  ])('accepts %s', async (type) => {
    const id = await readyDraft(t, who);
    const response = await editDraft(id, body, { 'content-type': type });
    expect(response.status).toBe(200);
    expect((await draftOf(id)).seo.title).toBe('typed');
  });
});

describe('body size (limit 1 MiB = 1,048,576 bytes)', () => {
  const edit = (title: string, bytes: number) => padTo(JSON.stringify({ seo: { title } }), bytes);

  it('accepts a body of exactly 1 MiB', async () => {
    const id = await readyDraft(t, who);
    const response = await editDraft(id, edit('exact', MIB));
    expect(response.status).toBe(200);
    expect((await draftOf(id)).seo.title).toBe('exact');
  });

  it('refuses 1 MiB + 1 byte with 413 and closes the connection', async () => {
    const response = await refusedEdit((id) => editDraft(id, edit('over', MIB + 1)));
    problemOf(response, 413, 'payload_too_large');
    expect(response.headers.connection).toBe('close');
  });

  it('counts bytes, not characters', async () => {
    const body = padTo(JSON.stringify({ seo: { title: 'é' } }), MIB + 1);
    expect(body.length).toBe(MIB);
    problemOf(await refusedEdit((id) => editDraft(id, body)), 413, 'payload_too_large');
  });

  it('accepts exactly 1 MiB sent chunked, without Content-Length', async () => {
    const id = await readyDraft(t, who);
    const response = await sendChunked(
      api(`/drafts/${id}`),
      { authorization: who.authorization, 'content-type': 'application/json' },
      edit('chunked', MIB),
      'PATCH',
    );
    expect(response.status).toBe(200);
    expect((await draftOf(id)).seo.title).toBe('chunked');
  });

  it('refuses 1 MiB + 1 byte sent chunked with 413', async () => {
    const response = await refusedEdit((id) =>
      sendChunked(
        api(`/drafts/${id}`),
        { authorization: who.authorization, 'content-type': 'application/json' },
        edit('over', MIB + 1),
        'PATCH',
      ),
    );
    problemOf(response, 413, 'payload_too_large');
  });

  it('refuses a submission over 1 MiB with 413 and creates no draft', async () => {
    const response = await refusedSubmission((as) => submit(as, padTo(JSON.stringify({ url: 'https://example.com/' }), MIB + 1)));
    problemOf(response, 413, 'payload_too_large');
  });

  const head = (id: string, contentLength: number) =>
    `PATCH /api/v1/drafts/${id} HTTP/1.1\r\nHost: ${new URL(t.url).host}\r\nAuthorization: ${who.authorization}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`;

  it('answers 413 at once when Content-Length claims more than 1 MiB, whatever follows', async () => {
    const raw = await refusedEdit((id) => sendBytes(t.url, head(id, MIB + 1), JSON.stringify({ seo: { title: 'liar' } }), 500));
    expect(statusLines(raw)).toEqual([413]);
    expect(raw).toContain('"code":"payload_too_large"');
  });

  it('refuses a body longer than its Content-Length (the rest is no request) and changes nothing', async () => {
    const raw = await refusedEdit((id) => sendBytes(t.url, head(id, 10), edit('smuggled', MIB + 1), 500));
    const statuses = statusLines(raw);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 400)).toBe(true);
  });

  it('keeps serving after a client hangs up before sending the whole declared body', async () => {
    const id = await readyDraft(t, who);
    const raw = await sendBytes(t.url, head(id, 100), '{"seo":', 200);
    expect(raw).toBe('');
    expect((await draftOf(id)).seo.title).toBeNull();
  });
});

describe('deep nesting (inside 1 MiB)', () => {
  /** Either refusal is right: a nesting limit in the parser (invalid_json), or validation naming the path. */
  function expectDeepBodyRefused(response: RawResponse, path: string): void {
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    const problem = JSON.parse(response.text) as Problem;
    expect(['invalid_json', 'validation_failed']).toContain(problem.code);
    problemOf(response, 400, problem.code);
    if (problem.code === 'validation_failed') expect(pathsOf(problem)).toEqual([path]);
  }

  const deepBodies: [string, string, string][] = [
    ['100,000 nested arrays as the body', nestedArrays(100_000), ''],
    ['100,000 nested objects as the body', nestedObjects(100_000), '/a'],
    ['100,000 nested arrays in a list field', `{"fields":{"tags":${nestedArrays(100_000)}}}`, '/fields/tags/0'],
    ['170,000 nested objects under an unknown key', `{"seo":{"title":"x"},"extra":${nestedObjects(170_000)}}`, '/extra'],
  ];

  it('answers 100,000 unclosed [ with 400 invalid_json', async () => {
    problemOf(await refusedEdit((id) => editDraft(id, '['.repeat(100_000))), 400, 'invalid_json');
  });

  it.each(deepBodies)('answers %s with 400, and keeps serving', async (_, body, path) => {
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MIB);
    expectDeepBodyRefused(await refusedEdit((id) => editDraft(id, body)), path);
  });

  it.each(deepBodies)('answers %s with 400 also when the edit carries an Idempotency-Key', async (_, body, path) => {
    expectDeepBodyRefused(await refusedEdit((id) => editDraft(id, body, { 'idempotency-key': `deep-${id}` })), path);
  });
});

describe('huge arrays and objects: one bounded answer', () => {
  it('refuses lock_fields with 100,000 entries naming /lock_fields once', async () => {
    const response = await refusedEdit((id) => editDraft(id, { lock_fields: Array(100_000).fill('name') }));
    expect(expectInvalid(response, ['/lock_fields']).errors).toHaveLength(1);
    expect(response.bytes).toBeLessThan(1024);
  });

  it('refuses 60,000 invalid lock_fields entries naming the array, not each entry', async () => {
    const response = await refusedEdit((id) => editDraft(id, { lock_fields: Array(60_000).fill('no_such_field') }));
    expectInvalid(response, ['/lock_fields']);
    expect(response.bytes).toBeLessThan(1024);
  });

  it('refuses 10,000 milestones naming /milestones once', async () => {
    const response = await refusedEdit((id) => editDraft(id, { milestones: Array(10_000).fill({ date: '2025-01-01', title: 'Launch' }) }));
    expectInvalid(response, ['/milestones']);
    expect(response.bytes).toBeLessThan(1024);
  });

  it('lists at most 100 errors for a body with 80,000 unknown properties, and says how many it left out', async () => {
    const body = `{${Array.from({ length: 80_000 }, (_, i) => `"k${i}":0`).join(',')}}`;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MIB);
    const response = await refusedEdit((id) => editDraft(id, body));
    const problem = problemOf(response, 400, 'validation_failed');
    expect(problem.errors!.length).toBeLessThanOrEqual(100);
    expect(problem.errors!.slice(0, 3).map((error) => error.path)).toEqual(['/k0', '/k1', '/k2']);
    expect(JSON.stringify(problem.errors!.at(-1))).toMatch(/\d+ more/);
    expect(response.bytes).toBeLessThan(16 * 1024);
  });

  it('names every bad item of an array within its count (50 milestones, two faults each)', async () => {
    const response = await refusedEdit((id) => editDraft(id, { milestones: Array(50).fill({ date: '2025-13-01', title: '' }) }));
    const problem = expectInvalid(
      response,
      Array.from({ length: 50 }, (_, i) => [`/milestones/${i}/date`, `/milestones/${i}/title`]).flat(),
    );
    expect(problem.errors).toHaveLength(100);
  });
});

describe('strings at their bound and one past it', () => {
  it('accepts a submission URL of 2048 characters and refuses 2049 naming /url, creating no draft', async () => {
    const url = (length: number) => `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`;
    const someone = await founder(t);
    expect((await submit(someone, { url: url(2048) })).status).toBe(201);
    const response = await submit(someone, { url: url(2049) });
    expectInvalid(response, ['/url']);
    expect(await draftCount(someone)).toBe(1);
  });

  it('accepts a co-founder address of 254 characters and refuses 255 naming /email, sending no invite', async () => {
    const address = (length: number) => {
      const labels = ['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(length - 197), 'com'];
      return `${'a'.repeat(64)}@${labels.join('.')}`;
    };
    expect(address(254)).toHaveLength(254);
    const id = await readyDraft(t, who);
    expect((await call('POST', `/drafts/${id}/invites`, { email: address(254) })).status).toBe(201);
    const response = await call('POST', `/drafts/${id}/invites`, { email: address(255) });
    expectInvalid(response, ['/email']);
    expect((await draftOf(id)).invites).toBe(1);
  });

  it('accepts a search q of 200 characters and refuses 201 naming /q', async () => {
    expect((await call('GET', `/listings?q=${'a'.repeat(200)}`)).status).toBe(200);
    expectInvalid(await call('GET', `/listings?q=${'a'.repeat(201)}`), ['/q']);
  });

  it('counts q in characters: 200 two-byte letters are accepted', async () => {
    expect((await call('GET', `/listings?q=${encodeURIComponent('é'.repeat(200))}`)).status).toBe(200);
  });

  it('refuses a query parameter given twice where one value is expected, naming it', async () => {
    expectInvalid(await call('GET', '/listings?q=a&q=b'), ['/q']);
  });

  it.each([
    ['/seo/title', 70, (s: string) => ({ seo: { title: s } })],
    ['/seo/meta', 170, (s: string) => ({ seo: { meta: s } })],
    ['/story/title', 200, (s: string) => ({ story: { title: s } })],
    ['/fields/tagline', 500, (s: string) => ({ fields: { tagline: s } })],
    ['/fields/tags/0', 200, (s: string) => ({ fields: { tags: [s] } })],
    ['/competitor_url', 2048, (s: string) => ({ competitor_url: `https://e.com/${s.slice(14)}` })],
    ['/founders/0/name', 160, (s: string) => ({ founders: [{ name: s }] })],
    ['/milestones/0/title', 200, (s: string) => ({ milestones: [{ date: '2025-01-01', title: s }] })],
  ])('update_draft %s: accepts %i characters, refuses one more', async (path, max, body) => {
    const id = await readyDraft(t, who);
    expect((await editDraft(id, body('x'.repeat(max)))).status).toBe(200);
    const response = await refusedEdit((other) => editDraft(other, body('x'.repeat(max + 1))));
    expectInvalid(response, [path]);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://rival.example/',
    '//rival.example/',
  ])('update_draft competitor_url %s: 400 naming /competitor_url, nothing stored', async (url) => {
    const response = await refusedEdit((id) => editDraft(id, { competitor_url: url }));
    const problem = expectInvalid(response, ['/competitor_url']);
    expect(JSON.stringify(problem)).not.toContain('alert(');
  });

  it('update_draft competitor_url: an http(s) address is kept, "" clears it', async () => {
    const id = await readyDraft(t, who);
    expect((await editDraft(id, { competitor_url: 'https://rival.example/pricing' })).status).toBe(200);
    expect((await draftOf(id)).competitor_url).toBe('https://rival.example/pricing');
    expect((await editDraft(id, { competitor_url: 'http://rival.example' })).status).toBe(200);
    expect((await draftOf(id)).competitor_url).toBe('http://rival.example');
    expect((await editDraft(id, { competitor_url: '' })).status).toBe(200);
    expect((await draftOf(id)).competitor_url).toBeNull();
  });
});

describe('array counts at their bound and one past it', () => {
  const redraftable = PROFILE_FIELDS.filter((field) => field !== 'categories');
  it.each([
    ['/lock_fields', 20, (n: number) => ({ lock_fields: names(n) })],
    ['/restore', 20, (n: number) => ({ restore: names(n) })],
    ['/regenerate', 5, (n: number) => ({ regenerate: names(n, redraftable) })],
    ['/founders', 6, (n: number) => ({ founders: Array(n).fill({ name: 'Ada' }) })],
    ['/faqs', 10, (n: number) => ({ faqs: Array(n).fill({ question: 'Why?', answer: 'Because.' }) })],
    ['/milestones', 50, (n: number) => ({ milestones: Array(n).fill({ date: '2025-01-01', title: 'Launch' }) })],
    ['/fields/tags', 20, (n: number) => ({ fields: { tags: names(n).map((name, i) => `${name}${i}`) } })],
  ])('%s: accepts %i items, refuses one more naming the array', async (path, max, body) => {
    const id = await readyDraft(t, who);
    expect((await editDraft(id, body(max))).status).toBe(200);
    const response = await refusedEdit((other) => editDraft(other, body(max + 1)));
    expectInvalid(response, [path]);
  });
});

describe('unknown properties', () => {
  it('names every unknown key, top-level and nested, as its own JSON Pointer', async () => {
    const body = {
      seo: { title: 'ok', keywords: 'x' },
      fields: { name: 'Acme', slogan: 'x' },
      founders: [{ name: 'Ada' }, { name: 'Bob', age: 40 }],
      milestones: [{ date: '2025-01-01', title: 'Launch', tag: 'v1' }],
      faqs: [{ question: 'Q?', answer: 'A.', votes: 1 }],
      story: { title: 'Ours', chapter: 'one' },
      company_socials: { github: 'https://github.com/acme', myspace: 'https://myspace.com/acme' },
      colour: 'red',
      'a/b': 1,
      'm~n': 2,
    };
    const response = await refusedEdit((id) => editDraft(id, body));
    const problem = expectInvalid(response, [
      '/a~1b',
      '/colour',
      '/company_socials/myspace',
      '/faqs/0/votes',
      '/fields/slogan',
      '/founders/1/age',
      '/m~0n',
      '/milestones/0/tag',
      '/seo/keywords',
      '/story/chapter',
    ]);
    expect(new Set(problem.errors!.map((error) => error.message))).toEqual(new Set(['Unknown property']));
  });

  it('refuses an unknown property beside a valid URL and creates no draft', async () => {
    const response = await refusedSubmission((as) => submit(as, { url: 'https://example.com/', priority: 'high' }));
    expectInvalid(response, ['/priority']);
  });

  it('never lets an id in the body redirect an edit to another draft', async () => {
    const target = await readyDraft(t, who);
    const other = await readyDraft(t, who);
    const otherBefore = await draftOf(other);
    expect((await editDraft(target, { id: other, seo: { title: 'path wins' } })).status).toBe(200);
    expect((await draftOf(target)).seo.title).toBe('path wins');
    expect(await draftOf(other)).toEqual(otherBefore);
  });
});

describe('null where a value is required', () => {
  it('names every null that is not allowed, at any depth', async () => {
    const body = {
      seo: null,
      fields: { name: null, tags: [null] },
      founders: [null, { name: null }],
      milestones: [{ date: null, title: null }],
      faqs: [{ question: null, answer: 'A.' }],
      lock_fields: [null],
      competitor_url: null,
      company_socials: null,
    };
    const response = await refusedEdit((id) => editDraft(id, body));
    expectInvalid(response, [
      '/company_socials',
      '/competitor_url',
      '/faqs/0/question',
      '/fields/tags/0',
      '/founders/0',
      '/founders/1/name',
      '/lock_fields/0',
      '/milestones/0/date',
      '/milestones/0/title',
      '/seo',
    ]);
  });

  it('accepts null where it means "remove" (a profile field)', async () => {
    const id = await readyDraft(t, who);
    expect((await editDraft(id, { fields: { name: 'Acme' } })).status).toBe(200);
    expect((await editDraft(id, { fields: { name: null } })).status).toBe(200);
    expect((await draftOf(id)).fields.name.value).toBeNull();
  });

  it('refuses a null submission URL naming /url and creates no draft', async () => {
    expectInvalid(await refusedSubmission((as) => submit(as, { url: null })), ['/url']);
  });

  it('refuses a null co-founder address naming /email and sends no invite', async () => {
    const id = await readyDraft(t, who);
    expectInvalid(await call('POST', `/drafts/${id}/invites`, { email: null }), ['/email']);
    expect((await draftOf(id)).invites).toBe(0);
  });
});
