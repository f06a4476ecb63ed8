import { constants, createPublicKey, randomBytes, randomUUID, verify, type KeyObject } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import pg from 'pg';
import {
  parseDevicePublicKey,
  verifyDeviceSignature,
  type DevicePublicKey,
  type KeyAlgorithm,
} from '../subgraphs/auth/src/devices/device-signature.js';
import { makeKeyPair, type DeviceKeyPair } from '../subgraphs/auth/src/devices/device-test-kit.js';
import { customRow, type BenchRow } from './lib/compare.js';
import type { BenchContext } from './lib/context.js';

const json = { 'content-type': 'application/json' };
const algorithms: KeyAlgorithm[] = ['ES256', 'RS256'];

interface BenchDevice {
  fingerprint: string;
  algorithm: KeyAlgorithm;
  privateKeyPem: string;
}

interface LoginReport {
  logins: number;
  errors: number;
  firstError?: string;
  elapsedMs: number;
  latenciesMs: number[];
}

/**
 * The mobile client, in a process of its own so neither its signing nor its CPU counts as the server's: each
 * connection loops challenge -> sign the 64 raw bytes -> biometric, timing only the two requests.
 */
const clientSource = `
const { createPrivateKey, sign, constants } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { url, devices, durationMs, maxLogins } = JSON.parse(process.env.BENCH_CLIENT);
const signers = devices.map((d) => ({ ...d, key: createPrivateKey(d.privateKeyPem) }));
function signChallenge(device, challenge) {
  const message = Buffer.from(challenge, 'base64url');
  const options = device.algorithm === 'ES256' ? { key: device.key, dsaEncoding: 'der' }
    : { key: device.key, padding: constants.RSA_PKCS1_PADDING };
  return sign('sha256', message, options).toString('base64');
}
async function post(path, body) {
  const response = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const payload = await response.json();
  if (response.status !== 200) throw new Error(path + ' ' + response.status + ' ' + JSON.stringify(payload));
  return payload.data;
}
(async () => {
  const report = { logins: 0, errors: 0, latenciesMs: [], elapsedMs: 0 };
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(signers.map(async (device) => {
    while (performance.now() < deadline && report.logins + report.errors < maxLogins) {
      try {
        const t0 = performance.now();
        const challenge = await post('/api/v1/auth/mobile/challenge', { deviceFingerprint: device.fingerprint });
        const t1 = performance.now();
        const signedChallenge = signChallenge(device, challenge.challenge);
        const t2 = performance.now();
        await post('/api/v1/auth/mobile/biometric', { sessionId: challenge.sessionId, signedChallenge });
        report.latenciesMs.push(t1 - t0 + (performance.now() - t2));
        report.logins += 1;
      } catch (error) {
        report.errors += 1;
        report.firstError ??= String(error);
      }
    }
  }));
  report.elapsedMs = performance.now() - started;
  process.stdout.write(JSON.stringify(report));
})();
`;

/** Runs the client process; cpuUs is the server process's CPU time (user + system) meanwhile. */
function runClients(url: string, devices: BenchDevice[], durationMs: number, maxLogins = 1e9) {
  return new Promise<LoginReport & { cpuUs: number }>((resolve, reject) => {
    const before = process.cpuUsage();
    const child = spawn(process.execPath, ['-e', clientSource], {
      env: { ...process.env, BENCH_CLIENT: JSON.stringify({ url, devices, durationMs, maxLogins }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const cpu = process.cpuUsage(before);
      if (code !== 0) return reject(new Error(`bench client exited with ${code}`));
      resolve({ ...(JSON.parse(output) as LoginReport), cpuUs: cpu.user + cpu.system });
    });
  });
}

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

async function call(url: string, path: string, body: unknown, token?: string): Promise<any> {
  const headers = token ? { ...json, authorization: `Bearer ${token}` } : json;
  const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const payload = (await response.json()) as any;
  if (response.status !== 200 || payload.errors) throw new Error(`${path}: ${JSON.stringify(payload)}`);
  return payload.data;
}

/** Users (10 devices each at most, decisions: Device limit) and their registered devices, per algorithm. */
async function registerDevices(context: BenchContext, perAlgorithm: number): Promise<Map<KeyAlgorithm, BenchDevice[]>> {
  const { url } = context.bench;
  const admin = (await context.bench.login()).accessToken;
  const devices = new Map<KeyAlgorithm, BenchDevice[]>(algorithms.map((alg) => [alg, []]));
  const wanted: KeyAlgorithm[] = algorithms.flatMap((alg) => Array<KeyAlgorithm>(perAlgorithm).fill(alg));
  for (let start = 0; start < wanted.length; start += 10) {
    const email = `bench-device-${randomUUID()}@example.test`;
    const password = 'bench-device-password';
    await call(
      url,
      '/graphql',
      {
        query: 'mutation($input: CreateUserInput!) { createUser(input: $input) { id } }',
        variables: { input: { email, password } },
      },
      admin,
    );
    const token = (await call(url, '/api/v1/auth/login', { email, password })).accessToken as string;
    for (const algorithm of wanted.slice(start, start + 10)) {
      const keys: DeviceKeyPair = makeKeyPair(algorithm);
      const fingerprint = randomBytes(16).toString('hex');
      const challenge = await call(
        url,
        '/api/v1/auth/devices/register/challenge',
        {
          deviceName: 'Bench phone',
          deviceType: 'mobile',
          deviceFingerprint: fingerprint,
          publicKey: keys.publicKey,
          keyAlgorithm: algorithm,
        },
        token,
      );
      await call(
        url,
        '/api/v1/auth/devices/register/verify',
        {
          sessionId: challenge.sessionId,
          signedChallenge: keys.sign(challenge.challenge),
        },
        token,
      );
      const privateKeyPem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      devices.get(algorithm)!.push({ fingerprint, algorithm, privateKeyPem });
    }
  }
  return devices;
}

function row(comparison: string, arm: string, role: BenchRow['role'], fields: Partial<BenchRow>): BenchRow {
  return customRow('biometric', comparison, arm, { ...fields, role });
}

/** Operations per second of fn over roughly durationMs, and the mean time of one in milliseconds. */
function opsPerSecond(fn: () => boolean, durationMs: number): { perSec: number; meanMs: number; count: number } {
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < durationMs) {
    for (let i = 0; i < 50; i += 1) if (!fn()) throw new Error('signature did not verify');
    count += 50;
  }
  const elapsed = performance.now() - started;
  return { perSec: (count / elapsed) * 1000, meanMs: elapsed / count, count };
}

/** The server's verify path (base64 decode, cached KeyObject) beside node:crypto's bare verify, alternating. */
function signatureRows(algorithm: KeyAlgorithm, rounds: number): { rows: BenchRow[]; verifyMs: number } {
  const keys = makeKeyPair(algorithm);
  const challenge = randomBytes(64).toString('base64url');
  const message = Buffer.from(challenge, 'base64url');
  const signature = keys.sign(challenge);
  const signatureBytes = Buffer.from(signature, 'base64');
  const parsed: DevicePublicKey = parseDevicePublicKey(keys.publicKey, algorithm);
  const raw: KeyObject = createPublicKey(keys.publicKey);
  const rawVerify = () =>
    algorithm === 'ES256'
      ? verify('sha256', message, raw, signatureBytes)
      : verify('sha256', message, { key: raw, padding: constants.RSA_PKCS1_PADDING }, signatureBytes);
  const results = { server: [] as number[], raw: [] as number[], cold: [] as number[] };
  for (let i = 0; i < rounds; i += 1) {
    results.server.push(opsPerSecond(() => verifyDeviceSignature(parsed, message, signature), 700).meanMs);
    results.raw.push(opsPerSecond(rawVerify, 700).meanMs);
    results.cold.push(
      opsPerSecond(
        () => verifyDeviceSignature(parseDevicePublicKey(keys.publicKey, algorithm), message, signature),
        300,
      ).meanMs,
    );
  }
  const [server, bare, cold] = [mean(results.server), mean(results.raw), mean(results.cold)];
  const comparison = `${algorithm} signature verify: server path vs node:crypto`;
  return {
    verifyMs: server,
    rows: [
      row(comparison, 'verifyDeviceSignature (cached KeyObject)', 'subject', {
        reqPerSec: 1000 / server,
        p50Ms: server,
        ratio: bare / server,
        target: 0.9,
        pass: bare / server >= 0.9,
      }),
      row(comparison, 'crypto.verify (KeyObject, bytes)', 'baseline', { reqPerSec: 1000 / bare, p50Ms: bare }),
      row(comparison, 'uncached: parse PEM + verify', 'baseline', { reqPerSec: 1000 / cold, p50Ms: cold }),
    ],
  };
}

/** Mean time of each kind of statement a login makes, one connection, sequential; the slowest one counts. */
async function slowestDbRoundTripMs(databaseUrl: string, device: BenchDevice): Promise<{ ms: number; which: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select "id", "user_id" from "auth"."device" where "device_fingerprint" = $1', [
      device.fingerprint,
    ]);
    const { id: deviceId, user_id: userId } = rows[0] as { id: string; user_id: number };
    const statements: [string, string, unknown[]][] = [
      [
        'challenge lookup',
        `select d."id", d."user_id" from "auth"."device" d join "auth"."user_account" u on u."id" = d."user_id"
        where d."device_fingerprint" = $1 and d."is_active" and u."status" = 'active' order by d."created_at" limit 50`,
        [device.fingerprint],
      ],
      ['device by id', 'select * from "auth"."device" where "id" in ($1) and "is_active"', [deviceId]],
      [
        'user with employee',
        `select u.*, e.*, d.* from "auth"."user_account" u left join "auth"."employee" e on e."id" = u."employee_id"
        left join "auth"."department" d on d."id" = e."department_id" where u."id" = $1`,
        [userId],
      ],
      [
        'audit insert (commit)',
        `insert into "auth"."audit_entry" ("action", "result", "user_id", "created_at") values ('bench', 'success', $1, now())`,
        [userId],
      ],
      [
        'device update (commit)',
        'update "auth"."device" set "last_used_at" = now(), "updated_at" = now() where "id" = $1',
        [deviceId],
      ],
    ];
    let slowest = { ms: 0, which: '' };
    for (const [which, sql, params] of statements) {
      for (let i = 0; i < 50; i += 1) await client.query(sql, params);
      const started = performance.now();
      for (let i = 0; i < 300; i += 1) await client.query(sql, params);
      const ms = (performance.now() - started) / 300;
      if (ms > slowest.ms) slowest = { ms, which };
    }
    return slowest;
  } finally {
    await client.end();
  }
}

/**
 * Issue 3's numbers: full biometric logins per second (challenge + signed verify) per algorithm under load,
 * the server's signature verification beside node:crypto's, and the unloaded login time against its floor,
 * the slowest database round trip of a login plus one signature verify (target: at most 3 times the floor).
 */
export async function runBiometricBench(context: BenchContext): Promise<BenchRow[]> {
  const { settings, bench } = context;
  const connections = Math.min(settings.connections, 20);
  const devices = await registerDevices(context, connections);
  const rows: BenchRow[] = [];
  for (const algorithm of algorithms) {
    const { rows: verifyRows, verifyMs } = signatureRows(algorithm, settings.rounds);
    const own = devices.get(algorithm)!;
    await runClients(bench.url, own, settings.warmupMs);
    const loaded = await runClients(bench.url, own, settings.roundMs * settings.rounds);
    const sequential = await runClients(bench.url, own.slice(0, 1), settings.roundMs, 2000);
    const floor = await slowestDbRoundTripMs(bench.databaseUrl, own[0]!);
    const loginMs = mean(sequential.latenciesMs);
    const floorMs = floor.ms + verifyMs;
    process.stderr.write(
      `  ${algorithm}: ${((loaded.logins / loaded.elapsedMs) * 1000).toFixed(0)} logins/s at ${connections} connections; ` +
        `unloaded login ${loginMs.toFixed(2)} ms, floor ${floorMs.toFixed(3)} ms (${floor.which} ${floor.ms.toFixed(3)} ms + verify ${verifyMs.toFixed(3)} ms)\n`,
    );
    const comparison = `${algorithm} biometric login (challenge + signed verify)`;
    rows.push(
      row(
        comparison,
        `unloaded login, 1 connection (time ratio ${(loginMs / floorMs).toFixed(1)}x, target <= 3x)`,
        'subject',
        {
          requests: sequential.logins,
          errors: sequential.errors,
          firstError: sequential.firstError,
          reqPerSec: 1000 / loginMs,
          p50Ms: percentile(sequential.latenciesMs, 0.5),
          p99Ms: percentile(sequential.latenciesMs, 0.99),
          cpuUsPerRequest: sequential.cpuUs / Math.max(1, sequential.logins),
          ratio: floorMs / loginMs,
          target: 1 / 3,
          pass: sequential.errors === 0 && loginMs <= 3 * floorMs,
        },
      ),
      row(comparison, `floor: slowest DB round trip (${floor.which}) + one verify`, 'baseline', {
        reqPerSec: 1000 / floorMs,
        p50Ms: floorMs,
      }),
      row(comparison, `logins/s at ${connections} connections`, 'baseline', {
        requests: loaded.logins,
        errors: loaded.errors,
        firstError: loaded.firstError,
        reqPerSec: (loaded.logins / loaded.elapsedMs) * 1000,
        cpuUsPerRequest: loaded.cpuUs / Math.max(1, loaded.logins),
        p50Ms: percentile(loaded.latenciesMs, 0.5),
        p99Ms: percentile(loaded.latenciesMs, 0.99),
      }),
      ...verifyRows,
    );
  }
  return rows;
}
