import type { Server, ServerResponse } from 'node:http';
import type { Deadline } from './deadline.js';

/** How often connections gone idle during a drain are closed (their answer went out before it began). */
const idleSweepMs = 50;

export interface HttpDrain {
  /** Closed once the server stops accepting, before the answers in flight are awaited (its WebSockets). */
  alsoClose(close: () => Promise<void>): void;
  /**
   * Stops accepting connections, closes what was given to `alsoClose`, lets every request in flight finish (its
   * connection closing after the answer) and resolves `true` once every connection is gone; at the deadline it
   * cuts those left and resolves `false`.
   */
  drain(deadline: Deadline): Promise<boolean>;
}

const drains = new WeakMap<Server, HttpDrain>();

/** The drain of an HTTP server, made at its first mention (which must come before it listens). */
export function drainOf(server: Server): HttpDrain {
  let drain = drains.get(server);
  if (!drain) {
    drain = newDrain(server);
    drains.set(server, drain);
  }
  return drain;
}

/** A connection kept alive after its answer would outlive the drain by the keep-alive timeout (65 s). */
function endConnectionAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
}

function newDrain(server: Server): HttpDrain {
  const answering = new Set<ServerResponse>();
  const closers: (() => Promise<void>)[] = [];
  let draining = false;
  server.on('request', (_request, response: ServerResponse) => {
    if (draining) return endConnectionAfter(response);
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });
  return {
    alsoClose: (close) => {
      closers.push(close);
    },
    drain: async (deadline) => {
      draining = true;
      answering.forEach(endConnectionAfter);
      // The callback runs once the last connection (upgraded sockets included) has closed.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const sweep = setInterval(() => server.closeIdleConnections(), idleSweepMs);
      try {
        await Promise.all(closers.map((close) => close()));
        if (await deadline.bounds(closed)) return true;
        server.closeAllConnections();
        await closed;
        return false;
      } finally {
        clearInterval(sweep);
      }
    },
  };
}
