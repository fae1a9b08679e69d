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
  /**
   * Written for an AI assistant: when to use the tool and what comes back. defineTool ends it with who may call it,
   * from `scopes` and `staffRole` (accessSentence): the tool file does not write that sentence.
   */
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
  /**
   * Error statuses this operation can answer beyond 400 and 429 (e.g. 404 for a path identifier). 401 and 403 are
   * there for every tool with scopes: defineTool adds them, the tool file lists only the others.
   */
  errorStatuses: readonly ErrorStatus[];
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
  /**
   * The 400s that valid-looking input can still get because JSON Schema cannot state the rule (a rule across fields,
   * an address that must name a public website, a name or slug that must exist), each by the field path and the
   * message it answers; the description says each rule. The fuzz test (test/rest/fuzz.test.ts) accepts these, and
   * no other 400, for input valid under the published schema.
   */
  crossFieldRules?: readonly { path: RegExp; message: RegExp }[];
  input: I;
  output: O;
  annotations: ToolAnnotations;
  handler: (input: z.output<I>, ctx: ContextFor<S>) => Promise<z.input<O>>;
}

export type AnyTool = Tool<InputSchema, OutputSchema>;

type ErrorStatus = 401 | 403 | 404 | 409 | 422 | 503;

/** What a tools/<name>.ts file declares: a Tool without what defineTool derives from its scopes and staff role. */
type ToolDeclaration<I extends InputSchema, O extends OutputSchema, S extends readonly Scope[]> = Omit<Tool<I, O, S>, 'errorStatuses'> & {
  /** Beyond 400 and 429, and beyond the 401 and 403 of a tool with scopes; omitted when there are none. */
  errorStatuses?: readonly Exclude<ErrorStatus, 401 | 403>[];
};

/** Who may run a site team's operation, by the staff role it needs (an admin may do everything). */
const STAFF_SENTENCES: Record<StaffRole, string> = {
  admin: 'Admins only.',
  editor: 'Editors and admins.',
  moderator: 'Moderators and admins.',
};

/** The sentence that ends a tool's description: who may call it. Public tools have none. */
export function accessSentence(tool: { scopes: readonly Scope[]; staffRole?: StaffRole }): string | undefined {
  if (tool.staffRole) return STAFF_SENTENCES[tool.staffRole];
  return tool.scopes.length > 0 ? `Needs ${tool.scopes.join(' and ')}.` : undefined;
}

/**
 * The one place a tool is declared; the tool file reads as one declaration. Derives from `scopes` and `staffRole`
 * what would otherwise be repeated in every file: the 401 and 403 among the error statuses, and the sentence
 * that ends the description (e.g. "Needs listings:write.").
 */
export function defineTool<I extends InputSchema, O extends OutputSchema, const S extends readonly Scope[]>(
  declared: ToolDeclaration<I, O, S>,
): Tool<I, O, S> {
  const access = accessSentence(declared);
  const errorStatuses = declared.errorStatuses ?? [];
  return {
    ...declared,
    description: access ? `${declared.description} ${access}` : declared.description,
    errorStatuses: declared.scopes.length > 0 ? [401, 403, ...errorStatuses] : errorStatuses,
  };
}
