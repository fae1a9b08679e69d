import type { IncomingMessage } from 'node:http';

/** The largest request body either surface (REST, MCP) accepts. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type JsonBody =
  | { kind: 'parsed'; value: unknown }
  | { kind: 'empty' }
  | { kind: 'too_large' }
  | { kind: 'invalid'; message: string };

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
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function parse(text: string): JsonBody {
  try {
    return { kind: 'parsed', value: JSON.parse(text) };
  } catch (error) {
    return { kind: 'invalid', message: (error as Error).message };
  }
}
