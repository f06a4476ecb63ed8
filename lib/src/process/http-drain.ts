import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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

/**
 * Connections that have not sent a byte: a browser opens them ahead of its requests (Chromium's preconnects) and
 * Node's closeIdleConnections leaves them open, so one would hold a drain until its deadline (30 s in a test of the
 * console, measured). They are closed once the drain is `unusedGraceMs` old: a page reacting to its socket's 1012
 * sends its next request at once, often on such a connection, and cutting it then is the browser's
 * ERR_EMPTY_RESPONSE (seen in the same test when they were closed at the first sweep).
 */
const unusedGraceMs = 1000;

function unusedConnectionsOf(server: Server): Set<Socket> {
  const unused = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  server.on('request', (request: IncomingMessage) => unused.delete(request.socket));
  return unused;
}

function newDrain(server: Server): HttpDrain {
  const answering = new Set<ServerResponse>();
  const unused = unusedConnectionsOf(server);
  const closers: (() => Promise<void>)[] = [];
  let draining = false;
  let drainingSince = 0;
  const closeIdle = () => {
    server.closeIdleConnections();
    if (Date.now() - drainingSince < unusedGraceMs) return;
    // A connection whose first request is partly read is left to finish it (bytesRead counts what arrived).
    for (const socket of unused) if (socket.bytesRead === 0) socket.destroy();
  };
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
      drainingSince = Date.now();
      answering.forEach(endConnectionAfter);
      // The callback runs once the last connection (upgraded sockets included) has closed.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const sweep = setInterval(closeIdle, idleSweepMs);
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
