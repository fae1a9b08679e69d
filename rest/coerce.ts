import type { JsonSchema } from '../src/registry/json-schema.js';

type Params = Record<string, string | string[]>;

/**
 * Query strings and path segments arrive as text; turn each into the type its JSON Schema declares, when
 * the text is an unambiguous spelling of it. Anything else is left as text so validation names the path.
 * The types of each property are read from the schema once, when the route is made.
 */
export function paramCoercer(schema: JsonSchema): (params: Params) => Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const coercers = new Map(Object.entries(properties).map(([key, property]) => [key, propertyCoercer(property)]));
  const asText = (raw: string | string[]) => raw;
  return (params) => {
    const out: Record<string, unknown> = {};
    for (const key in params) out[key] = (coercers.get(key) ?? asText)(params[key]!);
    return out;
  };
}

function propertyCoercer(property: JsonSchema): (raw: string | string[]) => unknown {
  const types = typesOf(property);
  if (types.has('array')) {
    const itemTypes = typesOf((property.items ?? {}) as JsonSchema);
    return (raw) => (Array.isArray(raw) ? raw : [raw]).map((v) => coerceScalar(v, itemTypes));
  }
  return (raw) => (Array.isArray(raw) ? raw.map((v) => coerceScalar(v, types)) : coerceScalar(raw, types));
}

function coerceScalar(value: string, types: Set<string>): unknown {
  if ((types.has('integer') || types.has('number')) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (types.has('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  if (types.has('null') && value === 'null' && !types.has('string')) return null;
  return value;
}

function typesOf(schema: JsonSchema | undefined): Set<string> {
  const types = new Set<string>();
  if (!schema) return types;
  const type = schema.type;
  if (typeof type === 'string') types.add(type);
  if (Array.isArray(type))
    type.forEach((t) => {
      types.add(String(t));
    });
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const sub of (schema[key] ?? []) as JsonSchema[])
      typesOf(sub).forEach((t) => {
        types.add(t);
      });
  }
  return types;
}
