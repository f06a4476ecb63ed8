import { connect, createServer, type Socket } from 'node:net';

export type ProxyMode = 'forward' | 'refuse' | 'blackhole' | 'freeze';

/**
 * A loopback TCP proxy in front of PostgreSQL or Redis, for outage tests: `refuse` drops every connection
 * (the service is gone), `blackhole` accepts and never answers (the service hangs), `freeze` also stops
 * answering on the connections already open (a network partition), `forward` is normal. `listenPort` fixes
 * its own port, for an address that must be known before the target starts (a WebAuthn origin).
 */
export async function startTcpProxy(target: string, listenPort = 0) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  let mode: ProxyMode = 'forward';
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    if (mode === 'blackhole' || mode === 'freeze') return;
    const upstream = connect({ host: hostname, port: Number(port) });
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.on('close', () => pairs.delete(pair));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const proxyPort = (server.address() as { port: number }).port;
  const url = new URL(target);
  url.host = `127.0.0.1:${proxyPort}`;
  return {
    url: url.toString(),
    /** Switches mode and drops every open connection, as an outage or a restart would. */
    setMode(next: ProxyMode) {
      mode = next;
      if (next === 'freeze') {
        for (const [client, upstream] of pairs) {
          client.unpipe(upstream);
          upstream.unpipe(client);
          client.pause();
          upstream.pause();
        }
        return;
      }
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
