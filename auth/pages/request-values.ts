import type { Context } from 'koa';
import { safeReturnPath } from './env.js';

/** One query parameter as a string; undefined when absent or repeated. */
export function queryValue(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  return typeof value === 'string' ? value : undefined;
}

/** The return path when safeReturnPath accepts it, else undefined (so it is left out of links and forms). */
export function acceptedReturnPath(value: unknown): string | undefined {
  return safeReturnPath(value, '') || undefined;
}
