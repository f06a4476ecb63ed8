import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

/**
 * Addresses a webhook may not reach unless its host is allowed (no SSRF): loopback, private, link-local (which holds
 * the cloud metadata address 169.254.169.254), carrier-grade NAT, "this network", multicast and reserved ranges,
 * in IPv4 and IPv6 (IPv4-mapped IPv6 addresses are checked as IPv4).
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['fd00:ec2::254', 128],
] as const)
  refused.addSubnet(network, prefix, 'ipv6');

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is the IPv4 address it maps. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** Whether an address lies in a range a webhook may not reach. */
export function isRefusedAddress(address: string): boolean {
  const value = plain(address);
  const family = isIP(value);
  if (family === 0) return true;
  return refused.check(value, family === 4 ? 'ipv4' : 'ipv6');
}

/** `WEBHOOK_ALLOWED_HOSTS`: host names or addresses (optionally `:port`) exempt from the address check. */
export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return allowedHosts.some((allowed) => {
    const entry = allowed.trim().toLowerCase();
    return entry === host || entry === `${host}:${url.port}`;
  });
}

/**
 * Registration's check of a target (the sender checks again at each connection, webhook-sender.ts): the reason it
 * is refused, or null. A host name is resolved now, every address it names checked.
 */
export async function refusalOfTarget(
  target: URL,
  allowedHosts: readonly string[],
  resolve: (host: string) => Promise<string[]> = resolveAll,
): Promise<string | null> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'must be an http or https URL';
  if (isAllowedHost(target, allowedHosts)) return null;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) !== 0 ? [host] : await resolve(host).catch(() => []);
  if (addresses.length === 0) return 'must name a host that resolves';
  if (addresses.some(isRefusedAddress)) return 'must not be a private, loopback or link-local address';
  return null;
}

async function resolveAll(host: string): Promise<string[]> {
  return (await lookup(host, { all: true })).map(({ address }) => address);
}
