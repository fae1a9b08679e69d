import { IDEMPOTENCY_KEY_SCHEMA, type AnyTool } from '../registry/tool.js';
import { inputJsonSchema, outputJsonSchema, type JsonSchema } from '../registry/json-schema.js';
import { compactInputSchema, compactOutputSchema } from './compact-schema.js';

export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: Partial<AnyTool['annotations']>;
}

/** The MCP argument that carries what REST sends as the Idempotency-Key header. */
export const IDEMPOTENCY_KEY_ARGUMENT = 'idempotency_key';

const IDEMPOTENCY_KEY_PROPERTY = {
  ...IDEMPOTENCY_KEY_SCHEMA,
  description: 'A UUID; a retry with the same key within 24 h gets the first answer.',
};

/**
 * The MCP view of a tool, sized for a model's context (compact-schema.ts); idempotent operations take
 * `idempotency_key` as an extra argument.
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
    outputSchema: compactOutputSchema(outputJsonSchema(tool.output)),
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
