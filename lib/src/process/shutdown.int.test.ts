import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenCodec } from '../auth/token-codec.js';
import { InternalIdentity } from '../graphql/internal-identity.js';
import { projectRoot } from '../project-root.js';
import { buildProduct } from '../../../test/build.js';
import { httpClient, loginAs } from '../../../test/client.js';
import { startSmtpCatcher } from '../../../test/delivery-stand-ins.js';
import { adminCredentials, createTestDatabase, startIsolatedServer } from '../../../test/harness.js';
import { actorsOf, closing, openInbox, wsClient } from '../../../test/notifications-kit.js';
import { unusedPort } from '../../../test/ports.js';
import { startProcess, withTimeout, type RunningProcess } from '../../../test/processes.js';
import { servicesMissing, testRedisUrl } from '../../../test/services.js';
import { eventually } from '../../../test/waiting.js';

const dist = (...path: string[]) => join(projectRoot(), 'dist', ...path);
const entries = {
  single: dist('gateway', 'src', 'main.js'),
  auth: dist('subgraphs', 'auth', 'src', 'main.js'),
  worker: dist('subgraphs', 'notifications', 'src', 'worker-main.js'),
};
const drainTimeoutSeconds = 6;
/** Requests in flight (accepted, their bodies still to come) when the signal comes. */
const inFlight = 8;

interface Answer {
  /** `reset`: the connection was dropped before an answer (one waiting in the backlog when the listener closed). */
  status: number | 'refused' | 'reset';
  body: string;
}

/** One request on a connection of its own (no keep-alive pool hides a refusal). */
function send(url: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = httpRequest(
      url,
      { method, agent: false, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') resolve({ status: 'refused', body: '' });
      else if (error.code === 'ECONNRESET') resolve({ status: 'reset', body: '' });
      else reject(error);
    });
    request.end(payload);
  });
}

/**
 * A request the server has accepted and is still reading: its headers ask `Expect: 100-continue`, the server
 * answers 100 Continue once it has them (`accepted`), and its body goes only at `finish()`.
 */
function heldRequest(url: string, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  let accept = () => {};
  const accepted = new Promise<void>((resolve) => (accept = resolve));
  let request: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    request = httpRequest(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          expect: '100-continue',
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
        response.on('error', reject);
      },
    );
    request.on('continue', accept);
    request.on('error', reject);
    request.flushHeaders();
  });
  return { accepted, answer, finish: () => request.end(payload) };
}

/**
 * Holds `inFlight` requests accepted (headers read, body not yet sent), SIGTERMs the process, checks that a new
 * connection is refused or answered 503, and only then sends the requests' bodies: each must get its answer.
 */
async function signalUnderLoad(running: RunningProcess, probeUrl: string, hold: () => ReturnType<typeof heldRequest>) {
  const held = Array.from({ length: inFlight }, hold);
  await withTimeout(Promise.all(held.map((request) => request.accepted)), 10_000, 'requests accepted');
  const signalledAt = Date.now();
  running.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const afterSignal = await send(probeUrl);
  for (const request of held) request.finish();
  const answers = await Promise.all(held.map((request) => request.answer));
  const exit = await withTimeout(running.exited, (drainTimeoutSeconds + 5) * 1000, 'exit after SIGTERM');
  return { answers, afterSignal, exit, exitedAfterMs: Date.now() - signalledAt };
}

function processEnvironment(databaseUrl: string, port: number, secrets: Record<string, string>) {
  return {
    ...secrets,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: testRedisUrl!,
    REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: 'false',
    WORKER_ENABLED: 'false',
    DRAIN_TIMEOUT_SECONDS: String(drainTimeoutSeconds),
    BOOTSTRAP_ADMIN_EMAIL: adminCredentials.email,
    BOOTSTRAP_ADMIN_PASSWORD: adminCredentials.password,
  };
}

async function healthy(running: RunningProcess, url: string): Promise<void> {
  await eventually(
    async () => {
      if (running.child.exitCode !== null) throw new Error(`exited:\n${running.output()}`);
      return (await send(url).catch(() => undefined))?.status === 200;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}

describe.skipIf(servicesMissing)('SIGTERM under load: each kind of process drains and exits 0', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const started: RunningProcess[] = [];
  const secrets = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const start = (entry: string, env: Record<string, string>) => {
    const running = startProcess([entry], env);
    started.push(running);
    return running;
  };

  beforeAll(async () => {
    await buildProduct(entries.single);
    database = await createTestDatabase();
  }, 180_000);
  afterAll(async () => {
    for (const running of started) if (running.child.exitCode === null) running.child.kill('SIGKILL');
    await database?.drop();
  });

  it('the single process: accepted requests are answered, the subscription closes with 1012, new connections are refused', async () => {
    const port = await unusedPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const running = start(entries.single, processEnvironment(database.url, port, secrets));
    await healthy(running, `${baseUrl}/health`);
    const { accessToken } = await loginAs(httpClient(baseUrl), adminCredentials.email, adminCredentials.password);
    const socket = wsClient(baseUrl, accessToken);
    await openInbox(socket);
    const socketClosed = closing(socket);

    const { answers, afterSignal, exit, exitedAfterMs } = await signalUnderLoad(running, `${baseUrl}/health`, () =>
      heldRequest(`${baseUrl}/api/v1/auth/login`, adminCredentials),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(inFlight).fill(200));
    for (const answer of answers) expect(JSON.parse(answer.body).data.accessToken).toEqual(expect.any(String));
    expect(['refused', 503]).toContain(afterSignal.status);
    expect(await socketClosed).toMatchObject({ code: 1012, reason: 'service restart' });
    expect(exit.code, exit.stderr).toBe(0);
    expect(exitedAfterMs).toBeLessThan(drainTimeoutSeconds * 1000);
  }, 90_000);

  it('with a notice: not ready at once, still serving new connections for DRAIN_NOTICE_SECONDS, then refusing them', async () => {
    const port = await unusedPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const running = start(entries.single, {
      ...processEnvironment(database.url, port, secrets),
      DRAIN_NOTICE_SECONDS: '2',
    });
    await healthy(running, `${baseUrl}/health/db`);

    const signalledAt = Date.now();
    running.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // What a load balancer polling readiness sees, and what it still sends before it has noticed.
    expect((await send(`${baseUrl}/health/db`)).status).toBe(503);
    const login = await send(`${baseUrl}/api/v1/auth/login`, 'POST', adminCredentials);
    expect(login.status).toBe(200);
    expect(Date.now() - signalledAt).toBeLessThan(2000);

    // A probe that reached the backlog as the listener closed is reset rather than refused: both are the end.
    await eventually(async () => ['refused', 'reset'].includes(String((await send(`${baseUrl}/health/db`)).status)), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(2000);
    const exit = await withTimeout(running.exited, (drainTimeoutSeconds + 5) * 1000, 'exit after SIGTERM');
    expect(exit.code, exit.stderr).toBe(0);
  }, 90_000);

  it('a subgraph process of the distributed layout: accepted requests are answered, its sockets close with 1012', async () => {
    const port = await unusedPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const running = start(entries.auth, processEnvironment(database.url, port, secrets));
    await healthy(running, `${baseUrl}/health/db`);
    // What the gateway sends it: the caller's request, signed as the gateway's internal identity.
    const identity = new InternalIdentity(
      new TokenCodec({ secret: secrets.JWT_SECRET, previousSecrets: [], issuer: 'platform-auth', now: Date.now }),
    );
    const signed = () =>
      identity.sign({
        caller: null,
        authFailure: null,
        request: { requestId: randomUUID(), ip: '127.0.0.1', userAgent: null, deviceFingerprint: null },
      });
    const socket: Client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocket,
      lazy: false,
      retryAttempts: 0,
      // Its close is asserted below; graphql-ws would print it as an error too.
      onNonLazyError: () => undefined,
      connectionParams: async () => ({ identity: await signed() }),
    });
    await new Promise<void>((resolve) => socket.on('connected', () => resolve()));
    const socketClosed = closing(socket);
    const login = {
      query:
        'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }',
      variables: adminCredentials,
    };

    const identities = await Promise.all(Array.from({ length: inFlight }, signed));
    const { answers, afterSignal, exit, exitedAfterMs } = await signalUnderLoad(running, `${baseUrl}/health/db`, () =>
      heldRequest(`${baseUrl}/graphql`, login, { 'x-internal-identity': identities.pop()! }),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(inFlight).fill(200));
    for (const answer of answers) expect(JSON.parse(answer.body).data.login.accessToken).toEqual(expect.any(String));
    expect(['refused', 503]).toContain(afterSignal.status);
    expect((await socketClosed).code).toBe(1012);
    expect(exit.code, exit.stderr).toBe(0);
    expect(exitedAfterMs).toBeLessThan(drainTimeoutSeconds * 1000);
  }, 90_000);

  it('the worker: the job under way when the signal comes is finished (or handed back and finished later), none lost', async () => {
    const recipients = 5;
    // The n-th e-mail is answered after n * 150 ms: the job is under way for over a second.
    const smtp = await startSmtpCatcher((index) => index * 150);
    const server = await startIsolatedServer({ WORKER_ENABLED: 'false', SMTP_URL: smtp.url });
    const jobs = new pg.Client({ connectionString: server.shared.databaseUrl });
    await jobs.connect();
    try {
      const actors = await actorsOf(server.url);
      const worker = () =>
        start(entries.worker, {
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: server.shared.databaseUrl,
          REDIS_URL: testRedisUrl!,
          REDIS_KEY_PREFIX: server.shared.redisKeyPrefix,
          JWT_SECRET: server.shared.jwtSecret,
          DATA_ENCRYPTION_KEY: server.shared.encryptionKey,
          SMTP_URL: smtp.url,
          NOTIFICATION_RETRY_DELAY_SECONDS: '1',
          DRAIN_TIMEOUT_SECONDS: String(drainTimeoutSeconds),
        });
      const job = await actors.api.post(
        '/internal/notifications/jobs',
        {
          message: 'Survives a restart',
          recipients: Array.from({ length: recipients }, (_, index) => ({
            userId: 7000 + index,
            email: `drain-${index}@example.test`,
            channels: ['in_app', 'email'],
          })),
        },
        { token: actors.serviceToken },
      );
      expect(job.status).toBe(200);
      const jobId = job.body.jobId as string;
      const status = async () =>
        (await jobs.query('select status from notifications.notification_job where id = $1', [jobId])).rows[0]
          .status as string;

      const first = worker();
      await eventually(async () => smtp.mails.length >= 1, { timeoutMs: 30_000, intervalMs: 50 });
      expect(await status()).not.toBe('completed');
      const signalledAt = Date.now();
      first.child.kill('SIGTERM');
      const exit = await withTimeout(first.exited, (drainTimeoutSeconds + 5) * 1000, 'worker exit after SIGTERM');
      expect(exit.code, exit.stderr).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(drainTimeoutSeconds * 1000);
      // Handed back (its worker stopped before it was done): another worker finishes it.
      if ((await status()) !== 'completed') worker();
      await eventually(async () => (await status()) === 'completed', { timeoutMs: 30_000 });

      const { rows: inbox } = await jobs.query(
        'select user_id, count(*)::int as items from notifications.notification where job_id = $1 group by user_id order by user_id',
        [jobId],
      );
      expect(inbox).toEqual(Array.from({ length: recipients }, (_, index) => ({ user_id: 7000 + index, items: 1 })));
      const mailed = new Set(smtp.mails.flatMap((mail) => mail.to));
      expect([...mailed].sort()).toEqual(
        Array.from({ length: recipients }, (_, index) => `drain-${index}@example.test`).sort(),
      );
    } finally {
      await jobs.end();
      await server.close();
      await smtp.close();
    }
  }, 90_000);
});
