import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A request the fake received: path, the form body as nested objects, and the Idempotency-Key. */
export interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number;
}

/**
 * The parts of the Stripe API the service calls (Checkout sessions: create and expire; refunds), on loopback, so
 * that the official client runs unchanged against it. Tests make the events Stripe would send with `event(...)`
 * and sign them with the package's own test-header helper.
 */
export class FakeStripe {
  readonly requests: StripeRequest[] = [];
  readonly sessions = new Map<string, FakeSession>();
  /** Answer the next session creations with a 500. */
  failCreates = 0;
  /** Answer the next refunds with a 500. */
  failRefunds = 0;
  private server = http.createServer((req, res) => this.answer(req, res));
  private counter = 0;
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private next(prefix: string): string {
    this.counter += 1;
    return `${prefix}_test_${this.counter}`;
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const params = nested(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    this.requests.push({ method: req.method ?? '', path, params, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'stripe-should-retry': 'false', 'request-id': this.next('req') });
      res.end(JSON.stringify(body));
    };
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (this.failCreates > 0) {
        this.failCreates -= 1;
        return send(500, { error: { type: 'api_error', message: 'The fake is down.' } });
      }
      const lines = (params.line_items ?? []) as { quantity: string; price_data: { unit_amount: string; currency: string } }[];
      const id = this.next('cs');
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: lines.reduce((sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity), 0),
        currency: lines[0]?.price_data.currency ?? 'usd',
        client_reference_id: (params.client_reference_id as string) ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        expires_at: Number(params.expires_at),
      };
      this.sessions.set(id, session);
      return send(200, session);
    }
    if (req.method === 'POST' && expire) {
      const session = this.sessions.get(expire[1]);
      if (!session) return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      if (session.status !== 'open')
        return send(400, {
          error: { type: 'invalid_request_error', message: `Only open sessions can be expired; this one is ${session.status}.` },
        });
      session.status = 'expired';
      return send(200, session);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      if (this.failRefunds > 0) {
        this.failRefunds -= 1;
        return send(500, { error: { type: 'api_error', message: 'The fake is down.' } });
      }
      return send(200, {
        id: this.next('re'),
        object: 'refund',
        amount: Number(params.amount),
        payment_intent: params.payment_intent,
        status: 'succeeded',
      });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
  }

  /** The session as Stripe reports it once the person has paid (a PaymentIntent attached). */
  paid(sessionId: string, paymentStatus: 'paid' | 'unpaid' = 'paid'): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    Object.assign(session, {
      status: 'complete',
      payment_status: paymentStatus,
      payment_intent: session.payment_intent ?? this.next('pi'),
    });
    return { ...session };
  }

  /** A Stripe event around `object`. */
  event(type: string, object: object): Stripe.Event {
    return {
      id: this.next('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    } as unknown as Stripe.Event;
  }

  /** A charge of `paymentIntent` with `refunded` cents given back. */
  charge(paymentIntent: string, amount: number, refunded: number): object {
    return {
      id: this.next('ch'),
      object: 'charge',
      payment_intent: paymentIntent,
      amount,
      amount_refunded: refunded,
      refunded: refunded >= amount,
    };
  }
}

/** Stripe's form encoding (a[b][0][c]=v) as nested objects and arrays. */
function nested(form: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of form) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return root;
}

/** Posts `event` to the service's Stripe endpoint, signed as Stripe signs it (or with another secret). */
export async function deliver(baseUrl: string, event: Stripe.Event, secret: string): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(`${baseUrl}/payments/stripe/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return { status: response.status, body: await response.json() };
}
