/** A loopback fake of the Anthropic Messages API (POST /v1/messages) that records what it received. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

export interface FakeMessagesApi {
  baseUrl: string;
  calls: ReceivedCall[];
  close(): Promise<void>;
}

/** A full Messages API response whose content is one tool_use block. */
export function toolUseMessage(input: unknown, name = 'record_profile'): Record<string, unknown> {
  return {
    id: 'msg_01FakeDraft',
    type: 'message',
    role: 'assistant',
    model: 'claude-test-model',
    content: [{ type: 'tool_use', id: 'toolu_01FakeDraft', name, input }],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 1200, output_tokens: 300, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

/** A full Messages API response with text only (no tool call). */
export function textMessage(text: string): Record<string, unknown> {
  return { ...toolUseMessage({}), content: [{ type: 'text', text }], stop_reason: 'end_turn' };
}

export async function startFakeMessagesApi(reply: (call: ReceivedCall, index: number) => FakeReply): Promise<FakeMessagesApi> {
  const calls: ReceivedCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      const call: ReceivedCall = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      calls.push(call);
      const answer =
        req.method === 'POST' && (req.url ?? '').split('?')[0] === '/v1/messages'
          ? reply(call, calls.length - 1)
          : { status: 404, body: { type: 'error', error: { type: 'not_found_error', message: 'not found' } } };
      const send = (): void => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, {
          'content-type': 'application/json',
          'request-id': `req_fake_${calls.length}`,
          ...answer.headers,
        });
        res.end(JSON.stringify(answer.body ?? {}));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
