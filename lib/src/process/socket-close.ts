import type { WebSocketServer } from 'ws';

/** 1012 "service restart": a client that reconnects reaches another instance (graphql-ws clients retry on it). */
export const serviceRestart = { code: 1012, reason: 'service restart' } as const;

/** 1013 "try again later": a socket refused for a moment (a store this check needs is away); clients retry. */
export const tryAgainLater = { code: 1013, reason: 'try again later' } as const;

/** How long closing sockets wait for their clients' closing handshakes before cutting the rest. */
const handshakeWaitMs = 1000;

/**
 * Closes every socket of the server with 1012 and then the server; a client that does not answer the closing
 * handshake in time is cut. graphql-ws ends each socket's subscriptions when it closes.
 */
export async function closeSockets(wss: WebSocketServer): Promise<void> {
  const clients = [...wss.clients];
  const closed = clients.map((client) => new Promise<void>((resolve) => client.once('close', () => resolve())));
  for (const client of clients) client.close(serviceRestart.code, serviceRestart.reason);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(closed),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, handshakeWaitMs);
    }),
  ]);
  clearTimeout(timer);
  for (const client of wss.clients) client.terminate();
  // A second close of the server answers at once (with an error nobody needs).
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}
