import { ProblemError, UnauthorizedError, ValidationError, type ProblemFieldError } from '../errors.js';
import { countOrRefuse } from '../rate-limit/count-or-refuse.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { jobOutbox, type TransactionalJobQueue } from '../jobs/job-outbox.js';
import type { AnyTool } from './tool.js';
import type { SignedInContext, ToolContext } from './context.js';
import { requireScopes } from './scopes.js';
import { cacheKey } from './result-cache.js';
import { parseIdempotencyKey, runIdempotently, type IdempotentCall } from './idempotency.js';
import { storableInput, unstorableText } from './storable-text.js';
import { atMostMaxErrors, fieldErrors } from './input-errors.js';
import { requireStaffRole } from '../staff/roles.js';
import { secondsSince, type ToolSurface } from '../observability/metrics.js';
import { SpanKind, type SpanOptions, withSpan } from '../observability/tracing.js';

export interface CallOptions {
  /** The Idempotency-Key as sent, and where it was sent (named in a 400 when it is malformed). */
  idempotencyKey?: { value: unknown; path: string };
  /** Where the call came from, for the tool call metrics (absent: not counted) and the call's span. */
  surface?: ToolSurface;
  /**
   * The trace the call continues when the message carried its own context (an MCP request's params._meta) in
   * another trace than the request's: the call's span is then that trace's SERVER span, linked to the request's.
   */
  trace?: Pick<SpanOptions, 'parent' | 'links'>;
}

export interface ToolAnswer {
  result: Record<string, unknown>;
  /** The stored answer of an earlier call with the same Idempotency-Key. */
  replayed: boolean;
}

/** At most this many field errors are listed; a body with thousands of bad items gets a bounded answer. */

/** The tool call span's attributes: the tool (as MCP's semantic conventions name it), the surface, the outcome (as the metrics count it). */
const TOOL_NAME = 'gen_ai.tool.name';
const TOOL_SURFACE = 'launch.tool.surface';
const TOOL_OUTCOME = 'launch.tool.outcome';

/**
 * The one path every call takes, from REST and MCP alike: authorise, validate, limit, run once, check the result.
 * Traced as the span `tool {name}` (its statements, crawls and outgoing requests under it), counted by outcome.
 */
export function invokeTool(tool: AnyTool, rawInput: unknown, ctx: ToolContext, options: CallOptions = {}): Promise<ToolAnswer> {
  const span: SpanOptions = {
    kind: options.trace ? SpanKind.SERVER : SpanKind.INTERNAL,
    ...options.trace,
    attributes: { [TOOL_NAME]: tool.name, ...(options.surface && { [TOOL_SURFACE]: options.surface }) },
    // A refusal (a 4xx problem) is an answer; a 5xx or anything else is a failure.
    isFailure: (error) => !(error instanceof ProblemError) || error.status >= 500,
  };
  return withSpan(`tool ${tool.name}`, span, async (active) => {
    const started = performance.now();
    const record = (outcome: string) => {
      active.setAttribute(TOOL_OUTCOME, outcome);
      if (options.surface) ctx.services.metrics?.toolCall(tool.name, options.surface, outcome, secondsSince(started));
    };
    try {
      const answer = await invokeOnce(tool, rawInput, ctx, options);
      // The caller's next read sees this write, even when it is answered from the kept answers.
      if (!tool.annotations.readOnlyHint) await ctx.services.changes.catchUp();
      record('ok');
      return answer;
    } catch (error) {
      // The problem's status (a bounded set), never its detail; anything else is a 500.
      record(error instanceof ProblemError ? String(error.status) : '500');
      throw error;
    }
  });
}

async function invokeOnce(tool: AnyTool, rawInput: unknown, ctx: ToolContext, options: CallOptions): Promise<ToolAnswer> {
  requireScopes(tool, ctx.caller);
  const key =
    tool.idempotencyKey && options.idempotencyKey
      ? parseIdempotencyKey(options.idempotencyKey.value, options.idempotencyKey.path)
      : undefined;
  if (key !== undefined && ctx.caller)
    return runOnce(tool, rawInput, ctx, { accountId: ctx.caller.accountId, operation: tool.name, key, input: rawInput ?? {} });
  return { result: await validateAndRun(tool, rawInput, ctx), replayed: false };
}

/**
 * The call under an idempotency key, in one transaction with its stored answer. Jobs the operation
 * enqueues are written in that transaction (job_outbox) and handed to the queue once it has
 * committed; one that cannot be handed over now is left to the outbox relay, since the answer stands.
 */
async function runOnce(tool: AnyTool, rawInput: unknown, ctx: ToolContext, call: IdempotentCall): Promise<ToolAnswer> {
  let outbox: TransactionalJobQueue | undefined;
  const answer = await runIdempotently(ctx.services.db, call, ctx.services.now(), tool.http.status, (db) => {
    outbox = jobOutbox(ctx.services.jobs, db);
    return validateAndRun(tool, rawInput, { ...ctx, services: { ...ctx.services, db, jobs: outbox } });
  });
  await outbox
    ?.handOver(ctx.services.db)
    .catch((error: unknown) =>
      ctx.services.log.warn({ err: error, request_id: ctx.requestId }, 'jobs of a committed operation wait for the outbox relay'),
    );
  return answer;
}

async function validateAndRun(tool: AnyTool, rawInput: unknown, ctx: ToolContext): Promise<Record<string, unknown>> {
  const textErrors = unstorableText(rawInput);
  if (textErrors.length > 0) throw new ValidationError(atMostMaxErrors(textErrors));
  const parsed = tool.input.safeParse(storableInput(rawInput ?? {}));
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  // After the replay check and validation: a retry answered from the store, or a refused input, uses no quota.
  await countAccountCall(tool, ctx);
  if (tool.staffRole && ctx.caller) {
    // The role as it is now, not as it was when the credential was made: a demoted account is refused at once.
    ctx = { ...ctx, staff: await requireStaffRole(ctx.services.db, ctx.caller.accountId, tool.staffRole) } as SignedInContext;
  }
  const { changes, resultCache: cache } = ctx.services;
  if (!tool.cache || !changes.enabled) return run(tool, parsed.data, ctx);
  const key = cacheKey(tool.name, parsed.data);
  const cached = cache.get(key);
  if (cached) return cached;
  const generation = changes.generation;
  const result = await run(tool, parsed.data, ctx);
  changes.keep(cache, key, result, tool.cache.tags(result), generation);
  return result;
}

async function countAccountCall(tool: AnyTool, ctx: ToolContext): Promise<void> {
  if (!tool.accountRateLimit || !ctx.caller) return;
  const { setting, windowSeconds } = tool.accountRateLimit;
  const limit = (await loadSiteSettings(ctx.services.db)).rate_limits[setting];
  const policy = { name: tool.name, limit, windowSeconds };
  const detail = `At most ${limit} calls of ${tool.name} per account in ${windowSeconds / 60} minutes.`;
  await countOrRefuse(ctx.services.db, `${tool.name}:${ctx.caller.accountId}`, policy, ctx.services.now(), detail);
}

async function run(tool: AnyTool, input: unknown, ctx: ToolContext): Promise<Record<string, unknown>> {
  const result = await tool.handler(input as never, handlerContext(tool, ctx));
  const checked = tool.output.safeParse(result);
  if (!checked.success) {
    // A bug on our side: the details go to the log through the caller's error handling, never to the client.
    throw new Error(`${tool.name} produced a result that does not match its output schema: ${describe(fieldErrors(checked.error))}`);
  }
  return checked.data as Record<string, unknown>;
}

/**
 * The context a handler's type promises: a tool with scopes gets a caller (requireScopes refused the
 * call without one; checked again here so no path can skip it); a public tool's handler takes null.
 */
function handlerContext(tool: AnyTool, ctx: ToolContext): SignedInContext {
  if (tool.scopes.length > 0 && !ctx.caller) throw new UnauthorizedError(undefined, false, tool.scopes);
  return ctx as SignedInContext;
}

const describe = (errors: ProblemFieldError[]) => errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ');
