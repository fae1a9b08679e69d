import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { paymentGateway } from '../../src/payments/chosen-gateway.js';
import { createLogger } from '../../src/logging/logger.js';

const log = createLogger({ level: 'silent' });

describe('payment settings', () => {
  it('without STRIPE_SECRET_KEY the built-in test-mode page takes payments', async () => {
    const config = loadConfig({ PUBLIC_URL: 'http://directory.test' });
    const gateway = paymentGateway(config, log);
    expect(gateway.provider).toBe('test');
    const opened = await gateway.open({ number: 'LD-2026-000007' } as Parameters<typeof gateway.open>[0], { email: 'a@b.example' });
    expect(opened).toEqual({ url: 'http://directory.test/checkout/LD-2026-000007' });
  });

  it('with STRIPE_SECRET_KEY, Stripe; the signing secret is required, so no payment goes unconfirmed', () => {
    const env = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PAYMENT_METHODS: 'card, paypal ,crypto' };
    const config = loadConfig(env);
    expect(config.stripePaymentMethods).toEqual(['card', 'paypal', 'crypto']);
    expect(paymentGateway(config, log).provider).toBe('stripe');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses a STRIPE_API_URL that is not http(s)://host[:port]', () => {
    const env = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({ ...env, STRIPE_API_URL: 'http://127.0.0.1:12111/' }).stripeApiUrl).toBe('http://127.0.0.1:12111');
    expect(() => loadConfig({ ...env, STRIPE_API_URL: 'ftp://stripe.test' })).toThrow(/STRIPE_API_URL/);
    expect(() => loadConfig({ ...env, STRIPE_API_URL: 'http://stripe.test/v1' })).toThrow(/STRIPE_API_URL/);
  });
});
