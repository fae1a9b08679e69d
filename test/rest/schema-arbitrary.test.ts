import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { hostileValue, validValue, type JsonSchema } from '../support/schema-arbitrary.js';
import { loadRegistry } from '../../src/registry/registry.js';
import { inputJsonSchema } from '../../src/registry/json-schema.js';

const SEED = Number(process.env.FUZZ_SEED ?? 42);
const sample = (arbitrary: fc.Arbitrary<unknown>, numRuns = 300) => fc.sample(arbitrary, { seed: SEED, numRuns });

const person: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    slug: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,9}$' },
    age: { type: 'integer', minimum: 1, maximum: 10 },
    ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
    kind: { type: 'string', enum: ['a', 'b'] },
    version: { const: 2 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    id: { type: 'string', format: 'uuid' },
    born: { type: 'string', format: 'date' },
    seen: { type: 'string', format: 'date-time' },
    nickname: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
    tags: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'string', minLength: 1, maxLength: 4 } },
    verified: { type: 'boolean' },
    parent: { $ref: '#/$defs/Node' },
  },
  required: ['name', 'age', 'tags'],
  additionalProperties: false,
  $defs: {
    Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, additionalProperties: false },
  },
};

type Person = Record<string, any>;

describe('validValue', () => {
  it('gives only values the schema accepts', () => {
    for (const value of sample(validValue(person)) as Person[]) {
      expect(Object.keys(value)).toEqual(expect.arrayContaining(['name', 'age', 'tags']));
      expect(Object.keys(value).every((key) => key in (person.properties as object))).toBe(true);
      expect([...value.name].length).toBeGreaterThanOrEqual(2);
      expect(value.name.length).toBeLessThanOrEqual(5);
      expect(Number.isInteger(value.age) && value.age >= 1 && value.age <= 10).toBe(true);
      expect(value.tags.length).toBeGreaterThanOrEqual(1);
      expect(value.tags.length).toBeLessThanOrEqual(3);
      if ('slug' in value) expect(value.slug).toMatch(/^[a-z][a-z0-9-]{0,9}$/);
      if ('ratio' in value) expect(value.ratio > 0 && value.ratio <= 1).toBe(true);
      if ('kind' in value) expect(['a', 'b']).toContain(value.kind);
      if ('version' in value) expect(value.version).toBe(2);
      if ('email' in value) expect(value.email).toMatch(/^[^@]+@[^@]+\.[^@]+$/);
      if ('site' in value) expect(new URL(value.site).protocol).toMatch(/^https?:$/);
      if ('id' in value) expect(value.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      if ('born' in value) expect(value.born).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if ('seen' in value) expect(new Date(value.seen).toISOString()).toBe(value.seen);
      if ('nickname' in value) expect(value.nickname === null || value.nickname.length <= 3).toBe(true);
      if ('verified' in value) expect(typeof value.verified).toBe('boolean');
    }
  });

  it('ends recursive $refs', () => {
    const depth = (node: Person | undefined): number => (node?.children?.length ? 1 + Math.max(...node.children.map(depth)) : 0);
    for (const value of sample(validValue(person)) as Person[]) expect(depth(value.parent)).toBeLessThanOrEqual(4);
  });

  it('resolves $refs into another document, e.g. components of an OpenAPI document', () => {
    const document = { components: { schemas: { Size: { type: 'string', enum: ['s', 'm'] } } } };
    const values = sample(validValue({ $ref: '#/components/schemas/Size' }, { root: document }), 50);
    expect(new Set(values)).toEqual(new Set(['s', 'm']));
  });

  it("gives values every tool's input schema accepts, apart from what JSON Schema cannot say (trimming, URL protocols)", async () => {
    const registry = await loadRegistry();
    for (const tool of registry.tools) {
      for (const value of sample(validValue(inputJsonSchema(tool.input)), 100)) {
        const parsed = tool.input.safeParse(value);
        const unexpected = parsed.success ? [] : parsed.error.issues.filter((issue) => !beyondJsonSchema(issue, value));
        expect(unexpected, `${tool.name} ${JSON.stringify(value)}`).toEqual([]);
      }
    }
  });
});

/** zod trims before checking a length, and checks URL protocols; the JSON Schema it writes says neither. */
function beyondJsonSchema(issue: z.core.$ZodIssue, input: unknown): boolean {
  const value = issue.path.reduce<any>((node, key) => node?.[key as string], input);
  if (typeof value !== 'string') return false;
  if (issue.code === 'too_small') return value.trim().length < value.length;
  return issue.code === 'invalid_format' && URL.canParse(value);
}

describe('hostileValue', () => {
  const values = sample(hostileValue(person), 3000);
  const all = (predicate: (value: any) => boolean) => values.filter(predicate);
  const objects = all((v) => typeof v === 'object' && v !== null && !Array.isArray(v)) as Person[];
  const names = objects.map((v) => v.name);
  const texts = objects.flatMap((v) => Object.values(v)).filter((v): v is string => typeof v === 'string');

  it('puts lengths, item counts and numbers at their bounds and one past', () => {
    expect(names).toEqual(expect.arrayContaining(['a', 'aa', 'aaaaa', 'aaaaaa']));
    const ages = objects.map((v) => v.age);
    expect(ages).toEqual(expect.arrayContaining([0, 1, 10, 11, 1e300, 2 ** 53 + 1, -1]));
    const tagCounts = new Set(objects.filter((v) => Array.isArray(v.tags)).map((v) => v.tags.length));
    for (const count of [0, 1, 3, 4]) expect(tagCounts).toContain(count);
  });

  it('gives wrong types, null, missing required and unknown properties (own __proto__ included)', () => {
    expect(values).toContain(null);
    expect(values.some((v) => typeof v === 'string' || typeof v === 'number' || Array.isArray(v))).toBe(true);
    expect(objects.some((v) => !('name' in v))).toBe(true);
    expect(objects.some((v) => Object.keys(v).some((key) => !(key in (person.properties as object))))).toBe(true);
    expect(objects.some((v) => Object.hasOwn(v, '__proto__'))).toBe(true);
    expect(names.some((name) => typeof name === 'number' || name === null)).toBe(true);
  });

  it('gives hostile text: NUL, lone surrogates, emoji, right-to-left, path-ish, encoded and very long strings', () => {
    const found = (predicate: (text: string) => boolean) => texts.some(predicate);
    expect(found((s) => s.includes('\u0000'))).toBe(true);
    expect(found((s) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s))).toBe(true);
    expect(found((s) => s.includes('😀'))).toBe(true);
    expect(found((s) => s.includes('\u202E'))).toBe(true);
    expect(found((s) => s.includes('../'))).toBe(true);
    expect(found((s) => s.includes('%00') || s.includes('%2F'))).toBe(true);
    expect(found((s) => s.length >= 5000)).toBe(true);
    expect(found((s) => ['NaN', 'Infinity', '-0', '1e309'].includes(s))).toBe(true);
  });

  it('corrupts pattern and format values at their edges', () => {
    const slugs = objects.map((v) => v.slug).filter((s): s is string => typeof s === 'string');
    expect(slugs.some((s) => /^[a-z][a-z0-9-]{0,9}$/.test(s))).toBe(true);
    expect(slugs.some((s) => !/^[a-z][a-z0-9-]{0,9}$/.test(s))).toBe(true);
    const ids = objects.map((v) => v.id).filter((s): s is string => typeof s === 'string');
    expect(ids.some((s) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s))).toBe(true);
  });

  it('with a high validRatio, mostly keeps the rest of the value valid', () => {
    const mostlyValid = sample(hostileValue(person, { validRatio: 50 }), 300) as Person[];
    const intact = mostlyValid.filter((v) => typeof v === 'object' && v !== null && typeof v.name === 'string' && Number.isInteger(v.age));
    expect(intact.length).toBeGreaterThan(mostlyValid.length * 0.8);
  });
});
