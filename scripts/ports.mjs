import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Loopback ports for processes started next, taken between 10000 and the kernel's ephemeral range. A port the
 * kernel handed out (listening on port 0) can be taken again by any outgoing connection (a pool's, a health
 * check's) before the process it was planned for binds it; a port below that range is never handed out so.
 */
export async function unusedPorts(count) {
  const below = firstEphemeralPort();
  const ports = [];
  const servers = [];
  while (servers.length < count) {
    const port = 10_000 + Math.floor(Math.random() * (below - 10_000));
    if (planned.has(port)) continue;
    planned.add(port);
    // All of them bound before any is closed: each is free now, and no two are the same.
    const server = await bound(port);
    if (!server) continue;
    servers.push(server);
    ports.push(port);
  }
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Ports this process planned already: never planned twice, though closed again. */
const planned = new Set();

function firstEphemeralPort() {
  const range = existsSync('/proc/sys/net/ipv4/ip_local_port_range')
    ? readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number)
    : [];
  return range[0] > 10_000 ? range[0] : 32_768;
}

function bound(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
