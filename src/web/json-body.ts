import type { IncomingMessage } from 'node:http';

/** The largest request body either surface (REST, MCP) accepts. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** The deepest nesting of arrays and objects accepted; no operation needs more than a few levels. */
export const MAX_NESTING_DEPTH = 64;

export type JsonBody =
  | { kind: 'parsed'; value: unknown }
  | { kind: 'empty' }
  | { kind: 'too_large' }
  | { kind: 'invalid'; message: string }
  /** The client went away before the body was complete: there is no one to answer. */
  | { kind: 'aborted' };

/**
 * Reads the whole request body, refusing more than `limit` bytes, and parses it as JSON.
 * On overflow the stream is paused, not destroyed, so the 413 answer can still be written
 * (the caller closes the connection with it).
 */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<JsonBody> {
  if (req.readableEnded) throw new Error('The request body was already read: mount the API before any body parser');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return { kind: 'too_large' };
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        resolve({ kind: 'too_large' });
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      cleanup();
      resolve(size === 0 ? { kind: 'empty' } : parse(Buffer.concat(chunks).toString('utf8')));
    };
    const onError = (error: Error) => {
      cleanup();
      if (req.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') resolve({ kind: 'aborted' });
      else reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function parse(text: string): JsonBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', message: (error as Error).message };
  }
  // Deeper documents would overflow the stack of code that walks them recursively (ours, the MCP SDK's).
  if (nestingDepth(text) > MAX_NESTING_DEPTH)
    return { kind: 'invalid', message: `arrays and objects are nested deeper than ${MAX_NESTING_DEPTH} levels` };
  return { kind: 'parsed', value };
}

/** The deepest nesting of arrays and objects in valid JSON text, found without recursion. */
export function nestingDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) deepest = Math.max(deepest, ++depth);
    else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth--;
  }
  return deepest;
}

const [QUOTE, BACKSLASH, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = ['"', '\\', '{', '}', '[', ']'].map((c) =>
  c.charCodeAt(0),
);
