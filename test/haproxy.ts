import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsConnections, unusedPort } from './ports.js';
import { eventually } from './waiting.js';

/** Whether Debian's haproxy is missing from PATH (.ci/run installs it): tests that need one are then skipped. */
export const haproxyMissing = spawnSync('haproxy', ['-v']).error !== undefined;

export interface OwnHaproxy {
  /** The target's URL with HAProxy's address in place of the target's. */
  url: string;
  /**
   * Takes the one server out of rotation (`maint`, where a failed health check also leaves HAProxy: every request
   * is answered 503 "no server available") or puts it back (`ready`), through HAProxy's runtime API.
   */
  setServerState(state: 'maint' | 'ready'): Promise<void>;
  stop(): Promise<void>;
}

/** Sends one command to HAProxy's runtime API and returns its answer (the socket closes after it). */
async function runtimeCommand(socketPath: string, command: string): Promise<string> {
  const socket = connect(socketPath);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.end(`${command}\n`);
  await once(socket, 'close');
  return Buffer.concat(chunks).toString();
}

/** A real HAProxy (Debian's, on PATH) balancing one loopback HTTP server, as the cluster's subgraph frontends do. */
export async function startHaproxy(target: string): Promise<OwnHaproxy> {
  const directory = await mkdtemp(join(tmpdir(), 'haproxy-'));
  const socketPath = join(directory, 'admin.sock');
  const port = await unusedPort();
  const upstream = new URL(target);
  await writeFile(
    join(directory, 'haproxy.cfg'),
    [
      'global',
      `  stats socket ${socketPath} level admin`,
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      'frontend entry',
      `  bind 127.0.0.1:${port}`,
      '  default_backend upstream',
      'backend upstream',
      `  server upstream-1 ${upstream.host}`,
      '',
    ].join('\n'),
  );
  const child = spawn('haproxy', ['-db', '-f', join(directory, 'haproxy.cfg')], { stdio: 'ignore' });
  // Settles on exit, and on a spawn that failed ('error'), which nothing else would hear of.
  const exited = once(child, 'exit').catch(() => undefined);
  await eventually(() => acceptsConnections(port), { timeoutMs: 10_000 });
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    async setServerState(state) {
      const answer = await runtimeCommand(socketPath, `set server upstream/upstream-1 state ${state}`);
      if (answer.trim() !== '') throw new Error(`HAProxy refused the state ${state}: ${answer.trim()}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
