import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { problemType } from '../errors.js';
import { PROBLEM_CONTENT_TYPE } from './problem.js';

/**
 * Node's answer to a request it cannot parse (headers over 16 KiB, broken framing, a request that
 * took too long to arrive), written by hand because there is no request or response object yet:
 * problem+json like every other error, instead of Node's bare status line.
 */
export function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Duplex, publicUrl: string): void {
  // A response already under way on this connection (pipelining) must not get another one written into it.
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || answering) {
    socket.destroy();
    return;
  }
  const [status, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'headers_too_large',
          'The request line and headers exceed 16 KiB; send long inputs in a JSON body where the operation takes one.',
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request did not arrive in time.']
        : [400, 'malformed_request', 'The request is not valid HTTP/1.1.'];
  const requestId = randomUUID();
  const body = JSON.stringify({
    type: problemType(publicUrl, code),
    title: STATUS_CODES[status],
    status,
    detail,
    code,
    request_id: requestId,
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}
