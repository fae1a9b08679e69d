import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { paymentGateway } from '../../src/payments/chosen-gateway.js';
import { createLogger } from '../../src/logging/logger.js';

const log = createLogger({ level: 'silent' });
/** A public deployment: https behind a TLS-terminating proxy. */
const PUBLIC = { PUBLIC_URL: 'https://directory.example', TRUSTED_PROXIES: '10.0.0.0/8' };
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('payments mode (PAYMENTS)', () => {
  it('refuses to start on an https PUBLIC_URL with neither Stripe nor PAYMENTS=test, naming both ways out', () => {
    expect(() => loadConfig(PUBLIC)).toThrow(/PAYMENTS=test/);
    expect(() => loadConfig(PUBLIC)).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...PUBLIC, PAYMENTS: '' })).toThrow(/PAYMENTS=test/);
  });

  it('with PAYMENTS=test on https, the test-mode page takes payments', () => {
    const config = loadConfig({ ...PUBLIC, PAYMENTS: 'test' });
    expect(config.payments).toBe('test');
    expect(paymentGateway(config, log).provider).toBe('test');
    expect(loadConfig({ ...PUBLIC, PAYMENTS: ' Test ' }).payments).toBe('test');
  });

  it('on an http PUBLIC_URL (development, as with npm start in the README) test mode is the default', () => {
    expect(loadConfig({}).payments).toBe('test');
    expect(loadConfig({ PUBLIC_URL: 'http://directory.test' }).payments).toBe('test');
    expect(paymentGateway(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }), log).provider).toBe('test');
  });

  it('STRIPE_SECRET_KEY implies Stripe, on https as on http; PAYMENTS=stripe says the same', () => {
    for (const env of [{ ...PUBLIC, ...STRIPE }, STRIPE, { ...PUBLIC, ...STRIPE, PAYMENTS: 'stripe' }]) {
      const config = loadConfig(env);
      expect(config.payments).toBe('stripe');
      expect(paymentGateway(config, log).provider).toBe('stripe');
    }
  });

  it('refuses a value it does not know, Stripe without its key, and test mode next to a Stripe key', () => {
    expect(() => loadConfig({ PAYMENTS: 'bogus' })).toThrow(/PAYMENTS must be "stripe" or "test", got "bogus"/);
    expect(() => loadConfig({ ...PUBLIC, PAYMENTS: 'free' })).toThrow(/PAYMENTS must be/);
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/PAYMENTS=stripe needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...STRIPE, PAYMENTS: 'test' })).toThrow(/choose one/);
  });
});
