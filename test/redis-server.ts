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

/** Whether a redis-server answers on this loopback port (refused until it listens: the event needs no report). */
export async function answersPing(port: number): Promise<boolean> {
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Stops a server the hard way (SIGKILL, as a crash) and waits for it to be gone; one already gone is left. */
export async function killNow(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null || server.pid === undefined) return;
  const exited = once(server, 'exit');
  process.kill(server.pid, 'SIGKILL');
  await exited;
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
    await eventually(() => answersPing(port));
  };
  const kill = () => killNow(server);
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
