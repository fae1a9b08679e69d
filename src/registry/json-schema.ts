import { z } from 'zod';
import type { AnyTool } from './tool.js';

export type JsonSchema = Record<string, unknown>;

const cache = new WeakMap<z.ZodType, { input?: JsonSchema; output?: JsonSchema }>();

/** JSON Schema (draft 2020-12) of what a caller sends: defaults are optional, transforms see their input. */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return memo(schema, 'input');
}

/** JSON Schema of what the service answers. */
export function outputJsonSchema(schema: z.ZodType): JsonSchema {
  return memo(schema, 'output');
}

function memo(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const entry = cache.get(schema) ?? {};
  cache.set(schema, entry);
  entry[io] ??= withoutSafeIntegerBounds(withoutDialect(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema));
  return entry[io];
}

/** zod writes ±(2^53-1) bounds on every integer; they say nothing to a reader, so they go. */
function withoutSafeIntegerBounds<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutSafeIntegerBounds) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'minimum' && value === Number.MIN_SAFE_INTEGER) || (key === 'maximum' && value === Number.MAX_SAFE_INTEGER)) continue;
    out[key] = withoutSafeIntegerBounds(value);
  }
  return out as T;
}

function withoutDialect({ $schema: _dialect, ...rest }: JsonSchema): JsonSchema {
  return rest;
}

/** Names of the path parameters in an OpenAPI-style path, e.g. `/listings/{slug}` gives ["slug"]. */
export function pathParams(tool: AnyTool): string[] {
  return [...tool.http.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]);
}
