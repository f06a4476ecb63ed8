import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onDatabase } from '../../../../test/database.js';
import { startOneSignalStandIn } from '../../../../test/delivery-stand-ins.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { actorsOf, type Actors } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';
import { eventually } from '../../../../test/waiting.js';

describe.skipIf(servicesMissing)('a notification job whose delivery keeps failing', () => {
  let oneSignal: Awaited<ReturnType<typeof startOneSignalStandIn>>;
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let actors: Actors;
  let user: TestUser;

  const sql = <T>(text: string, values: unknown[] = []) =>
    onDatabase(server.shared.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

  beforeAll(async () => {
    oneSignal = await startOneSignalStandIn();
    server = await startIsolatedServer({
      ONESIGNAL_APP_ID: 'onesignal-app',
      ONESIGNAL_API_KEY: 'onesignal-key',
      ONESIGNAL_API_URL: oneSignal.url,
      // Three attempts in all, 1-2 s then 2-4 s apart.
      NOTIFICATION_RETRY_LIMIT: '2',
      NOTIFICATION_RETRY_DELAY_SECONDS: '1',
    });
    actors = await actorsOf(server.url);
    user = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'dead-letter' });
  });
  afterAll(async () => {
    await server?.close();
    await oneSignal?.close();
  });

  it('is marked dead and moved to the dead-letter queue after its retry limit, its inbox item written once', async () => {
    const playerId = `down-${randomBytes(6).toString('hex')}`;
    const device = await actors.api.post(
      '/api/v1/notifications/devices',
      { device_id: 'dead-letter-phone', provider_player_id: playerId },
      { token: user.token },
    );
    expect(device.status).toBe(201);
    const job = await actors.api.post(
      '/internal/notifications/jobs',
      { message: 'Never pushed', recipients: [{ userId: user.id, channels: ['in_app', 'push'] }] },
      { token: actors.serviceToken },
    );
    expect(job.status).toBe(200);
    const jobId = job.body.jobId as string;

    const queued = (queue: string) =>
      sql(`select state, retry_count from platform_jobs.job where name = $1 and data->>'jobId' = $2`, [queue, jobId]);
    await eventually(async () => (await queued('notification-jobs-dead')).length > 0, { timeoutMs: 20_000 });
    expect(await queued('notification-jobs-dead')).toEqual([{ state: 'created', retry_count: 0 }]);
    expect(await queued('notification-jobs')).toEqual([{ state: 'failed', retry_count: 2 }]);
    expect(await sql('select status, attempts from notifications.notification_job where id = $1', [jobId])).toEqual([
      { status: 'dead', attempts: 3 },
    ]);
    expect(
      await sql('select count(*)::int as items from notifications.notification where job_id = $1', [jobId]),
    ).toEqual([{ items: 1 }]);
    expect(oneSignal.failures()).toBe(3);
  });
});
