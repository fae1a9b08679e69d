import type { Middleware } from 'koa';
import type { Services } from '../services.js';
import { ProblemError, ValidationError } from '../errors.js';
import { BadSignatureError, handleStripeEvent, verifiedEvent } from '../payments/stripe-events.js';
import { readRequestBody } from './request-body.js';
import { sendProblem } from './problem.js';

/** Where Stripe posts its events (inbound; our own outbound webhooks are /api/v1/webhooks). */
const STRIPE_EVENTS_PATH = '/payments/stripe/events';

/** Stripe's events are small; a body beyond this is not Stripe's. */
const MAX_EVENT_BYTES = 512 * 1024;

/**
 * POST /payments/stripe/events, the endpoint to register in the Stripe dashboard (only served with STRIPE_SECRET_KEY);
 * The raw body is verified against Stripe-Signature with STRIPE_WEBHOOK_SECRET: a forged or altered event is 400
 * and changes nothing. A verified event is acted on once (src/payments/stripe-events.ts) and answered 200; a
 * failure is 500, and Stripe delivers the event again later.
 */
export function stripeWebhook(services: Services): Middleware {
  const { config } = services;
  return async (ctx, next) => {
    if (ctx.path !== STRIPE_EVENTS_PATH || !config.stripeSecretKey) return next();
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      return sendProblem(
        ctx,
        new ProblemError({ status: 405, code: 'method_not_allowed', title: 'Method not allowed', detail: 'Stripe posts its events here.' }),
      );
    }
    const body = await readRequestBody(ctx.req, MAX_EVENT_BYTES);
    if (body.kind !== 'read') {
      ctx.set('Connection', 'close');
      return sendProblem(
        ctx,
        new ProblemError({ status: 413, code: 'body_too_large', title: 'Body too large', detail: 'Not a Stripe event.' }),
      );
    }
    let event: Awaited<ReturnType<typeof verifiedEvent>>;
    try {
      event = await verifiedEvent(body.bytes, ctx.get('Stripe-Signature') || undefined, config.stripeWebhookSecret);
    } catch (error) {
      if (!(error instanceof BadSignatureError)) throw error;
      services.log.warn({ reason: error.message }, 'a Stripe webhook call failed its signature check');
      return sendProblem(
        ctx,
        new ValidationError(
          [{ path: 'header/Stripe-Signature', message: 'The signature does not verify with the webhook signing secret' }],
          'The event is not signed by Stripe for this endpoint; nothing was changed.',
        ),
      );
    }
    const outcome = await handleStripeEvent({ db: services.db, gateway: services.payments, log: services.log }, event, services.now());
    ctx.type = 'application/json';
    ctx.body = JSON.stringify({ received: true, outcome });
  };
}
