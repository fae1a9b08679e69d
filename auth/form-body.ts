import type { Context } from 'koa';
import { readRequestBody } from '../src/web/request-body.js';

/** Forms of the pages are a few fields: far below the API's 1 MiB. */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * An application/x-www-form-urlencoded body (read by the same reader as JSON bodies) as a plain
 * object of its first values; undefined when it is not a form, too large, or cut off.
 */
export async function readForm(ctx: Context): Promise<Record<string, string> | undefined> {
  if (!ctx.is('application/x-www-form-urlencoded')) return undefined;
  const body = await readRequestBody(ctx.req, MAX_FORM_BYTES);
  if (body.kind !== 'read') {
    if (body.kind === 'too_large') ctx.set('Connection', 'close');
    return undefined;
  }
  const fields: Record<string, string> = {};
  const all = new URLSearchParams(body.bytes.toString('utf8'));
  for (const [name, value] of all) {
    if (!(name in fields)) fields[name] = value;
  }
  ctx.state.formValues = all;
  return fields;
}

/** Every value of a repeated field (checkboxes), from the form read by readForm. */
export function formValues(ctx: Context, name: string): string[] {
  const all = ctx.state.formValues as URLSearchParams | undefined;
  return all ? all.getAll(name) : [];
}
