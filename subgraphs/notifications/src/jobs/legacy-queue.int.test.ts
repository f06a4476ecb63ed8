import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationRequestQueue } from '@platform/lib/notifications/request-queue';
import { onDatabase } from '../../../../test/database.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { actorsOf } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';
import { eventually } from '../../../../test/waiting.js';
import { legacyQueueSchema, moveLegacyJobs } from './legacy-queue.js';

describe.skipIf(servicesMissing)("the upgrade from the notifications' own pg-boss schema", () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let user: TestUser;

  beforeAll(async () => {
    server = await startIsolatedServer();
    const actors = await actorsOf(server.url);
    user = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'upgrade' });
  });
  afterAll(async () => server?.close());

  it('moves a request the previous version left queued onto the job engine, where the worker delivers it', async () => {
    // What the previous version leaves behind: its request queue in notifications_boss, one request waiting.
    const legacy = new PgBoss({ connectionString: server.shared.databaseUrl, schema: legacyQueueSchema, max: 1 });
    await legacy.start();
    await legacy.createQueue(notificationRequestQueue);
    const requestId = await legacy.send(notificationRequestQueue, {
      request: { message: 'Queued before the upgrade', recipients: [{ userId: user.id }] },
      serviceName: 'auth',
    });
    await legacy.stop({ graceful: false, wait: true });
    expect(requestId).toEqual(expect.any(String));

    const move = () => onDatabase(server.shared.databaseUrl, (client) => moveLegacyJobs(client));
    expect(await move()).toBe(1);
    expect(await move()).toBe(0);

    const sql = (text: string) =>
      onDatabase(server.shared.databaseUrl, async (client) => (await client.query(text, [requestId])).rows);
    await eventually(
      async () =>
        (await sql('select status from notifications.notification_job where id = $1'))[0]?.status === 'completed',
    );
    expect(await sql('select user_id, message from notifications.notification where job_id = $1')).toEqual([
      { user_id: user.id, message: 'Queued before the upgrade' },
    ]);
    expect(await sql(`select state from ${legacyQueueSchema}.job where id = $1`)).toEqual([]);
  });
});
