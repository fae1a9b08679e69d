import type { z } from 'zod';
import type { Scope } from '../accounts/caller.js';
import type { SignedInContext, ToolContext } from './context.js';
import type { SiteSettings } from '../catalogue/site-settings.js';
import type { Toolset } from './toolsets.js';
import type { StaffRole } from '../staff/roles.js';

/** Idempotency-Key (REST header) and idempotency_key (MCP argument): 1 to 255 printable ASCII characters. */
export const IDEMPOTENCY_KEY_SCHEMA = { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' } as const;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The MCP tool annotations; all four are required so that no tool forgets one. */
interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export type InputSchema = z.ZodObject<z.ZodRawShape>;
export type OutputSchema = z.ZodObject<z.ZodRawShape>;

/** A tool with scopes runs only for a signed-in caller: its handler gets a non-null caller. */
type ContextFor<S extends readonly Scope[]> = S extends readonly [] ? ToolContext : SignedInContext;

export interface Tool<
  I extends InputSchema = InputSchema,
  O extends OutputSchema = OutputSchema,
  S extends readonly Scope[] = readonly Scope[],
> {
  /** The operationId and the MCP tool name; equals the file name in tools/. */
  name: string;
  title: string;
  /** The group an MCP client can ask for (`/mcp?toolsets=...`; src/registry/toolsets.ts). */
  toolset: Toolset;
  /** Written for an AI assistant: when to use the tool and what comes back. */
  description: string;
  http: {
    method: HttpMethod;
    /** OpenAPI style, relative to /api/v1, e.g. `/listings/{slug}`. */
    path: string;
    status: 200 | 201 | 202;
    /**
     * The status of an answer that made nothing, told from the result: e.g. 200 when a create operation answers the
     * caller's existing object instead. A replay is told the same way, from its stored result.
     */
    existing?: { status: 200; when: (result: z.output<O>) => boolean };
  };
  /** Scopes a credential needs; empty for public operations. */
  scopes: S;
  /**
   * The site team's operations (toolset admin, scope admin): the staff role the account must have when the
   * operation runs (an admin may do everything). invokeTool checks it at every call, so a demotion applies at once,
   * and hands the handler the staff member (ctx.staff).
   */
  staffRole?: StaffRole;
  /**
   * Whether the operation accepts an Idempotency-Key (REST) / idempotency_key (MCP). With a key the
   * handler runs in a transaction: it must write only through ctx.services.db (and enqueue through
   * ctx.services.jobs, which holds the jobs until the commit).
   */
  idempotencyKey: boolean;
  /** Error statuses this operation can answer beyond 400 and 429 (e.g. 404 for a path identifier). */
  errorStatuses: readonly (401 | 403 | 404 | 409 | 422 | 503)[];
  /**
   * Public read operations only: answers are kept in memory and reused for the same input until a
   * change notification names one of the answer's `tags` (src/registry/result-cache.ts). The tags must
   * name everything the answer shows, so that every change to it is heard.
   */
  cache?: { tags: (result: z.output<O>) => string[] };
  /**
   * Signed-in operations only: at most the site setting `rate_limits[setting]` calls per account in
   * `windowSeconds` (429 with Retry-After beyond), on top of the general per-account limit.
   */
  accountRateLimit?: { setting: keyof SiteSettings['rate_limits']; windowSeconds: number };
  /**
   * A page the person (not the assistant) should open once the operation has run, e.g. a checkout. An MCP
   * client that can show a link to its user (URL-mode elicitation) is handed it directly; every other caller
   * reads it in the answer.
   */
  personLink?: (result: z.output<O>) => { url: string; message: string } | undefined;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  handler: (input: z.output<I>, ctx: ContextFor<S>) => Promise<z.input<O>>;
}

export type AnyTool = Tool<InputSchema, OutputSchema>;

/** Exists for type inference only: the tool file reads as one declaration. */
export function defineTool<I extends InputSchema, O extends OutputSchema, const S extends readonly Scope[]>(
  tool: Tool<I, O, S>,
): Tool<I, O, S> {
  return tool;
}
