import type { Socket } from 'node:net';
import { Redis } from 'ioredis';
import type { RedisConnection } from '../config.js';

type SentinelConnection = Extract<RedisConnection, { kind: 'sentinels' }>;

/**
 * Follows the Sentinels' `+switch-master` announcements, in place of ioredis's own failover detector, and
 * reconnects each followed client that is connected elsewhere than the announced primary (a primary cut off by the
 * network, not killed, whose socket would never fail). ioredis's detector disconnected on every announcement, from
 * every Sentinel, wherever the client was. But a Sentinel names the promoted replica as soon as it is promoted,
 * before the failover ends, so a client often reaches the new primary first; each announcement after (the leader's
 * as the failover ends, then each other Sentinel's as it learns of it) then cut a connection already on the new
 * primary, and requests answered 503 again after the recovery (CI, the failover test: its first success 2.3 s after
 * the kill, then a 503). A client that is not ready when an announcement comes is checked once it is: it may have
 * asked a Sentinel not yet told. One connection per Sentinel serves both of a process's clients.
 */
export class SentinelFailovers {
  private readonly clients = new Set<Redis>();
  /** Clients that were connecting when the last announcement came: checked once, when they are ready. */
  private readonly connecting = new Map<Redis, Primary>();
  private readonly watchers: Redis[];

  constructor(private readonly connection: SentinelConnection) {
    this.watchers = connection.sentinels.map((address) => this.watch(address));
  }

  follow(client: Redis): void {
    this.clients.add(client);
    // A client that asked a Sentinel not yet told of the failover may become ready on the old primary.
    client.on('ready', () => {
      const primary = this.connecting.get(client);
      this.connecting.delete(client);
      if (primary && !connectedTo(client, primary)) client.disconnect(true);
    });
  }

  close(): void {
    this.watchers.forEach((watcher) => watcher.disconnect());
    this.clients.clear();
    this.connecting.clear();
  }

  private watch(address: { host: string; port: number }): Redis {
    const watcher = new Redis({
      ...address,
      password: this.connection.sentinelPassword,
      tls: this.connection.tls ? {} : undefined,
      // Its one command is SUBSCRIBE, which ioredis sends again on every reconnection.
      maxRetriesPerRequest: null,
      connectTimeout: 1000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    watcher.on('error', () => undefined);
    watcher.subscribe('+switch-master').catch(() => undefined);
    watcher.on('message', (_channel: string, message: string) => this.switched(message));
    return watcher;
  }

  /** `message`: "<name> <old host> <old port> <new host> <new port>". */
  private switched(message: string): void {
    const [name, , , host, port] = message.split(' ');
    if (name !== this.connection.name || host === undefined) return;
    const primary = { host, port: Number(port) };
    for (const client of this.clients) {
      if (client.status !== 'ready') this.connecting.set(client, primary);
      else if (!connectedTo(client, primary)) client.disconnect(true);
    }
  }
}

interface Primary {
  host: string;
  port: number;
}

/** A Sentinel announces the address it reaches the primary at; a name it announces instead never matches. */
function connectedTo(client: Redis, { host, port }: Primary): boolean {
  const socket = client.stream as Socket | undefined;
  return socket?.remotePort === port && socket.remoteAddress?.replace(/^::ffff:/, '') === host;
}
