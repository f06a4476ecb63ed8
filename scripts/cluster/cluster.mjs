#!/usr/bin/env node
/* global console, process, fetch, AbortSignal, setTimeout, URL */
// `npm run cluster` lays the platform out on this machine as it runs on Kubernetes (README: A cluster on one
// machine) and keeps it running until Ctrl-C or `npm run cluster -- stop`. It writes what it started to
// .cluster/state.json (CLUSTER_DIR moves the folder), the interface of an operator's tools and of the soak.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  haproxyConfig,
  migration,
  processesOf,
  redisRestartDelayMs,
  sentinelConfig,
  sentinelMasterName,
  subgraphNames,
} from './layout.mjs';
import { unusedPorts } from '../ports.mjs';
import { Supervisor, alive, awaitGone, stopPids } from './supervisor.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = resolve(root, process.env.CLUSTER_DIR ?? '.cluster');
const files = {
  state: join(dir, 'state.json'),
  /** The state while the cluster starts: renamed to state.json once every part answers. */
  starting: join(dir, 'starting.json'),
  supervisor: join(dir, 'supervisor.pid'),
  password: join(dir, 'admin-password'),
  logs: join(dir, 'logs'),
};
/** The local PostgreSQL server, reached as its superuser to create and drop the cluster's database. */
const postgresUrl = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The processes' notice (DRAIN_NOTICE_SECONDS, 3 s here) and drain (DRAIN_TIMEOUT_SECONDS, 8 s), and some. */
const stopGraceMs = 18_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined);

/** Every listening port of the cluster, planned outside the kernel's ephemeral range (scripts/ports.mjs). */
async function planPorts() {
  const free = await unusedPorts(11 + subgraphNames.length * 3);
  const take = (count) => free.splice(0, count);
  return {
    entry: take(1)[0],
    edges: take(2),
    subgraphFrontends: Object.fromEntries(subgraphNames.map((name) => [name, take(1)[0]])),
    subgraphs: Object.fromEntries(subgraphNames.map((name) => [name, take(2)])),
    redis: { primary: take(1)[0], replica: take(1)[0], sentinels: take(3) },
  };
}

async function withPostgres(work) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name) => `"${name.replaceAll('"', '""')}"`;

function databaseUrlOf(database) {
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Variables of lib/src/config.ts the operator set (RATE_LIMIT_ENABLED=false, SMTP_URL, ...) reach every process;
 * not REDIS_URL, which the platform refuses beside the cluster's own REDIS_SENTINELS.
 */
async function passThrough() {
  const config = await import(pathToFileURL(join(root, 'dist', 'lib', 'src', 'config.js')).href);
  return Object.fromEntries(
    config.configurationVariables
      .filter((name) => name !== 'REDIS_URL' && process.env[name])
      .map((name) => [name, process.env[name]]),
  );
}

async function redisCli(port, ...args) {
  const { stdout } = await promisify(execFile)('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], {
    timeout: 2_000,
  });
  return stdout.trim();
}

async function httpOk(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
  return response?.status === 200;
}

/** Waits for `ready()`; fails at once when the process exited meanwhile (its log says why). */
async function until(supervisor, name, ready, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const entry = supervisor.running.get(name);
    // One exit is started again, as Kubernetes would; a second means it cannot start.
    if (entry.crashes > 1) throw new Error(`${name} exited while starting: see ${join(files.logs, `${name}.log`)}`);
    if (await ready().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${name} was not ready after ${timeoutMs / 1000} s: see ${join(files.logs, `${name}.log`)}`);
}

function run(command, args, env, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: 'inherit',
      ...log,
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** state.json: the shape issue 25 gives (README: A cluster on one machine). */
function stateOf(plan, supervisor, processes) {
  const withPort = (spec) => ({ pid: supervisor.pidOf(spec.name), port: spec.port });
  const started = (spec) => supervisor.pidOf(spec.name) !== undefined;
  return {
    entry: { http: `http://127.0.0.1:${plan.ports.entry}`, ws: `ws://127.0.0.1:${plan.ports.entry}/graphql` },
    edges: processes.edges.filter(started).map(withPort),
    subgraphs: Object.fromEntries(
      subgraphNames.map((name) => [
        name,
        processes.subgraphs.filter((spec) => spec.subgraph === name && started(spec)).map(withPort),
      ]),
    ),
    workers: processes.workers.filter(started).map((spec) => ({ pid: supervisor.pidOf(spec.name) })),
    haproxy: { pid: supervisor.pidOf('haproxy') },
    redis: {
      primary: withPort(processes.redis[0]),
      replica: withPort(processes.redis[1]),
      sentinels: processes.sentinels.filter(started).map(withPort),
    },
    database: plan.database,
    adminEmail: plan.admin.email,
    adminPasswordFile: files.password,
  };
}

function pidsOf(state) {
  const { redis } = state;
  return [
    ...state.edges,
    ...Object.values(state.subgraphs).flat(),
    ...state.workers,
    state.haproxy,
    redis.primary,
    redis.replica,
    ...redis.sentinels,
  ]
    .map((part) => part?.pid)
    .filter((pid) => pid !== undefined);
}

/** Stops every process the state names by its PID and drops the database; the folder keeps its logs. */
async function teardown(state) {
  const left = await stopPids(pidsOf(state), stopGraceMs);
  if (left.length > 0) console.error(`still alive after SIGKILL: ${left.join(', ')}`);
  await withPostgres((client) => client.query(`DROP DATABASE IF EXISTS ${quoted(state.database)} WITH (FORCE)`));
  for (const path of [files.state, files.starting, files.password, files.supervisor]) rmSync(path, { force: true });
  console.log(`cluster stopped; database ${state.database} dropped; logs in ${files.logs}`);
}

/** A Redis node started again joins as a replica of whichever node Sentinel now names the primary. */
async function redisArgsOnRestart(spec, sentinelPorts) {
  if (spec.kind !== 'redis') return undefined;
  for (const port of sentinelPorts) {
    const answer = await redisCli(port, 'SENTINEL', 'get-master-addr-by-name', sentinelMasterName).catch(() => '');
    const primaryPort = Number(answer.split('\n')[1]);
    if (!primaryPort) continue;
    const own = spec.args.slice(
      0,
      spec.args.indexOf('--replicaof') >= 0 ? spec.args.indexOf('--replicaof') : undefined,
    );
    return primaryPort === spec.port ? own : [...own, '--replicaof', '127.0.0.1', String(primaryPort)];
  }
  return undefined;
}

async function start(build) {
  const running = readJson(files.state) ?? readJson(files.starting);
  if (running && pidsOf(running).some(alive)) {
    throw new Error(`a cluster runs already (${files.state}): stop it first with \`npm run cluster -- stop\``);
  }
  if (build) await run('npm', ['run', 'build', '--silent'], process.env);
  const startedAt = Date.now();
  for (const folder of ['logs', 'files', 'data', 'redis/primary', 'redis/replica'])
    mkdirSync(join(dir, folder), { recursive: true });
  writeFileSync(files.supervisor, `${process.pid}\n`);

  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const database = `cluster_${stamp}`;
  const plan = {
    root,
    dir,
    database,
    databaseUrl: databaseUrlOf(database),
    ports: await planPorts(),
    secrets: { jwtSecret: randomBytes(48).toString('base64url'), encryptionKey: randomBytes(32).toString('base64') },
    admin: { email: 'admin@cluster.test', password: randomBytes(24).toString('base64url') },
    passThrough: await passThrough(),
    // CLUSTER_INSPECT=1: every Node process opens its inspector on a loopback port of its own (printed in its log),
    // so that the soak can ask it for a full garbage collection before it reads its memory.
    nodeFlags: process.env.CLUSTER_INSPECT === '1' ? ['--inspect=127.0.0.1:0'] : [],
  };
  writeFileSync(files.password, `${plan.admin.password}\n`, { mode: 0o600 });
  const processes = processesOf(plan);
  let ready = false;
  const supervisor = new Supervisor({
    logs: files.logs,
    onChange: () => {
      const path = ready ? files.state : files.starting;
      writeFileSync(`${path}.tmp`, JSON.stringify(stateOf(plan, supervisor, processes), null, 2));
      renameSync(`${path}.tmp`, path);
    },
    restartDelayMs: (spec) => (spec.kind === 'redis' ? redisRestartDelayMs : 1_000),
    argsOnRestart: (spec) => redisArgsOnRestart(spec, plan.ports.redis.sentinels),
  });
  const stop = async (code) => {
    supervisor.halt();
    await teardown(stateOf(plan, supervisor, processes));
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stop(0));

  try {
    await withPostgres((client) => client.query(`CREATE DATABASE ${quoted(database)}`));
    processes.sentinels.forEach((spec) => writeFileSync(spec.args[0], sentinelConfig(plan, spec.port)));
    writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig(plan));

    for (const spec of [...processes.redis, ...processes.sentinels]) {
      supervisor.start(spec);
      await until(supervisor, spec.name, async () => (await redisCli(spec.port, 'PING')) === 'PONG', 10_000);
    }
    // Once, before any replica starts: replicas that start together then find nothing to migrate.
    const migrate = migration(plan);
    await run(migrate.command, migrate.args, migrate.env, { stdio: ['ignore', 'inherit', 'inherit'] });

    // One subgraph first: every process declares the job queues when it starts, and pg-boss's queue creation
    // deadlocks when several processes create the same queues at once (the loser exits and is started again).
    const [first, ...others] = processes.subgraphs;
    const subgraphReady = (spec) =>
      until(supervisor, spec.name, () => httpOk(`http://127.0.0.1:${spec.port}/health/db`));
    supervisor.start(first);
    await subgraphReady(first);
    // Then all the rest at once, HAProxy first: an edge reaches its subgraphs (and reports its health) through
    // HAProxy's frontends, and keeps answering 503 on /health until they answer.
    supervisor.start(processes.haproxy);
    for (const spec of [...others, ...processes.workers, ...processes.edges]) supervisor.start(spec);
    await Promise.all([
      ...others.map(subgraphReady),
      ...processes.edges.map((spec) =>
        until(supervisor, spec.name, () => httpOk(`http://127.0.0.1:${spec.port}/health`)),
      ),
    ]);
    await until(supervisor, 'haproxy', () => httpOk(`http://127.0.0.1:${plan.ports.entry}/health`), 15_000);
  } catch (error) {
    console.error(`the cluster did not start: ${error.message}`);
    await stop(1);
  }

  ready = true;
  supervisor.options.onChange();
  rmSync(files.starting, { force: true });
  const state = readJson(files.state);
  console.log(
    [
      `cluster ready in ${Math.round((Date.now() - startedAt) / 1000)} s: ${state.entry.http} (WebSocket ${state.entry.ws})`,
      `  ${state.edges.length} edges, ${subgraphNames.map((name) => `${state.subgraphs[name].length} ${name}`).join(', ')}, ` +
        `${state.workers.length} workers; Redis primary :${state.redis.primary.port}, replica :${state.redis.replica.port}, ` +
        `Sentinels ${state.redis.sentinels.map((sentinel) => `:${sentinel.port}`).join(' ')}`,
      `  database ${state.database}; admin ${state.adminEmail}, password in ${state.adminPasswordFile}`,
      `  state: ${files.state}; logs: ${files.logs}; stop: Ctrl-C or npm run cluster -- stop`,
    ].join('\n'),
  );
}

/** `stop`: the running supervisor stops its cluster; what it left (or a supervisor killed) is stopped from state. */
async function stopCommand() {
  const supervisor = Number(existsSync(files.supervisor) ? readFileSync(files.supervisor, 'utf8') : NaN);
  if (supervisor && alive(supervisor)) {
    process.kill(supervisor, 'SIGTERM');
    const left = await awaitGone([supervisor], stopGraceMs + 15_000);
    // Its own teardown stopped every process and dropped the database; what it could not is done below.
    if (left.length === 0) console.log(`cluster stopped (supervisor ${supervisor}); logs in ${files.logs}`);
  }
  const state = readJson(files.state) ?? readJson(files.starting);
  if (state) await teardown(state);
  else if (!supervisor) console.log('no cluster is running');
}

const [command = 'start', ...options] = process.argv.slice(2);
const commands = { start: () => start(!options.includes('--no-build')), stop: stopCommand };
if (!commands[command]) {
  console.error('usage: npm run cluster [-- start [--no-build] | stop]');
  process.exit(2);
}
commands[command]().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
