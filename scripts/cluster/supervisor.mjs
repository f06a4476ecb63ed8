/* global console, process, setTimeout, clearTimeout */
// Runs the cluster's processes and starts again one that exits while the cluster runs, as Kubernetes restarts a
// pod's container: a fault injected by PID (SIGKILL, SIGTERM) is followed by a replacement on the same port.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';

/** Whether a process of this id is alive (signal 0 tests without signalling). */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once every id is gone, or after `ms`; returns the ids still alive. */
export async function awaitGone(pids, ms) {
  const until = Date.now() + ms;
  let left = pids.filter(alive);
  while (left.length > 0 && Date.now() < until) {
    await sleep(100);
    left = left.filter(alive);
  }
  return left;
}

/** SIGTERM to each (each drains), then SIGKILL to what is still alive after `graceMs`. */
export async function stopPids(pids, graceMs) {
  const living = pids.filter(alive);
  for (const pid of living) process.kill(pid, 'SIGTERM');
  const left = await awaitGone(living, graceMs);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  return awaitGone(left, 5_000);
}

export class Supervisor {
  /** @param {{ logs: string, onChange: () => void, restartDelayMs: (spec: object) => number, argsOnRestart?: (spec: object) => Promise<string[]> }} options */
  constructor(options) {
    this.options = options;
    /** @type {Map<string, { spec: object, pid: number, startedAt: number, crashes: number }>} */
    this.running = new Map();
    this.stopping = false;
    this.pending = new Set();
  }

  /** Starts a process detached (a Ctrl-C reaches the supervisor, which stops everything in order); logs to a file. */
  start(spec, args = spec.args) {
    const log = openSync(join(this.options.logs, `${spec.name}.log`), 'a');
    const child = spawn(spec.command, args, {
      env: { PATH: process.env.PATH ?? '', ...spec.env },
      stdio: ['ignore', log, log],
      detached: true,
    });
    const previous = this.running.get(spec.name);
    const entry = { spec, pid: child.pid, startedAt: Date.now(), crashes: previous?.crashes ?? 0 };
    this.running.set(spec.name, entry);
    child.on('exit', (code, signal) => this.exited(entry, code, signal));
    this.options.onChange();
    return entry;
  }

  pidOf(name) {
    return this.running.get(name)?.pid;
  }

  pids() {
    return [...this.running.values()].map((entry) => entry.pid);
  }

  /** A process that exits while the cluster runs is started again; one that keeps failing, ever more slowly. */
  exited(entry, code, signal) {
    if (this.stopping || this.running.get(entry.spec.name) !== entry) return;
    const quick = Date.now() - entry.startedAt < 30_000;
    entry.crashes = quick ? entry.crashes + 1 : 0;
    const delay = Math.min(30_000, this.options.restartDelayMs(entry.spec) * 2 ** Math.max(0, entry.crashes - 1));
    console.log(`${entry.spec.name} (pid ${entry.pid}) exited (${signal ?? code}); starting it again in ${delay} ms`);
    const timer = setTimeout(async () => {
      this.pending.delete(timer);
      if (this.stopping) return;
      const args = (await this.options.argsOnRestart?.(entry.spec)) ?? entry.spec.args;
      if (!this.stopping) console.log(`${entry.spec.name} started again (pid ${this.start(entry.spec, args).pid})`);
    }, delay);
    this.pending.add(timer);
  }

  /** No more restarts; the processes themselves are stopped by PID (stopPids), from the state that names them. */
  halt() {
    this.stopping = true;
    for (const timer of this.pending) clearTimeout(timer);
  }
}
