import type { z } from 'zod';
import { RateLimitedError, ValidationError, type ProblemFieldError } from '../errors.js';
import { countHit } from '../rate-limit/fixed-window.js';
import type { AnyTool } from './tool.js';
import type { ToolContext } from './context.js';
import { requireScopes } from './scopes.js';
import { cacheKey } from './result-cache.js';

/** The one path every call takes, from REST and MCP alike: validate, authorise, run, check the result. */
export async function invokeTool(tool: AnyTool, rawInput: unknown, ctx: ToolContext): Promise<Record<string, unknown>> {
  requireScopes(tool, ctx.caller);
  const parsed = tool.input.safeParse(rawInput ?? {});
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  await countAccountCall(tool, ctx);
  if (!tool.cacheSeconds) return run(tool, parsed.data, ctx);
  const key = cacheKey(tool.name, parsed.data);
  const cached = ctx.services.resultCache.get(key);
  if (cached) return cached;
  const result = await run(tool, parsed.data, ctx);
  ctx.services.resultCache.set(key, result, tool.cacheSeconds);
  return result;
}

async function countAccountCall(tool: AnyTool, ctx: ToolContext): Promise<void> {
  const limit = tool.accountRateLimit;
  if (!limit || !ctx.caller) return;
  const hit = await countHit(ctx.services.db, `${tool.name}:${ctx.caller.accountId}`, limit.limit, limit.windowSeconds, ctx.services.now());
  if (!hit.allowed) throw new RateLimitedError(hit.resetSeconds, `At most ${limit.limit} calls of ${tool.name} per account in ${limit.windowSeconds / 60} minutes.`);
}

async function run(tool: AnyTool, input: unknown, ctx: ToolContext): Promise<Record<string, unknown>> {
  const result = await tool.handler(input as never, ctx);
  const checked = tool.output.safeParse(result);
  if (!checked.success) {
    // A bug on our side: the details go to the log through the caller's error handling, never to the client.
    throw new Error(`${tool.name} produced a result that does not match its output schema: ${describe(fieldErrors(checked.error))}`);
  }
  return checked.data as Record<string, unknown>;
}

export function fieldErrors(error: z.ZodError): ProblemFieldError[] {
  return error.issues.flatMap((issue) => {
    // An unknown property is reported once per key, each with its own path.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: pointer([...issue.path, key]), message: 'Unknown property' }));
    }
    return [{ path: pointer(issue.path), message: issue.message }];
  });
}

/** JSON Pointer (RFC 6901) of an issue path; "" is the whole input. */
export function pointer(path: readonly PropertyKey[]): string {
  return path.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

const describe = (errors: ProblemFieldError[]) => errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ');
