import { createHash } from 'node:crypto';
import type { Client } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../../../test/client.js';
import { confirmationKit, confirmationSubscription } from '../../../../test/confirmation-kit.js';
import { onDatabase } from '../../../../test/database.js';
import { startIsolatedServer, startTestServer, type TestServer } from '../../../../test/harness.js';
import { collect, connected, wsClient } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { pause } from '../../../../test/waiting.js';

interface StatusEvent {
  data: { confirmationStatusChanged: { confirmationId: string; status: string } };
}

describe.skipIf(servicesMissing)('confirmation status live over graphql-ws, and the expiry sweep', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let other: TestServer;
  let kit: ReturnType<typeof confirmationKit>;
  const clients: Client[] = [];

  beforeAll(async () => {
    server = await startIsolatedServer({ CONFIRMATION_SWEEP_SECONDS: '1' });
    // A second instance on the same database and Redis: events reach subscribers on every instance.
    other = await startTestServer(server.shared, { CONFIRMATION_SWEEP_SECONDS: '1' });
    kit = confirmationKit(httpClient(server.url));
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  /** A web client's subscription to one confirmation, once the server has acknowledged its connection. */
  async function follow(token: string, confirmationId: string, instance: TestServer = server) {
    const client = wsClient(instance.url, token);
    clients.push(client);
    const ready = connected(client);
    const events = collect<StatusEvent>(client, confirmationSubscription, { id: confirmationId });
    await ready;
    // The subscribe message is sent after the acknowledgement; give the server a moment to register it.
    await pause(200);
    return events;
  }

  const statuses = (events: { events: StatusEvent[] }) =>
    events.events.map((event) => event.data.confirmationStatusChanged.status);

  it('delivers approved to the initiating user on another instance within a second of the verify call, and nothing to another user', async () => {
    const owner = await kit.userWithDevice();
    const stranger = await kit.userWithDevice();
    const { confirmationId, challenge } = await kit.initiate(owner.user.token);
    const mine = await follow(owner.user.token, confirmationId, other);
    const theirs = await follow(stranger.user.token, confirmationId);

    const calledAt = Date.now();
    const verified = await kit.verify(owner.user.token, confirmationId, {
      deviceId: owner.deviceId,
      signedChallenge: owner.keys.sign(challenge),
    });
    expect(verified.status).toBe(200);
    await mine.next(1, 1000);
    expect(Date.now() - calledAt).toBeLessThan(1000);
    expect(mine.events).toEqual([{ data: { confirmationStatusChanged: { confirmationId, status: 'approved' } } }]);
    expect(mine.errors).toEqual([]);

    await pause(1500);
    expect(theirs.events).toEqual([]);
    expect(mine.events).toHaveLength(1);
  });

  it('delivers rejected, and a decision made before the client subscribed', async () => {
    const owner = await kit.userWithDevice();
    const first = await kit.initiate(owner.user.token, 'delete_user', {});
    const live = await follow(owner.user.token, first.confirmationId);
    expect((await kit.reject(owner.user.token, first.confirmationId)).status).toBe(200);
    await live.next(1, 1000);
    expect(statuses(live)).toEqual(['rejected']);

    const second = await kit.initiate(owner.user.token, 'delete_user', {});
    expect((await kit.reject(owner.user.token, second.confirmationId)).status).toBe(200);
    const late = await follow(owner.user.token, second.confirmationId);
    await late.next(1, 1000);
    await pause(500);
    expect(statuses(late)).toEqual(['rejected']);
  });

  it('records an expiry with the sweep: stored status, audit entry and the expired event', async () => {
    const owner = await kit.userWithDevice();
    const { confirmationId, challenge } = await kit.initiate(owner.user.token);
    const live = await follow(owner.user.token, confirmationId);
    const sql = (text: string) =>
      onDatabase(server.shared.databaseUrl, async (client) => (await client.query(text, [confirmationId])).rows);
    await sql(`update auth.confirmation set expires_at = now() - interval '1 second' where id = $1`);
    await live.next(1, 3000);
    expect(statuses(live)).toEqual(['expired']);
    expect((await sql('select status from auth.confirmation where id = $1'))[0]).toEqual({ status: 'expired' });
    const entries = await sql(
      `select result, user_id, challenge_hash from auth.audit_entry
       where action = 'confirmation_expire' and details->>'confirmationId' = $1`,
    );
    expect(entries).toEqual([
      {
        result: 'success',
        user_id: owner.user.id,
        challenge_hash: createHash('sha256').update(challenge).digest('hex'),
      },
    ]);
    expect((await kit.status(owner.user.token, confirmationId)).body.data.status).toBe('expired');
  });

  it('runs the sweep once per interval in the cluster, not once per instance: one pg-boss job per one-second slot', async () => {
    const sweepJobs = async () =>
      onDatabase(server.shared.databaseUrl, async (client) => {
        const exists = await client.query(`select to_regclass('platform_jobs.job') is not null as found`);
        if (!exists.rows[0].found) return [];
        const { rows } = await client.query(
          `select singleton_on, state from platform_jobs.job where name = 'confirmation-sweep' order by singleton_on`,
        );
        return rows as { singleton_on: Date; state: string }[];
      });
    const before = (await sweepJobs()).length;
    await pause(4500);
    const jobs = await sweepJobs();
    const slots = new Set(jobs.map((job) => job.singleton_on.getTime()));
    // Two instances, each queuing a sweep every second for 4.5 s: about 4 to 5 jobs in all, never 8 to 10.
    expect(jobs.length - before).toBeGreaterThanOrEqual(3);
    expect(jobs.length - before).toBeLessThanOrEqual(6);
    expect(slots.size).toBe(jobs.length);
    expect(jobs.filter((job) => job.state === 'completed').length).toBeGreaterThanOrEqual(jobs.length - 2);
  });
});
