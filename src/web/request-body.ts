import type { IncomingMessage } from 'node:http';

export type RequestBody = { kind: 'read'; bytes: Buffer } | { kind: 'too_large' } | { kind: 'aborted' };

/**
 * The one reader of request bodies (JSON for REST and MCP, forms for the pages): at most `limit`
 * bytes, refused at once when Content-Length says more. On overflow the stream is paused, not
 * destroyed, so the refusal can still be written (the caller closes the connection with it).
 */
export async function readRequestBody(req: IncomingMessage, limit: number): Promise<RequestBody> {
  if (req.readableEnded) throw new Error('The request body was already read: mount this route before any body parser');
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
      resolve({ kind: 'read', bytes: Buffer.concat(chunks) });
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
