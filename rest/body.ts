import type { Context } from 'koa';
import { ProblemError } from '../src/errors.js';
import { MAX_BODY_BYTES, readJsonBody } from '../src/web/json-body.js';

/** The JSON body of a REST request as input for a tool; an empty body is `undefined`. */
export async function readRequestBody(ctx: Context): Promise<unknown> {
  const body = await readJsonBody(ctx.req);
  if (body.kind === 'too_large') {
    ctx.set('Connection', 'close');
    throw new ProblemError({
      status: 413,
      code: 'payload_too_large',
      title: 'Payload too large',
      detail: `The request body exceeds ${MAX_BODY_BYTES} bytes.`,
    });
  }
  if (body.kind === 'empty') return undefined;
  if (body.kind === 'aborted') {
    throw new ProblemError({
      status: 400,
      code: 'request_aborted',
      title: 'Request aborted',
      detail: 'The client closed the connection before the body was complete.',
    });
  }
  if (!ctx.is('application/json', '+json')) {
    throw new ProblemError({
      status: 415,
      code: 'unsupported_media_type',
      title: 'Unsupported media type',
      detail: 'Send the request body as JSON with Content-Type: application/json.',
    });
  }
  if (body.kind === 'invalid') {
    throw new ProblemError({
      status: 400,
      code: 'invalid_json',
      title: 'Malformed JSON',
      detail: `The request body is not accepted as JSON: ${body.message}`,
    });
  }
  return body.value;
}
