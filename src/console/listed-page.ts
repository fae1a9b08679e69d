import type { Context } from 'koa';
import type { ProblemError } from '../errors.js';
import { pageNumber } from '../web/layout.js';
import type { ConsoleDeps, StaffVisit } from './console-deps.js';
import { optional } from './form-fields.js';
import { runOperation } from './run-operation.js';

export interface ListedPage<T> {
  /** The filters given in the address (empty ones left out), for the filter form and the pager's links. */
  filters: Record<string, string>;
  page: number;
  items: T[];
  total: number;
  /** The operation refused the filters (shown on the page; the list is then empty). */
  problem?: ProblemError;
}

/** One page of a list operation, filtered by the address's query (`?status=paid&page=2`), as a console page shows it. */
export async function listedPage<T>(
  ctx: Context,
  deps: ConsoleDeps,
  visit: StaffVisit,
  operation: string,
  filterNames: readonly string[],
  perPage: number,
): Promise<ListedPage<T>> {
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = optional(typeof ctx.query[name] === 'string' ? ctx.query[name] : undefined);
    if (value !== undefined) filters[name] = value;
  }
  const page = pageNumber(ctx.query.page);
  const outcome = await runOperation(ctx, deps, visit, operation, { ...filters, page, per_page: perPage });
  if (!outcome.ok) return { filters, page, items: [], total: 0, problem: outcome.problem };
  return { filters, page, items: outcome.result.items as T[], total: outcome.result.total as number };
}
