import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { PRIVATE_NETWORKS } from '../../src/security/proxies.js';

describe('proxy settings', () => {
  it('believes no forwarding headers unless TRUST_PROXY or TRUSTED_PROXIES says so', () => {
    expect(loadConfig({})).toMatchObject({ trustProxy: false, trustedProxies: [] });
    expect(loadConfig({ TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, trustedProxies: PRIVATE_NETWORKS });
    expect(loadConfig({ TRUSTED_PROXIES: '10.1.2.3, 192.168.0.0/16,::1' })).toMatchObject({
      trustProxy: true,
      trustedProxies: ['10.1.2.3', '192.168.0.0/16', '::1'],
    });
  });

  it('refuses an entry that is not an address or network, and an https PUBLIC_URL without a proxy', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.internal' })).toThrow(/TRUSTED_PROXIES: "proxy.internal"/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://directory.example' })).toThrow(/TRUSTED_PROXIES/);
    expect(loadConfig({ PUBLIC_URL: 'https://directory.example', TRUSTED_PROXIES: '10.0.0.0/8', PAYMENTS: 'test' }).publicUrl).toBe(
      'https://directory.example',
    );
  });

  it('refuses a shutdown timeout that is not a non-negative integer', () => {
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs).toBe(5000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });
});

describe('TRUSTED_PROXIES networks', () => {
  it('refuses a prefix that is empty, too long or not a number, so no typo trusts the whole internet', () => {
    for (const entry of ['10.0.0.0/', '10.0.0.0/33', '10.0.0.0/8/8', '::1/129', '10.0.0.0/x']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: entry })).toThrow(/TRUSTED_PROXIES/);
    }
    expect(loadConfig({ TRUSTED_PROXIES: '0.0.0.0/0,fc00::/7' }).trustedProxies).toEqual(['0.0.0.0/0', 'fc00::/7']);
  });
});
