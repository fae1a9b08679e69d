import net from 'node:net';

/** Addresses a trusted proxy may have when TRUST_PROXY=true names none: loopback and private networks. */
export const PRIVATE_NETWORKS = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '::1/128', 'fc00::/7'];

/** A set of proxy addresses and networks (`10.0.0.7`, `10.0.0.0/8`, `::1`). */
export function proxyList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    const prefix = Number(bits);
    const validPrefix = bits === undefined || (/^\d{1,3}$/.test(bits) && prefix <= (family === 'ipv6' ? 128 : 32));
    if (!net.isIP(address) || !validPrefix || rest.length > 0)
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or network`);
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, prefix, family);
  }
  return list;
}
