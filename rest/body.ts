import type { Context } from 'koa';
import { ProblemError } from '../src/errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON body of at most 1 MiB; an empty body is `undefined`. */
export async function readJsonBody(ctx: Context, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw payloadTooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw payloadTooLarge(limit);
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  if (!ctx.is('application/json', '+json')) {
    throw new ProblemError({
      status: 415,
      code: 'unsupported_media_type',
      title: 'Unsupported media type',
      detail: 'Send the request body as JSON with Content-Type: application/json.',
    });
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new ProblemError({
      status: 400,
      code: 'invalid_json',
      title: 'Malformed JSON',
      detail: `The request body is not valid JSON: ${(error as Error).message}`,
    });
  }
}

function payloadTooLarge(limit: number) {
  return new ProblemError({
    status: 413,
    code: 'payload_too_large',
    title: 'Payload too large',
    detail: `The request body exceeds ${limit} bytes.`,
  });
}
