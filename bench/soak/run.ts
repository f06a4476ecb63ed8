import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '@platform/lib/project-root';
import { startCluster } from './cluster.js';
import { makeFixtures } from './fixtures.js';
import { call } from './http.js';
import { LiveInboxes } from './inbox.js';
import { MemorySampler } from './memory.js';
import { dashboardClient, mobileClient, runClients } from './populations.js';
import { Recorder } from './recorder.js';
import { judge, printResults, type SoakResults } from './results.js';
import {
  killEdge,
  killRedisPrimary,
  killWorkerMidJob,
  logoutOnEveryReplica,
  rollingRestart,
  type Fault,
} from './faults.js';

/**
 * `npm run soak`: the platform as a cluster on this machine (`npm run cluster`) under its three populations at
 * about half the capacity it measures first, with faults on a schedule; writes bench/soak-results.json and
 * exits 1 when a target fails (README: The soak; decisions: Beyond one host, the soak).
 */
const minutes = Number(process.env.SOAK_MINUTES ?? 5);
const durationMs = minutes * 60_000;
const population = { dashboards: 4, phones: 4, subscribers: 200, writers: 2 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<number> {
  const root = projectRoot();
  const clusterDir = join(root, process.env.CLUSTER_DIR ?? '.cluster-soak');
  const cluster = await startCluster(root, clusterDir);
  try {
    return await soak(cluster, clusterDir);
  } finally {
    await cluster.stop();
  }
}

async function soak(cluster: Awaited<ReturnType<typeof startCluster>>, clusterDir: string): Promise<number> {
  const { entry, adminEmail } = cluster.state();
  const admin = { email: adminEmail, password: cluster.adminPassword };
  console.log(`[soak] ${minutes} min on ${entry.http}; setting up ${population.subscribers} inboxes`);
  const fixtures = await makeFixtures(entry.http, admin, {
    writers: population.writers,
    phones: population.phones,
    subscribers: population.subscribers,
  });
  const recorder = new Recorder();
  const inboxes = new LiveInboxes(entry, fixtures.subscribers);
  await inboxes.open();
  const clients = () => [
    ...Array.from({ length: population.dashboards }, (_, index) =>
      dashboardClient(entry.http, fixtures, index, recorder),
    ),
    ...fixtures.phones.map((phone) => mobileClient(entry.http, phone, recorder)),
  ];

  // Capacity: the same clients as fast as the cluster answers, for 10 s.
  const capacityUntil = Date.now() + 10_000;
  const capacity = (await runClients(clients(), () => Date.now() > capacityUntil)) / 10;
  const load = clients();
  const intervalMs = (load.length * 1000) / (capacity / 2);
  console.log(
    `[soak] capacity ${capacity.toFixed(0)} requests/s; the soak runs at about half: one request per client every ${intervalMs.toFixed(0)} ms`,
  );

  recorder.startCounting();
  const memory = new MemorySampler(cluster, join(clusterDir, 'logs'), { warmUpMs: 60_000, judgedAfterMs: 60_000 });
  const sentMessages = new Set<string>();
  let jobNumber = 0;
  const sendJob = async (): Promise<boolean> => {
    const message = `Soak notification ${++jobNumber} sent ${new Date().toISOString()}`;
    const recipients = fixtures.subscribers.map((subscriber) => ({
      userId: subscriber.id,
      email: subscriber.email,
      channels: ['in_app'],
    }));
    const answer = await recorder.time('inbox.jobs', () =>
      call(entry.http, '/internal/notifications/jobs', { body: { message, recipients }, token: fixtures.serviceToken }),
    );
    if (answer.status === 200) sentMessages.add(message);
    return answer.status === 200;
  };

  const startedAt = Date.now();
  let faultsDone = false;
  const stopped = () => faultsDone && Date.now() - startedAt > durationMs;
  const producer = (async () => {
    while (!stopped()) {
      await sendJob();
      await sleep(2000);
    }
  })();
  const traffic = runClients(load, stopped, intervalMs);

  const faults: Fault[] = [];
  const probe = async () =>
    (await call(entry.http, '/api/v1/auth/devices', { token: fixtures.adminToken }).catch(() => undefined))?.status ===
    200;
  // Short pauses between faults, so that the processes they restarted have half of a 5-minute run to be judged.
  const gap = () => sleep(Math.min(Math.max(5000, durationMs * 0.08), 10_000));
  let revoked = { accepted: 0, tried: 0 };
  try {
    await sleep(Math.max(10_000, durationMs * 0.1));
    faults.push(await killEdge(cluster));
    await gap();
    faults.push(await rollingRestart(cluster));
    await gap();
    faults.push(await killRedisPrimary(cluster, probe));
    await gap();
    faults.push(await killWorkerMidJob(cluster, sendJob));
    await gap();
    const logout = await logoutOnEveryReplica(cluster, admin);
    faults.push(logout.fault);
    revoked = logout;
  } finally {
    faultsDone = true;
    memory.faultsOver();
  }
  await Promise.all([traffic, producer]);
  const ranMs = Date.now() - startedAt;
  // The run is over: what follows (reading every inbox whole) is the judge's load, not the platform's.
  const memoryResults = await memory.stop();
  writeFileSync(join(clusterDir, 'memory-samples.json'), `${JSON.stringify(memory.series(), null, 2)}\n`);

  // Deliveries finish (the crashed worker's job is retried after NOTIFICATION_JOB_EXPIRE_SECONDS), then count.
  const settleUntil = Date.now() + 90_000;
  let inboxesNow = await inboxes.inboxes();
  const complete = () =>
    [...inboxesNow.values()].every((items) =>
      [...sentMessages].every((message) => items.some((item) => item.message === message)),
    );
  while (!complete() && Date.now() < settleUntil) {
    await sleep(2000);
    inboxesNow = await inboxes.inboxes();
  }
  await sleep(1000);
  inboxes.close();

  const results: SoakResults = judge({
    minutes: Math.round((ranMs / 60_000) * 10) / 10,
    faults,
    recorder,
    sentMessages,
    inboxes: inboxesNow,
    inboxEvents: inboxes.events,
    subscribers: {
      total: fixtures.subscribers.length,
      disconnected: inboxes.disconnected,
      ...inboxes.caughtUp(inboxesNow),
    },
    revoked,
    memory: memoryResults,
    connectionsHeld: load.length + 1,
  });
  writeFileSync(join(projectRoot(), 'bench', 'soak-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  printResults(results);
  return results.pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
