import type { Context } from 'koa';

const MAX_FORM_BYTES = 64 * 1024;

/** An application/x-www-form-urlencoded body as a plain object of its first values; undefined when not a form or too large. */
export async function readForm(ctx: Context): Promise<Record<string, string> | undefined> {
  if (!ctx.is('application/x-www-form-urlencoded')) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  const fields: Record<string, string> = {};
  const all = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
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
