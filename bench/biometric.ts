import { constants, createPublicKey, randomBytes, randomUUID, verify, type KeyObject } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import {
  parseDevicePublicKey,
  verifyDeviceSignature,
  type DevicePublicKey,
  type KeyAlgorithm,
} from '@platform/auth/devices/device-signature';
import { makeKeyPair, type DeviceKeyPair } from '../test/device-kit.js';
import { customRow, type BenchRow } from './lib/compare.js';
import { collectGarbageNow } from './lib/garbage.js';
import { startLowerBoundServer } from './login-lower-bound.js';
import { benchAuditEntry, benchLoginWrite, openLoginStore } from './login-writes.js';
import { SubjectProfiler } from './lib/profile.js';
import type { BenchContext } from './lib/context.js';
import type { BiometricClientOrder, ClientDevice, LoginReport } from './clients/protocol.js';

const json = { 'content-type': 'application/json' };
type DeviceAlgorithm = ClientDevice['algorithm'];

const algorithms: DeviceAlgorithm[] = ['ES256', 'RS256'];
/**
 * A full login takes at most this multiple of its lower bound's time: issue 17 asked 1.15, issue 29 moved it to 1.3,
 * where that round's evidence put it (1.27-1.28x then).
 */
const lowerBoundTarget = 1.3;
const biometricClient = fileURLToPath(new URL('./clients/biometric-client.js', import.meta.url));

/** Runs the client process; cpuUs is the server process's CPU time (user + system) meanwhile. */
function runClients(url: string, devices: ClientDevice[], durationMs: number, maxLogins = 1e9) {
  return new Promise<LoginReport & { cpuUs: number }>((resolve, reject) => {
    const order: BiometricClientOrder = { url, devices, durationMs, maxLogins };
    const before = process.cpuUsage();
    const child = spawn(process.execPath, [biometricClient], {
      env: { ...process.env, BENCH_CLIENT: JSON.stringify(order) },
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
async function registerDevices(
  context: BenchContext,
  perAlgorithm: number,
): Promise<Map<DeviceAlgorithm, ClientDevice[]>> {
  const { url } = context.bench;
  const admin = (await context.bench.login()).accessToken;
  const devices = new Map<DeviceAlgorithm, ClientDevice[]>(algorithms.map((alg) => [alg, []]));
  const wanted: DeviceAlgorithm[] = algorithms.flatMap((alg) => Array<DeviceAlgorithm>(perAlgorithm).fill(alg));
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
  const arms = {
    server: () => opsPerSecond(() => verifyDeviceSignature(parsed, message, signature), 700).meanMs,
    raw: () => opsPerSecond(rawVerify, 700).meanMs,
    cold: () =>
      opsPerSecond(
        () => verifyDeviceSignature(parseDevicePublicKey(keys.publicKey, algorithm), message, signature),
        300,
      ).meanMs,
  };
  const names = Object.keys(arms) as (keyof typeof arms)[];
  for (let i = 0; i < rounds; i += 1) {
    // Each round in another order, and each arm after a collection: the PEM parsing's garbage would otherwise be
    // collected during whichever arm follows it.
    for (const name of names.map((_, index) => names[(index + i) % names.length]!)) {
      collectGarbageNow();
      results[name].push(arms[name]());
    }
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

/** A round trip's mean time, and which of the login's round trips it is. */
interface RoundTripTime {
  ms: number;
  which: string;
}

/**
 * Mean time of each round trip a login makes to its stores, measured sequentially with the server's own
 * repositories (on an ORM pool of the bench's own) and ioredis: the challenge's device read, its audit insert,
 * the session's SET, GET and DEL in Redis, and the login's one write. The slowest one counts.
 */
async function slowestDbRoundTripMs(
  databaseUrl: string,
  redisUrl: string,
  device: ClientDevice,
): Promise<RoundTripTime> {
  const store = await openLoginStore(databaseUrl);
  const redis = new Redis(redisUrl);
  try {
    const [{ id: deviceId, userId }] = await store.logins.devicesWithFingerprint(device.fingerprint);
    const sessionKey = `bench:session:${randomUUID()}`;
    const session = randomBytes(900).toString('base64');
    const roundTrips: [string, () => Promise<unknown>][] = [
      ['challenge read', () => store.logins.devicesWithFingerprint(device.fingerprint)],
      ['audit insert (commit)', () => store.auditEntries.record(benchAuditEntry(userId, deviceId))],
      ['session SET (Redis)', () => redis.set(sessionKey, session, 'PX', 120_000)],
      ['session GET (Redis)', () => redis.get(sessionKey)],
      ['session DEL (Redis)', () => redis.set(sessionKey, session).then(() => redis.del(sessionKey))],
      ['login write (commit)', () => store.logins.recordLogin(benchLoginWrite(deviceId, userId))],
    ];
    let slowest = { ms: 0, which: '' };
    for (const [which, roundTrip] of roundTrips) {
      for (let i = 0; i < 50; i += 1) await roundTrip();
      const started = performance.now();
      for (let i = 0; i < 300; i += 1) await roundTrip();
      // The DEL row makes two round trips per turn (it needs a key to remove).
      const ms = (performance.now() - started) / 300 / (which.includes('DEL') ? 2 : 1);
      if (ms > slowest.ms) slowest = { ms, which };
    }
    return slowest;
  } finally {
    await store.close();
    redis.disconnect();
  }
}

function meanOf(roundTrips: RoundTripTime[]): RoundTripTime {
  return { ms: mean(roundTrips.map((r) => r.ms)), which: [...new Set(roundTrips.map((r) => r.which))].join(' / ') };
}

interface SequentialLogins {
  logins: number;
  errors: number;
  firstError?: string;
  cpuUs: number;
  latenciesMs: number[];
  verifyMs: number[];
}

function merged(reports: (LoginReport & { cpuUs: number })[]): SequentialLogins {
  return {
    logins: reports.reduce((sum, report) => sum + report.logins, 0),
    errors: reports.reduce((sum, report) => sum + report.errors, 0),
    firstError: reports.find((report) => report.firstError)?.firstError,
    cpuUs: reports.reduce((sum, report) => sum + report.cpuUs, 0),
    latenciesMs: reports.flatMap((report) => report.latenciesMs),
    verifyMs: reports.flatMap((report) => report.verifyMs),
  };
}

/**
 * Unloaded logins on one connection, the same logins against the bare lower-bound server, and the floor,
 * alternating round by round (as the A/B runner does) so that all three are measured on the same machine
 * state; the floor is the mean of the rounds' floors, and the in-flight floor the mean of the lower bound's
 * slowest round trip as timed inside its requests.
 */
async function unloadedAgainstFloor(context: BenchContext, device: ClientDevice) {
  const { settings, bench } = context;
  const lowerBound = await startLowerBoundServer(
    bench.databaseUrl,
    bench.redisUrl,
    bench.system.platform.codec,
    device,
  );
  const server: (LoginReport & { cpuUs: number })[] = [];
  const bare: (LoginReport & { cpuUs: number })[] = [];
  const floors: RoundTripTime[] = [];
  const inFlight: RoundTripTime[] = [];
  try {
    await runClients(lowerBound.url, [device], settings.warmupMs, 2000);
    lowerBound.slowestInFlight();
    for (let round = 0; round < settings.rounds; round += 1) {
      server.push(await runClients(bench.url, [device], settings.roundMs, 2000));
      bare.push(await runClients(lowerBound.url, [device], settings.roundMs, 2000));
      inFlight.push(lowerBound.slowestInFlight());
      floors.push(await slowestDbRoundTripMs(bench.databaseUrl, bench.redisUrl, device));
    }
    await new SubjectProfiler().profile(`${device.algorithm} biometric login`, () =>
      runClients(bench.url, [device], settings.roundMs, 2000),
    );
    // Its lower bound's beside it: what is in the login's profile and not in this one is the server's own code.
    await new SubjectProfiler().profile(`${device.algorithm} biometric login, lower bound`, () =>
      runClients(lowerBound.url, [device], settings.roundMs, 2000),
    );
  } finally {
    await lowerBound.close();
  }
  return {
    sequential: merged(server),
    lowerBound: merged(bare),
    floor: meanOf(floors),
    inFlightFloor: meanOf(inFlight),
  };
}

/**
 * Issue 3's numbers: full biometric logins per second (challenge + signed verify) per algorithm under load,
 * the server's signature verification beside node:crypto's, and the unloaded login time against its floor,
 * the slowest database round trip of a login plus one signature verify, and against its lower bound (the same
 * round trips behind bare node:http; target: at most 1.3 times its time, issues 17 and 29).
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
    const { sequential, lowerBound, floor, inFlightFloor } = await unloadedAgainstFloor(context, own[0]!);
    const floorMs = floor.ms + verifyMs;
    const [loginMs, bareMs] = [mean(sequential.latenciesMs), mean(lowerBound.latenciesMs)];
    process.stderr.write(
      `  ${algorithm}: ${((loaded.logins / loaded.elapsedMs) * 1000).toFixed(0)} logins/s at ${connections} connections; ` +
        `unloaded login ${loginMs.toFixed(2)} ms (verify request ${mean(sequential.verifyMs).toFixed(2)} ms), ` +
        `lower bound ${bareMs.toFixed(2)} ms, floor ${floorMs.toFixed(3)} ms ` +
        `(${floor.which} ${floor.ms.toFixed(3)} ms + verify ${verifyMs.toFixed(3)} ms)\n`,
    );
    const comparison = `${algorithm} biometric login (challenge + signed verify)`;
    const timed = (arm: string, logins: SequentialLogins, latencies: number[], role: BenchRow['role']) => {
      const ms = mean(latencies);
      return row(comparison, `${arm} (time ratio ${(ms / floorMs).toFixed(1)}x)`, role, {
        requests: logins.logins,
        errors: logins.errors,
        firstError: logins.firstError,
        reqPerSec: 1000 / ms,
        p50Ms: percentile(latencies, 0.5),
        p99Ms: percentile(latencies, 0.99),
      });
    };
    rows.push(
      {
        ...timed(
          `full login, 1 connection (${(loginMs / bareMs).toFixed(2)}x of its lower bound, target <= ${lowerBoundTarget}x)`,
          sequential,
          sequential.latenciesMs,
          'subject',
        ),
        cpuUsPerRequest: sequential.cpuUs / Math.max(1, sequential.logins),
        // Issue 17: the lower bound (the same round trips behind bare node:http) is the yardstick, not the floor.
        ratio: bareMs / loginMs,
        target: 1 / lowerBoundTarget,
        pass: sequential.errors === 0 && lowerBound.errors === 0 && loginMs <= lowerBoundTarget * bareMs,
      },
      timed('its signed verify request alone', sequential, sequential.verifyMs, 'baseline'),
      {
        ...timed('lower bound: its round trips behind bare node:http', lowerBound, lowerBound.latenciesMs, 'baseline'),
        cpuUsPerRequest: lowerBound.cpuUs / Math.max(1, lowerBound.logins),
      },
      row(comparison, `floor: slowest store round trip (${floor.which}) + one verify`, 'baseline', {
        reqPerSec: 1000 / floorMs,
        p50Ms: floorMs,
      }),
      row(
        comparison,
        `the same timed inside the lower bound's requests (${inFlightFloor.which}): lower bound ` +
          `${(bareMs / (inFlightFloor.ms + verifyMs)).toFixed(1)}x, server ${(loginMs / (inFlightFloor.ms + verifyMs)).toFixed(1)}x of it`,
        'baseline',
        { reqPerSec: 1000 / (inFlightFloor.ms + verifyMs), p50Ms: inFlightFloor.ms + verifyMs },
      ),
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
