import { Agent, request } from 'node:http';
import { constants, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { BiometricClientOrder, ClientDevice, LoginReport } from './protocol.js';

/**
 * The mobile client, in a process of its own so neither its signing nor its CPU counts as the server's: each
 * connection loops challenge -> sign the 64 raw bytes -> biometric, timing only the two requests. node:http with
 * keep-alive, the leanest client Node has, so that the client's own HTTP stack weighs as little as it can.
 * Started by bench/biometric.ts with its order in BENCH_CLIENT; writes its LoginReport to stdout.
 */

interface Signer extends ClientDevice {
  key: KeyObject;
  agent: Agent;
}

interface Challenge {
  challenge: string;
  sessionId: string;
}

const { url, devices, durationMs, maxLogins } = JSON.parse(process.env.BENCH_CLIENT ?? '') as BiometricClientOrder;
const target = new URL(url);
const signers: Signer[] = devices.map((device) => ({
  ...device,
  key: createPrivateKey(device.privateKeyPem),
  agent: new Agent({ keepAlive: true, maxSockets: 1 }),
}));

function signChallenge(device: Signer, challenge: string): string {
  const message = Buffer.from(challenge, 'base64url');
  const options =
    device.algorithm === 'ES256'
      ? { key: device.key, dsaEncoding: 'der' as const }
      : { key: device.key, padding: constants.RSA_PKCS1_PADDING };
  return sign('sha256', message, options).toString('base64');
}

function post<T>(device: Signer, path: string, body: unknown): Promise<T> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: 'POST',
        agent: device.agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (response.statusCode !== 200) return reject(new Error(`${path} ${response.statusCode} ${text}`));
          resolve((JSON.parse(text) as { data: T }).data);
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(data);
  });
}

const report: LoginReport = { logins: 0, errors: 0, latenciesMs: [], verifyMs: [], elapsedMs: 0 };
const started = performance.now();
const deadline = started + durationMs;

async function loginLoop(device: Signer): Promise<void> {
  while (performance.now() < deadline && report.logins + report.errors < maxLogins) {
    try {
      const t0 = performance.now();
      const challenge = await post<Challenge>(device, '/api/v1/auth/mobile/challenge', {
        deviceFingerprint: device.fingerprint,
      });
      const t1 = performance.now();
      const signedChallenge = signChallenge(device, challenge.challenge);
      const t2 = performance.now();
      await post(device, '/api/v1/auth/mobile/biometric', { sessionId: challenge.sessionId, signedChallenge });
      const t3 = performance.now();
      report.latenciesMs.push(t1 - t0 + (t3 - t2));
      report.verifyMs.push(t3 - t2);
      report.logins += 1;
    } catch (error) {
      report.errors += 1;
      report.firstError ??= String(error);
    }
  }
}

await Promise.all(signers.map(loginLoop));
report.elapsedMs = performance.now() - started;
for (const device of signers) device.agent.destroy();
process.stdout.write(JSON.stringify(report));
