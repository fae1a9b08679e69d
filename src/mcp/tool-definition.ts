import { IDEMPOTENCY_KEY_SCHEMA, type AnyTool } from '../registry/tool.js';
import { inputJsonSchema, type JsonSchema } from '../registry/json-schema.js';
import { compactInputSchema } from './compact-schema.js';

export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: Partial<AnyTool['annotations']>;
}

/** The MCP argument that carries what REST sends as the Idempotency-Key header. */
export const IDEMPOTENCY_KEY_ARGUMENT = 'idempotency_key';

/** Its use is said once, in the server's instructions; the server checks the rest of IDEMPOTENCY_KEY_SCHEMA. */
const IDEMPOTENCY_KEY_PROPERTY = { type: IDEMPOTENCY_KEY_SCHEMA.type, maxLength: IDEMPOTENCY_KEY_SCHEMA.maxLength };

/**
 * The MCP view of a tool, sized for a model's context (compact-schema.ts); idempotent operations take
 * `idempotency_key` as an extra argument. No outputSchema: the model APIs a host hands tools to take a name,
 * a description and an input schema only, the server checks every answer against the tool's full output schema
 * before sending it, and the OpenAPI document publishes those schemas; listing them cost a quarter of tools/list.
 */
export function mcpToolDefinition(tool: AnyTool): McpToolDefinition {
  const input = compactInputSchema(inputJsonSchema(tool.input));
  const inputSchema = tool.idempotencyKey
    ? { ...input, properties: { ...(input.properties as object), [IDEMPOTENCY_KEY_ARGUMENT]: IDEMPOTENCY_KEY_PROPERTY } }
    : input;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema,
    annotations: differingFromDefaults(tool.annotations),
  };
}

/** The MCP defaults of the hints (a tool that may write, destructively, not idempotent, in an open world). */
const ANNOTATION_DEFAULTS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

/**
 * The hints that differ from the MCP defaults (the meaning is the same, in fewer bytes); destructiveHint and
 * idempotentHint are only meaningful when readOnlyHint is false, so a read-only tool leaves them out.
 */
function differingFromDefaults(annotations: AnyTool['annotations']): Partial<AnyTool['annotations']> {
  const differing: Partial<AnyTool['annotations']> = {};
  for (const key of Object.keys(ANNOTATION_DEFAULTS) as (keyof typeof ANNOTATION_DEFAULTS)[]) {
    if (annotations.readOnlyHint && (key === 'destructiveHint' || key === 'idempotentHint')) continue;
    if (annotations[key] !== ANNOTATION_DEFAULTS[key]) differing[key] = annotations[key];
  }
  return differing;
}
