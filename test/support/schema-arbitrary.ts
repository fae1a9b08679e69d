/**
 * fast-check arbitraries from JSON Schema (the subset OpenAPI 3.1 documents use): `validValue` gives
 * values the schema accepts; `hostileValue` mostly valid ones, with boundary and invalid values mixed
 * in at every level (lengths at and one past a bound, numbers over bounds, wrong types, missing
 * required and unknown properties, hostile unicode and path-ish text).
 */
import fc from 'fast-check';

export type JsonSchema = { readonly [keyword: string]: unknown };

export interface SchemaArbitraryOptions {
  /** The document local `$ref`s (`#/...`) resolve in; default the schema itself. */
  root?: unknown;
  /** Below this depth only required properties and minItems items are generated (ends recursive schemas). */
  maxDepth?: number;
  /**
   * hostileValue only: how many valid values per boundary-or-invalid one, at each level (default 2).
   * A large ratio gives mostly valid values with a single bad spot, which gets past validation of the rest.
   */
  validRatio?: number;
}

interface Context {
  root: unknown;
  hostile: boolean;
  validRatio: number;
  depth: number;
  maxDepth: number;
}

/** Generated strings without maxLength stay about this short; bounds are probed by the hostile variant. */
const TYPICAL_LENGTH = 24;
/** Strings longer than this are not built at a bound (a 1 MiB body is refused before validation). */
const LONGEST_BOUNDARY_STRING = 100_000;
const MANY_ITEMS = 200;

export function validValue(schema: JsonSchema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return build(schema, context(schema, options, false));
}

export function hostileValue(schema: JsonSchema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return build(schema, context(schema, options, true));
}

function context(schema: JsonSchema, options: SchemaArbitraryOptions, hostile: boolean): Context {
  return { root: options.root ?? schema, hostile, validRatio: options.validRatio ?? 2, depth: 0, maxDepth: options.maxDepth ?? 4 };
}

const deeper = (ctx: Context): Context => ({ ...ctx, depth: ctx.depth + 1 });

function build(schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') return build(resolveRef(schema.$ref, ctx.root), deeper(ctx));
  const valid = validOf(schema, ctx);
  if (!ctx.hostile) return valid;
  return fc.oneof(
    { arbitrary: valid, weight: 4 * ctx.validRatio },
    { arbitrary: boundaryOf(schema, ctx), weight: 3 },
    { arbitrary: wrongValue, weight: 1 },
  );
}

function resolveRef(ref: string, root: unknown): JsonSchema {
  if (!ref.startsWith('#')) throw new Error(`Only local $refs are supported: ${ref}`);
  const target = ref
    .slice(1)
    .split('/')
    .slice(1)
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
  if (!target || typeof target !== 'object') throw new Error(`Unresolved $ref ${ref}`);
  return target as JsonSchema;
}

function validOf(schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = alternativesOf(schema);
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => build(alternative, ctx)));
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    return build(Object.assign({}, rest, ...(allOf as JsonSchema[])), ctx);
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => validOfType(type, schema, ctx)));
}

function alternativesOf(schema: JsonSchema): JsonSchema[] | undefined {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!Array.isArray(alternatives) || alternatives.length === 0) return undefined;
  const { anyOf: _anyOf, oneOf: _oneOf, ...shared } = schema;
  return alternatives.map((alternative) => ({ ...shared, ...alternative }));
}

/** The declared types, or those the keywords imply; `nullable` (OpenAPI 3.0) adds null. */
function typesOf(schema: JsonSchema): string[] {
  const declared =
    typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : inferredTypes(schema);
  return schema.nullable === true && !declared.includes('null') ? [...declared, 'null'] : declared;
}

function inferredTypes(schema: JsonSchema): string[] {
  if (schema.properties || schema.additionalProperties !== undefined || schema.required) return ['object'];
  if (schema.items || schema.minItems !== undefined || schema.maxItems !== undefined) return ['array'];
  if (schema.pattern || schema.format || schema.minLength !== undefined || schema.maxLength !== undefined) return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ['number'];
  return [];
}

function validOfType(type: string, schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  switch (type) {
    case 'object':
      return objectOf(schema, ctx);
    case 'array':
      return arrayOf(schema, ctx);
    case 'string':
      return stringOf(schema);
    case 'integer':
      return integerOf(schema);
    case 'number':
      return numberOf(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      throw new Error(`Unsupported JSON Schema type ${type}`);
  }
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties ?? {}) as Record<string, JsonSchema>;
}

function requiredOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.required) ? (schema.required as string[]) : [];
}

function objectOf(schema: JsonSchema, ctx: Context): fc.Arbitrary<Record<string, unknown>> {
  const required = requiredOf(schema);
  const shallow = ctx.depth >= ctx.maxDepth;
  const keys = Object.keys(propertiesOf(schema)).filter((key) => !shallow || required.includes(key));
  const inner = deeper(ctx);
  const model = Object.fromEntries(keys.map((key) => [key, build(propertiesOf(schema)[key], inner)]));
  return fc.record(model, { requiredKeys: keys.filter((key) => required.includes(key)) });
}

function arrayOf(schema: JsonSchema, ctx: Context, length?: number): fc.Arbitrary<unknown[]> {
  const item =
    schema.items && typeof schema.items === 'object' ? build(schema.items as JsonSchema, deeper(ctx)) : fc.jsonValue({ maxDepth: 1 });
  const minLength = numberKeyword(schema, 'minItems') ?? 0;
  const maxLength = ctx.depth >= ctx.maxDepth ? minLength : Math.min(numberKeyword(schema, 'maxItems') ?? minLength + 5, minLength + 5);
  const bounds = length === undefined ? { minLength, maxLength } : { minLength: length, maxLength: length };
  return schema.uniqueItems === true ? fc.uniqueArray(item, { ...bounds, selector: (v) => JSON.stringify(v) }) : fc.array(item, bounds);
}

function numberKeyword(schema: JsonSchema, keyword: string): number | undefined {
  const value = schema[keyword];
  return typeof value === 'number' ? value : undefined;
}

function lengthBounds(schema: JsonSchema): { min: number; max: number | undefined } {
  return { min: numberKeyword(schema, 'minLength') ?? 0, max: numberKeyword(schema, 'maxLength') };
}

/** Within the bounds both in code points (JSON Schema) and in UTF-16 code units (JavaScript validators). */
function fitsLength(value: string, { min, max }: { min: number; max: number | undefined }): boolean {
  return [...value].length >= min && (max === undefined || value.length <= max);
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const bounds = lengthBounds(schema);
  if (typeof schema.pattern === 'string') {
    return fc.stringMatching(regexOf(schema.pattern)).filter((value) => fitsLength(value, bounds));
  }
  const formatted = formatOf(schema.format);
  if (formatted) return formatted.filter((value) => fitsLength(value, bounds));
  const maxLength = Math.min(bounds.max ?? bounds.min + TYPICAL_LENGTH, bounds.min + TYPICAL_LENGTH);
  // A required text is trimmed before its length is checked (what JSON Schema cannot say): not blank at its edges' cost.
  return fc
    .oneof(fc.string({ minLength: bounds.min, maxLength }), fc.string({ minLength: bounds.min, maxLength, unit: 'grapheme' }))
    .filter((value) => fitsLength(value, bounds) && fitsLength(value.trim(), { min: bounds.min, max: undefined }));
}

/** JSON Schema patterns are ECMA-262 regexes in unicode mode; one written for JavaScript's default mode may only compile there. */
function regexOf(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

function formatOf(format: unknown): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl({ withQueryParameters: true, withFragments: true });
    case 'uuid':
      return fc.uuid();
    case 'date':
      return isoDate.map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return isoDate.map((date) => date.toISOString());
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
    case 'hostname':
      return fc.domain();
    default:
      return undefined;
  }
}

const isoDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = numericBounds(schema, 1);
  return fc.integer({ min: Math.ceil(min ?? -(2 ** 31)), max: Math.floor(max ?? 2 ** 31 - 1) });
}

function numberOf(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = numericBounds(schema, 0);
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    // Whole multiples within the bounds (0.01 × 7 is 0.07000000000000001 in binary: a schema's check allows for that).
    const step = schema.multipleOf;
    const lowest = Math.ceil((min ?? -(2 ** 31) * step) / step);
    const highest = Math.floor((max ?? (2 ** 31 - 1) * step) / step);
    return fc.integer({ min: lowest, max: highest }).map((multiple) => multiple * step);
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(min !== undefined && { min }),
    ...(max !== undefined && { max }),
    minExcluded: typeof schema.exclusiveMinimum === 'number' && min === schema.exclusiveMinimum,
    maxExcluded: typeof schema.exclusiveMaximum === 'number' && max === schema.exclusiveMaximum,
  });
}

/** Inclusive bounds; an exclusive one moves by `step` (1 for integers, 0 for numbers, which exclude it instead). */
function numericBounds(schema: JsonSchema, step: number): { min: number | undefined; max: number | undefined } {
  const exclusiveMin = numberKeyword(schema, 'exclusiveMinimum');
  const exclusiveMax = numberKeyword(schema, 'exclusiveMaximum');
  return {
    min: exclusiveMin !== undefined ? exclusiveMin + step : numberKeyword(schema, 'minimum'),
    max: exclusiveMax !== undefined ? exclusiveMax - step : numberKeyword(schema, 'maximum'),
  };
}

/** Values at or just past the schema's limits, plus the hostile text every string field should survive. */
function boundaryOf(schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  if ('const' in schema || Array.isArray(schema.enum)) return nearEnumValues(schema);
  const alternatives = alternativesOf(schema);
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => boundaryOf(alternative, ctx)));
  const types = typesOf(schema);
  const arbitraries = types.flatMap((type) => boundaryOfType(type, schema, ctx));
  return arbitraries.length ? fc.oneof(...arbitraries) : wrongValue;
}

function boundaryOfType(type: string, schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown>[] {
  switch (type) {
    case 'object':
      return [mangledObject(schema, ctx)];
    case 'array':
      return [fc.constantFrom(...itemCounts(schema)).chain((length) => arrayOf(schema, ctx, length))];
    case 'string':
      return [stringBoundaries(schema)];
    case 'integer':
    case 'number':
      return [fc.constantFrom(...numberBoundaries(schema))];
    default:
      return [];
  }
}

function nearEnumValues(schema: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = 'const' in schema ? [schema.const] : (schema.enum as unknown[]);
  const near = allowed
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v} `, `${v}\u0000`, v.slice(0, -1), `${v}s`]);
  return fc.constantFrom('', ...near, ...HOSTILE_STRINGS.slice(0, 8));
}

/** Required properties left out, unknown ones added (own properties, `__proto__` included). */
function mangledObject(schema: JsonSchema, ctx: Context): fc.Arbitrary<Record<string, unknown>> {
  const unknownEntries = fc.array(fc.tuple(fc.constantFrom(...UNKNOWN_KEYS), wrongValue), { maxLength: 3 });
  return fc.tuple(objectOf(schema, ctx), fc.subarray(requiredOf(schema)), unknownEntries).map(([value, dropped, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) if (!dropped.includes(key)) ownProperty(out, key, v);
    for (const [key, v] of extra) ownProperty(out, key, v);
    return out;
  });
}

function ownProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function itemCounts(schema: JsonSchema): number[] {
  const min = numberKeyword(schema, 'minItems') ?? 0;
  const max = numberKeyword(schema, 'maxItems');
  const counts = [min, min - 1, ...(max === undefined ? [MANY_ITEMS] : [max, max + 1])];
  return [...new Set(counts.filter((n) => n >= 0))];
}

function stringBoundaries(schema: JsonSchema): fc.Arbitrary<string> {
  const { min, max } = lengthBounds(schema);
  const lengths = [min, min - 1, ...(max === undefined ? [] : [max, max + 1])].filter((n) => n >= 0 && n <= LONGEST_BOUNDARY_STRING);
  const atLengths = fc
    .constantFrom(...new Set(lengths))
    .chain((n) => fc.constantFrom('a'.repeat(n), '😀'.repeat(n), 'é'.repeat(n), `${'a'.repeat(Math.max(0, n - 1))}\u0000`));
  const options: fc.Arbitrary<string>[] = [atLengths, fc.constantFrom(...HOSTILE_STRINGS), nastyString];
  if (typeof schema.pattern === 'string') options.push(fc.stringMatching(regexOf(schema.pattern)).chain(corruptedText));
  const formatted = formatOf(schema.format);
  if (formatted) options.push(formatted.chain(corruptedText));
  const edges = FORMAT_EDGES[String(schema.format)];
  if (edges) options.push(fc.constantFrom(...edges));
  return fc.oneof(...options);
}

/** A valid-looking text changed at its edges: the kind of value a sloppy anchor or trim lets through. */
function corruptedText(value: string): fc.Arbitrary<string> {
  return fc.constantFrom(
    value.toUpperCase(),
    ` ${value}`,
    `${value}\n`,
    `${value}\u0000`,
    `${value}/../`,
    `-${value}`,
    value.slice(1),
    `${value}${value}`,
  );
}

function numberBoundaries(schema: JsonSchema): number[] {
  const { min, max } = numericBounds(schema, 0);
  const near = [min, max].filter((n): n is number => n !== undefined).flatMap((n) => [n, n - 1, n + 1, n - 0.5, n + 0.5]);
  return [...near, 0, -0, -1, 0.5, 1e300, -1e300, 2 ** 53 + 1, -(2 ** 53 + 1), Number.MAX_SAFE_INTEGER, Number.MIN_VALUE];
}

/** Text that breaks naive handling: control and format characters, surrogates, escapes, paths, markup, injections. */
const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  '\uDE00b',
  '😀',
  '👩‍👩‍👧‍👦',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  '\uFEFFbom',
  'e\u0301\u0301\u0301',
  '\t\r\n',
  '../',
  '../../../../etc/passwd',
  '..',
  '.',
  '/',
  '\\..\\..\\',
  '%00',
  '%2F',
  '%2e%2e%2f',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE/',
  '?x=1#y',
  "' OR 1=1 --",
  '"; DROP TABLE listings; --',
  '\\',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x1F',
  ' 1',
  '01',
  '-1',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'http://127.0.0.1/',
  'http://[::1]:22/',
  'http://169.254.169.254/latest/meta-data/',
  'http://0x7f000001/',
  'http://user:pass@example.com/',
  'https://example.com/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'gopher://example.com/',
  '//example.com',
  'a'.repeat(5000),
];

const NASTY_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u001F',
  '\u007F',
  '\u202E',
  '\u200D',
  '\uD800',
  '\uDFFF',
  '😀',
  'é',
  '\u0301',
  '\uFEFF',
  '\n',
  '/',
  '.',
  '%',
  '\\',
  'a',
  '-',
];
const nastyString = fc.string({ unit: fc.constantFrom(...NASTY_CHARACTERS), minLength: 1, maxLength: 40 });

const FORMAT_EDGES: Record<string, string[]> = {
  email: ['a@b', 'a@b.c', '@', 'a@@b.com', 'a@b.com\n', '"a b"@example.com', 'ä@ü.de', `${'a'.repeat(250)}@b.co`],
  uri: [
    'http://',
    'http://a',
    'ftp://example.com',
    'http://example.com:99999/',
    'HTTP://EXAMPLE.COM',
    'http://xn--nxasmq6b.com/',
    'mailto:a@b.c',
    'http://[::1',
    'http://ex ample.com/',
  ],
  uuid: [
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    '{00000000-0000-4000-8000-000000000000}',
    '000000000000400080000000000000000',
    '00000000-0000-4000-8000-00000000000g',
  ],
  date: ['2024-02-30', '2023-02-29', '0000-00-00', '9999-12-31', '2024-13-01', '-001-01-01', '275760-09-13', '1970-01-01T00:00:00Z'],
  'date-time': [
    '1970-01-01T00:00:00',
    '2024-02-30T00:00:00Z',
    '9999-12-31T23:59:60Z',
    '2024-01-01T25:00:00Z',
    '+275760-09-13T00:00:00.000Z',
  ],
};

const UNKNOWN_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'unknown', '', '$ref', 'id', 'idempotency_key', 'a'.repeat(300)];

/** Values of the wrong type for almost any field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    0.5,
    1e300,
    -1e300,
    2 ** 53 + 1,
    [],
    {},
    [null],
    [[[]]],
    { '': null },
    JSON.parse('{"__proto__":{"polluted":true}}'),
  ),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.jsonValue({ maxDepth: 2 }),
);
