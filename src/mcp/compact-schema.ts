/**
 * The schemas tools/list gives an assistant: every byte of them sits in its context window on every turn, so
 * they carry what a model needs to call a tool right, and the OpenAPI document keeps the
 * rest (long patterns, the answers' schemas). Both are made from the same zod schemas; a compact
 * schema accepts everything the full one accepts (parts are only dropped or loosened), and invokeTool checks
 * every call against the full schema, answering a 400 that names each bad path.
 */
import type { JsonSchema } from '../registry/json-schema.js';

/** The largest PostgreSQL integer, the upper bound of every id: left to the server's check. */
const DATABASE_INTEGER_MAX = 2_147_483_647;

/** Patterns longer than this (URLs, e-mail addresses) are left to the server's check; the format says what is meant. */
const LONG_PATTERN = 80;

/**
 * The arguments as a model needs them: every property, type, enum, bound, default and required list stays, and
 * every description that says more than the property's name. What goes: long regular expressions (a URL's is
 * ~400 characters, repeated for every URL field), replaced by the format they stand for; an id's maximum (the
 * database's integer range); `additionalProperties:
 * false` (a model sends the properties listed; the server refuses any other with a 400 naming it); descriptions
 * that only repeat the name ("Page number" of `page`). The server still checks the full schema and names the
 * argument it refuses.
 */
export function compactInputSchema(schema: JsonSchema): JsonSchema {
  return sharedShapes(compactInput(schema) as JsonSchema);
}

function compactInput(node: unknown): unknown {
  if (!isSchema(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pattern' && typeof value === 'string' && value.length > LONG_PATTERN) {
      if (!('format' in node) && /^\^https\?/.test(value)) out.format = 'uri';
    } else if (key === 'maximum' && value === DATABASE_INTEGER_MAX && node.type === 'integer') {
      // An id's upper bound only keeps it within the database's integer: no model sends one that large.
    } else if (key === 'properties' && isSchema(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, withoutEchoOfName(name, property)]));
    } else {
      out[key] = value;
    }
  }
  const compacted = sameValuedObject(nullableAsType(mapSubschemas(out, compactInput)));
  if (compacted.additionalProperties !== false) return compacted;
  const { additionalProperties: _closed, ...open } = compacted;
  return open;
}

/** Words a description may add to a property's name and still say nothing more ("Page number", "Items per page", "The listing id"). */
const NAME_FILLER = new Set(['the', 'a', 'an', 'number', 'items']);

/** The property without its description when that only repeats the name's words. */
function withoutEchoOfName(name: string, property: unknown): unknown {
  if (!isSchema(property) || typeof property.description !== 'string') return property;
  const nameWords = new Set(name.toLowerCase().split('_'));
  const words = property.description
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (!words.every((word) => nameWords.has(word) || NAME_FILLER.has(word))) return property;
  return withoutDescription(property);
}

const isSchema = (node: unknown): node is Record<string, unknown> => node !== null && typeof node === 'object' && !Array.isArray(node);

/**
 * An object whose optional properties all take the same schema (links by platform) as its names and that
 * schema once: `{propertyNames: {enum: [...]}, additionalProperties: <schema>}` accepts exactly the same.
 */
function sameValuedObject(node: Record<string, unknown>): Record<string, unknown> {
  const properties = node.properties as Record<string, unknown> | undefined;
  if (!properties || node.additionalProperties !== false || (Array.isArray(node.required) && node.required.length > 0)) return node;
  const values = Object.values(properties).map((value) => JSON.stringify(value));
  if (values.length < 4 || new Set(values).size !== 1) return node;
  const { properties: _properties, required: _required, ...rest } = node;
  return { ...rest, propertyNames: { enum: Object.keys(properties) }, additionalProperties: Object.values(properties)[0] };
}

/**
 * `{anyOf: [{type: "string", maxLength: 500}, {type: "null"}]}` as `{type: ["string", "null"], maxLength: 500}`:
 * the same schema (a string keyword applies to strings only), in half the bytes; an enum lists null among its values.
 */
function nullableAsType(node: Record<string, unknown>): Record<string, unknown> {
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return node;
  const nullIndex = branches.findIndex((branch) => isOnly(branch, { type: 'null' }));
  const other = branches[1 - nullIndex] as Record<string, unknown> | undefined;
  if (nullIndex < 0 || !other || 'anyOf' in other || 'const' in other || ('enum' in other && !Array.isArray(other.enum))) return node;
  const { anyOf: _anyOf, ...rest } = node;
  if (Object.keys(rest).some((key) => key in other)) return node;
  const withNull = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {}; // an enum lists null too
  if (typeof other.type === 'string') return { ...rest, ...other, type: [other.type, 'null'], ...withNull };
  if (other.type === undefined && Array.isArray(other.enum)) return { ...rest, ...other, ...withNull }; // an answer's enum, typed by its values
  return node;
}

function isOnly(value: unknown, expected: Record<string, unknown>): boolean {
  return JSON.stringify(value) === JSON.stringify(expected);
}

/**
 * A shape a schema repeats is defined once, in $defs, when that is shorter: its uses become `{"$ref":"#/$defs/shapeN"}`
 * (about this many bytes each) and the definition costs its name besides.
 */
const REF_BYTES = 25;
const worthSharing = (bytes: number, uses: number) => uses > 1 && (uses - 1) * bytes > uses * REF_BYTES + 10;

/** Keywords whose value is a schema, and those whose value is a list or a map of schemas (JSON Schema 2020-12). */
const SCHEMA_KEYS = new Set(['items', 'additionalProperties', 'propertyNames', 'not', 'contains', 'unevaluatedProperties']);
const SCHEMA_LIST_KEYS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_MAP_KEYS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);

/**
 * The schema with each of its subschemas (not itself) replaced by `visit(subschema, keyword)`; keys whose values
 * are values (enum, const, required, bounds) are kept as they are.
 */
function mapSubschemas(schema: Record<string, unknown>, visit: (subschema: unknown, keyword: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_KEYS.has(key) && typeof value === 'object' && value !== null) out[key] = visit(value, key);
    else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(value)) out[key] = value.map((child) => visit(child, key));
    else if (SCHEMA_MAP_KEYS.has(key) && typeof value === 'object' && value !== null)
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, visit(child, key)]));
    else out[key] = value;
  }
  return out;
}

/** Repeated shapes (the socials of a company and of its founder, a list of field names) defined once and referred to. */
function sharedShapes(schema: JsonSchema): JsonSchema {
  const keyOf = (node: Record<string, unknown>) => JSON.stringify(withoutDescription(node));
  // Shapes are chosen one at a time, the one that saves most first; a chosen shape's insides count once (in its
  // definition), however often it is used.
  const chosen = new Set<string>();
  const order = new Map<string, number>(); // first appearance, for stable names
  for (;;) {
    const counts = new Map<string, number>();
    const defined = new Set<string>();
    const count = (node: unknown): unknown => {
      if (!isSchema(node)) return node;
      const key = keyOf(node);
      if (!order.has(key)) order.set(key, order.size);
      if (chosen.has(key)) {
        if (defined.has(key)) return node;
        defined.add(key);
      } else counts.set(key, (counts.get(key) ?? 0) + 1);
      return mapSubschemas(node, count);
    };
    mapSubschemas(schema, count);
    const saving = ([key, n]: [string, number]) => (n - 1) * key.length - n * REF_BYTES - 10;
    const best = [...counts].filter(([key, n]) => worthSharing(key.length, n)).sort((a, b) => saving(b) - saving(a))[0];
    if (!best) break;
    chosen.add(best[0]);
  }
  if (chosen.size === 0) return schema;
  const shared = [...chosen].sort((a, b) => order.get(a)! - order.get(b)!);
  const names = new Map(shared.map((key, i) => [key, `shape${i + 1}`]));
  const defs: Record<string, unknown> = {};
  const replace = (node: unknown): unknown => {
    if (!isSchema(node)) return node;
    const name = names.get(keyOf(node));
    if (!name) return mapSubschemas(node, replace);
    defs[name] ??= mapSubschemas(withoutDescription(node), replace);
    return node.description === undefined ? { $ref: `#/$defs/${name}` } : { $ref: `#/$defs/${name}`, description: node.description };
  };
  const mapped = mapSubschemas(schema, replace);
  return { ...mapped, $defs: { ...(mapped.$defs as object | undefined), ...defs } }; // beside any definitions zod made
}

function withoutDescription({ description: _description, ...rest }: Record<string, unknown>): Record<string, unknown> {
  return rest;
}
