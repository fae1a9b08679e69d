import { describe, expect, it } from 'vitest';
import { compactInputSchema } from '../../src/mcp/compact-schema.js';
import { loadRegistry } from '../../src/registry/registry.js';
import { mcpToolDefinition } from '../../src/mcp/tool-definition.js';

const URL_PATTERN = `^https?:\\/\\/${'[a-z0-9]'.repeat(20)}$`;
const link = { type: 'string', maxLength: 500, pattern: URL_PATTERN };
const person = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 160 },
    title: { anyOf: [{ type: 'string', maxLength: 160 }, { type: 'null' }] },
  },
  required: ['name'],
  additionalProperties: false,
};

describe('compactInputSchema', () => {
  it('keeps bounds and descriptions, turns a long URL pattern into its format and a nullable into a type list, and leaves out additionalProperties: false', () => {
    const compact = compactInputSchema({
      type: 'object',
      properties: {
        site: { ...link, description: 'The website' },
        nickname: { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }] },
        country: { type: 'string', pattern: '^[A-Z]{2}$' },
      },
      required: ['site'],
      additionalProperties: false,
    });
    expect(compact).toEqual({
      type: 'object',
      properties: {
        site: { type: 'string', maxLength: 500, format: 'uri', description: 'The website' },
        nickname: { type: ['string', 'null'], maxLength: 40 },
        country: { type: 'string', pattern: '^[A-Z]{2}$' },
      },
      required: ['site'],
    });
  });

  it("leaves an id's database bound (2147483647) to the server, and keeps every other maximum", () => {
    const compact = compactInputSchema({
      type: 'object',
      properties: {
        comment_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
        per_page: { type: 'integer', minimum: 1, maximum: 100 },
        amount: { type: 'number', maximum: 2_147_483_647 },
      },
    });
    expect(compact.properties).toEqual({
      comment_id: { type: 'integer', minimum: 1 },
      per_page: { type: 'integer', minimum: 1, maximum: 100 },
      amount: { type: 'number', maximum: 2_147_483_647 },
    });
  });

  it('leaves out a description that only repeats the property name, and keeps one that says more', () => {
    const compact = compactInputSchema({
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1, default: 1, description: 'Page number' },
        per_page: { type: 'integer', maximum: 100, description: 'Items per page' },
        listing_id: { type: 'integer', minimum: 1, description: 'The listing id' },
        id: { type: 'string', description: 'The draft id' },
        slug: { type: 'string', description: "The listing's slug" },
      },
    });
    expect(compact.properties).toEqual({
      page: { type: 'integer', minimum: 1, default: 1 },
      per_page: { type: 'integer', maximum: 100 },
      listing_id: { type: 'integer', minimum: 1 },
      id: { type: 'string', description: 'The draft id' },
      slug: { type: 'string', description: "The listing's slug" },
    });
  });

  it('defines a small shape in $defs only when that is shorter: used many times, not twice', () => {
    const section = { anyOf: [{ type: 'string', maxLength: 8000 }, { type: 'null' }] };
    const many = compactInputSchema({
      type: 'object',
      properties: Object.fromEntries(['why', 'problem', 'journey', 'lessons', 'next'].map((name) => [name, section])),
    });
    expect(many.$defs).toEqual({ shape1: { type: ['string', 'null'], maxLength: 8000 } });
    expect((many.properties as Record<string, unknown>).why).toEqual({ $ref: '#/$defs/shape1' });
    expect(JSON.stringify(many).length).toBeLessThan(
      JSON.stringify({
        properties: Object.fromEntries(
          ['why', 'problem', 'journey', 'lessons', 'next'].map((name) => [name, { type: ['string', 'null'], maxLength: 8000 }]),
        ),
      }).length,
    );
    const twice = compactInputSchema({ type: 'object', properties: { why: section, problem: section } });
    expect(twice.$defs).toBeUndefined();
    expect(twice.properties).toEqual({
      why: { type: ['string', 'null'], maxLength: 8000 },
      problem: { type: ['string', 'null'], maxLength: 8000 },
    });
  });

  it('lists the names of an object whose properties all take one schema, and that schema once', () => {
    const socials = {
      type: 'object',
      properties: Object.fromEntries(['x', 'github', 'website', 'custom'].map((key) => [key, link])),
      additionalProperties: false,
    };
    expect(compactInputSchema({ type: 'object', properties: { socials } })).toEqual({
      type: 'object',
      properties: {
        socials: {
          type: 'object',
          propertyNames: { enum: ['x', 'github', 'website', 'custom'] },
          additionalProperties: { type: 'string', maxLength: 500, format: 'uri' },
        },
      },
    });
  });

  it('defines a repeated shape once in $defs, keeping each use’s own description, and never puts a $ref where a map of properties goes', () => {
    const compact = compactInputSchema({
      type: 'object',
      properties: {
        founders: { type: 'array', items: person, description: 'Who started it' },
        mentor: { ...person, description: 'Who helped' },
        team: { type: 'array', items: person },
      },
    });
    const defs = compact.$defs as Record<string, Record<string, unknown>>;
    const nameOf = (type: string) => Object.entries(defs).find(([, def]) => def.type === type)![0];
    const [personShape, listShape] = [nameOf('object'), nameOf('array')];
    expect(defs[personShape]!.properties).toEqual({
      name: { type: 'string', minLength: 1, maxLength: 160 },
      title: { type: ['string', 'null'], maxLength: 160 },
    });
    expect(defs[listShape]).toEqual({ type: 'array', items: { $ref: `#/$defs/${personShape}` } });
    const properties = compact.properties as Record<string, Record<string, unknown>>;
    expect(properties.mentor).toEqual({ $ref: `#/$defs/${personShape}`, description: 'Who helped' });
    expect(properties.founders).toEqual({ $ref: `#/$defs/${listShape}`, description: 'Who started it' });
    // A shape inside a shared one counts once, in its definition: the person's name is not defined on its own.
    expect(Object.keys(defs)).toHaveLength(2);
    expect(properties.team).toEqual({ $ref: `#/$defs/${listShape}` });
    expect(JSON.stringify(compact)).not.toMatch(/"properties":\{"\$ref"/);
  });
});

describe('every tool as listed', () => {
  it('refers only to shapes it defines, and nowhere in place of a map of properties', async () => {
    const registry = await loadRegistry();
    for (const tool of registry.tools) {
      const { inputSchema } = mcpToolDefinition(tool);
      const text = JSON.stringify(inputSchema);
      const defs = Object.keys((inputSchema.$defs ?? {}) as object);
      for (const [, name] of text.matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)) expect(defs, tool.name).toContain(name);
      expect(text, tool.name).not.toMatch(/"(properties|patternProperties)":\{"\$ref"/);
    }
  });
});
