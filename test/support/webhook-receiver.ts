import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** A webhook receiver on loopback: it keeps every request and answers with `status` (a test changes it as it goes). */
export interface WebhookReceiver {
  url: string;
  status: number;
  received: ReceivedDelivery[];
  /** Resolves once `count` requests have arrived (bounded by timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(status = 204): Promise<WebhookReceiver> {
  const receiver = { status, received: [] as ReceivedDelivery[] } as WebhookReceiver;
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
      receiver.received.push({
        headers: { ...headers, ':method': req.method ?? '', ':path': req.url ?? '' },
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      });
      res.writeHead(receiver.status, { 'content-type': 'text/plain' }).end(receiver.status >= 400 ? `failing with ${receiver.status}` : '');
      for (const wait of waiting.filter((one) => receiver.received.length >= one.count)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.waitFor = async (count, timeoutMs = 15_000) => {
    if (receiver.received.length < count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the receiver got ${receiver.received.length} of ${count} deliveries`)), timeoutMs);
        waiting.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    }
    return receiver.received.slice(0, count);
  };
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
