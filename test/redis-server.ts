import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { unusedPort } from './ports.js';
import { eventually } from './waiting.js';

export interface OwnRedis {
  url: string;
  /** Stops the server the hard way (SIGKILL, as a crash) and starts a new one on the same port, empty. */
  restartEmpty(): Promise<void>;
  /** Stops the server without closing its connections (SIGSTOP to its own PID): it hangs, as a frozen host. */
  freeze(): void;
  /** Lets a frozen server run again (SIGCONT). */
  thaw(): void;
  /** A client of this server, for looking at its keys. */
  client(): Redis;
  stop(): Promise<void>;
}

/**
 * A redis-server of the test's own on a free loopback port, without persistence, so that the test can restart
 * it (the machine's Redis is shared by other test files and must not be restarted).
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await unusedPort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess;
  const clients: Redis[] = [];
  const start = async () => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await eventually(async () => {
      const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      // Refused until the server listens: connect() rejects, and the event needs no report.
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        probe.disconnect();
      }
    });
  };
  const kill = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url,
    restartEmpty: async () => {
      await kill();
      await start();
    },
    freeze: () => void server.kill('SIGSTOP'),
    thaw: () => void server.kill('SIGCONT'),
    client: () => {
      const client = new Redis(url);
      clients.push(client);
      return client;
    },
    stop: async () => {
      for (const client of clients) client.disconnect();
      await kill();
    },
  };
}
