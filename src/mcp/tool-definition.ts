import { IDEMPOTENCY_KEY_SCHEMA, type AnyTool } from '../registry/tool.js';
import { inputJsonSchema, outputJsonSchema, type JsonSchema } from '../registry/json-schema.js';

export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: AnyTool['annotations'] & { title: string };
}

/** The MCP argument that carries what REST sends as the Idempotency-Key header. */
export const IDEMPOTENCY_KEY_ARGUMENT = 'idempotency_key';

const IDEMPOTENCY_KEY_PROPERTY = {
  ...IDEMPOTENCY_KEY_SCHEMA,
  description:
    'Optional. Makes a retry safe: a repeated call with the same key within 24 hours returns the first answer instead of acting twice. A UUID is recommended.',
};

/** The MCP view of a tool; idempotent operations take `idempotency_key` as an extra argument. */
export function mcpToolDefinition(tool: AnyTool): McpToolDefinition {
  const input = inputJsonSchema(tool.input);
  const inputSchema = tool.idempotencyKey
    ? { ...input, properties: { ...(input.properties as object), [IDEMPOTENCY_KEY_ARGUMENT]: IDEMPOTENCY_KEY_PROPERTY } }
    : input;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema,
    outputSchema: outputJsonSchema(tool.output),
    annotations: { title: tool.title, ...tool.annotations },
  };
}
