import { BlockList, isIP } from 'node:net';

/** Whether a peer is a proxy whose X-Forwarded-For names the client (TRUSTED_PROXIES; decisions: Client IP). */
export type ProxyTrust = (address: string) => boolean;

const mappedIpv4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The predicate of TRUSTED_PROXIES' addresses and CIDR blocks (validated by lib/src/config.ts). A dual-stack
 * socket reports an IPv4 peer as `::ffff:a.b.c.d`: it is checked as the IPv4 address it is.
 */
export function proxyTrustOf(blocks: readonly string[]): ProxyTrust {
  const list = new BlockList();
  for (const block of blocks) {
    const [address = '', prefix] = block.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = address.replace(mappedIpv4, '$1');
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
