import type { Context } from 'koa';
import { readRequestBody } from './request-body.js';

/** Forms of the pages are a few fields: far below the API's 1 MiB. */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * An application/x-www-form-urlencoded body (read by the same reader as JSON bodies) as a plain
 * object of its first values; undefined when it is not a form, too large, or cut off.
 */
export async function readForm(ctx: Context): Promise<Record<string, string> | undefined> {
  if (ctx.is('multipart/form-data')) return readMultipartForm(ctx);
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

/** A form with a file (an image upload): the image's byte cap and room for the other fields. */
const MAX_MULTIPART_BYTES = 6 * 1024 * 1024;

/** An uploaded file of a multipart form. */
export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A multipart/form-data body: its text fields as readForm answers them, its files kept for formFile. */
async function readMultipartForm(ctx: Context): Promise<Record<string, string> | undefined> {
  const body = await readRequestBody(ctx.req, MAX_MULTIPART_BYTES);
  if (body.kind !== 'read') {
    if (body.kind === 'too_large') ctx.set('Connection', 'close');
    return undefined;
  }
  let parsed: FormData;
  try {
    parsed = await new Response(new Uint8Array(body.bytes), { headers: { 'content-type': ctx.get('content-type') } }).formData();
  } catch {
    return undefined;
  }
  const fields: Record<string, string> = {};
  const all = new URLSearchParams();
  const files: Record<string, UploadedFile> = {};
  for (const [name, value] of parsed) {
    if (typeof value === 'string') {
      all.append(name, value);
      if (!(name in fields)) fields[name] = value;
    } else if (!(name in files)) {
      files[name] = { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
  }
  ctx.state.formValues = all;
  ctx.state.formFiles = files;
  return fields;
}

/** A file of the multipart form read by readForm, or undefined. */
export function formFile(ctx: Context, name: string): UploadedFile | undefined {
  return (ctx.state.formFiles as Record<string, UploadedFile> | undefined)?.[name];
}
