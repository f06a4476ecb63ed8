import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import process from 'node:process';

/**
 * Loopback ports for processes started next, taken outside the kernel's ephemeral range (between 10000 and its
 * first port, or else above its last). A port the kernel hands out to a listener on port 0 can be taken again by
 * any outgoing connection (a pool's, a health check's) before the process it was planned for binds it (a soak
 * once failed with EADDRINUSE that way); a port outside that range is never handed out so. Where the range leaves
 * no room, the kernel's ports are taken as before.
 */
export async function unusedPorts(count) {
  const window = ownSlice(plannable());
  if (!window) return Promise.all(Array.from({ length: count }, () => kernelPort()));
  const ports = [];
  const servers = [];
  // Bounded: a window that is full, or a loopback that binds nothing, fails instead of spinning.
  for (let attempts = 0; servers.length < count; attempts += 1) {
    if (attempts > count * 20 + 1000)
      throw new Error(`no ${count} free loopback ports between ${window.join(' and ')}`);
    const port = window[0] + Math.floor(Math.random() * (window[1] - window[0]));
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

/** At least this many ports outside the ephemeral range, or the range is not worth planning around. */
const minimumWindow = 2000;

/** [first, end) of the ports outside Linux's ip_local_port_range, or null where there is no such room. */
function plannable() {
  const file = '/proc/sys/net/ipv4/ip_local_port_range';
  // Without the file (not Linux), 32768 is below the ephemeral ranges of macOS and Windows (49152 and up).
  const [low, high] = existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).map(Number) : [32_768, 65_535];
  if (low - 10_000 >= minimumWindow) return [10_000, low];
  if (65_535 - high >= minimumWindow) return [high + 1, 65_536];
  return null;
}

/** Test workers plan at once: each vitest worker (VITEST_POOL_ID, from 1) plans in a slice of its own. */
const workerSlices = 8;

function ownSlice(window) {
  const worker = Number(process.env.VITEST_POOL_ID);
  if (!window || !Number.isInteger(worker) || worker < 1) return window;
  const size = Math.floor((window[1] - window[0]) / workerSlices);
  const first = window[0] + ((worker - 1) % workerSlices) * size;
  return [first, first + size];
}

function bound(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function kernelPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}
