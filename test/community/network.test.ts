import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from '../support/database.js';
import { networkKey, networkKeyOf, networkOf } from '../../src/community/network.js';

/** The network of an address (what votes and sign-ups are limited and checked by), and the keyed hash that is stored. */
describe('networkOf', () => {
  it('an IPv4 address is its /24', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.0')).toBe('203.0.113.0/24');
    expect(networkOf('198.51.100.255')).toBe('198.51.100.0/24');
    expect(networkOf('203.0.114.1')).not.toBe(networkOf('203.0.113.1'));
  });

  it('an IPv6 address is its /48, however it is written', () => {
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:0DB8:ABCD:ffff:1:2:3:4')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('[2001:db8:abcd::5]')).toBe('2001:db8:abcd::/48');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('2001:db8:abce::1')).not.toBe(networkOf('2001:db8:abcd::1'));
  });

  it('an IPv4-mapped IPv6 address is the IPv4 one', () => {
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('::FFFF:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:cb00:7109')).toBe('203.0.113.0/24'); // the same, in hex
    expect(networkOf('0:0:0:0:0:ffff:203.0.113.1')).toBe('203.0.113.0/24');
  });

  it('anything that is not an address is its own network', () => {
    expect(networkOf('')).toBe('');
    expect(networkOf('not an address')).toBe('not an address');
    expect(networkOf('203.0.113')).toBe('203.0.113');
    expect(networkOf('2001:db8:::1')).toBe('2001:db8:::1');
  });
});

describe('networkKey', () => {
  it('is 32 hex characters, equal within a network, different across networks and secrets', () => {
    const key = networkKey('secret', '203.0.113.5');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(networkKey('secret', '203.0.113.250')).toBe(key);
    expect(networkKey('secret', '::ffff:203.0.113.1')).toBe(key);
    expect(networkKey('secret', '203.0.112.5')).not.toBe(key);
    expect(networkKey('another secret', '203.0.113.5')).not.toBe(key);
    expect(networkKey('secret', '2001:db8:1:2::1')).toBe(networkKey('secret', '2001:db8:1:ffff::9'));
  });

  describe('with the service secret', () => {
    let db: Database;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ db, drop } = await createTestDatabase());
    }, 60_000);
    afterAll(() => drop?.());

    it('is made once, kept in service_secrets, and stable', async () => {
      const key = await networkKeyOf(db, '203.0.113.5');
      const stored = await db.one<{ value: string }>("SELECT value FROM service_secrets WHERE name = 'network_key'");
      expect(stored?.value).toEqual(expect.any(String));
      expect(key).toBe(networkKey(stored!.value, '203.0.113.5'));
      expect(await networkKeyOf(db, '203.0.113.99')).toBe(key);
      expect(await networkKeyOf(db, '198.51.100.1')).not.toBe(key);
    });
  });
});
