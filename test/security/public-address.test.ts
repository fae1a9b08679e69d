import { describe, expect, it } from 'vitest';
import { hostIsPublic, isPublicAddress } from '../../src/security/public-address.js';

/** The address rule every fetch of a user-supplied URL obeys (crawls, webhooks, claim checks, images). */
describe('isPublicAddress', () => {
  it.each([
    // IPv4 special-use ranges refused before the switch to ipaddr.js stay refused.
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6 ranges refused before.
    '::',
    '::1',
    '64:ff9b::a00:1',
    '64:ff9b:1::1',
    '100::1',
    '2001::1',
    '2001:db8::1',
    '2002:a00:1::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    // Ranges that used to pass: IPv4-compatible ::/96, IPv4-mapped ::ffff:0:0/96 with a private IPv4, site-local fec0::/10.
    '::127.0.0.1',
    '::8.8.8.8',
    '::a00:1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:0:0',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    'fec0::1',
    'feff::1',
    // Neither global unicast nor anything else public.
    '3fff::1',
    '5f00::1',
    '4000::1',
    'not an address',
    '',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e', '::ffff:93.184.215.14'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('a host is public only when every address it resolves to is', async () => {
    expect(await hostIsPublic('ok.test', async () => ['93.184.215.14', '2606:4700:4700::1111'])).toBe(true);
    expect(await hostIsPublic('mixed.test', async () => ['93.184.215.14', '::ffff:10.0.0.1'])).toBe(false);
    expect(await hostIsPublic('site-local.test', async () => ['fec0::1'])).toBe(false);
    expect(await hostIsPublic('[::127.0.0.1]', async () => [])).toBe(false);
    expect(await hostIsPublic('empty.test', async () => [])).toBe(false);
  });
});
