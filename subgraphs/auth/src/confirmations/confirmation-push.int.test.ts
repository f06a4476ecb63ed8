import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIpHeader } from '../../../../test/client-address.js';
import { httpClient, type HttpClient } from '../../../../test/client.js';
import { confirmationKit } from '../../../../test/confirmation-kit.js';
import { onDatabase } from '../../../../test/database.js';
import { fcmStandIn } from '../../../../test/delivery-stand-ins.js';
import { makeKeyPair } from '../../../../test/device-kit.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import { eventually, pause } from '../../../../test/waiting.js';

describe.skipIf(servicesMissing)('confirmation requests pushed through FCM (firebase-admin against a stand-in)', () => {
  let fcm: ReturnType<typeof fcmStandIn>;
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: ReturnType<typeof confirmationKit>;

  beforeAll(async () => {
    fcm = fcmStandIn('confirmations-test');
    // The job engine's maintenance, which retries the jobs of dead workers, every 2 s instead of every minute.
    server = await startIsolatedServer({
      ...fcm.env,
      CONFIRMATION_SWEEP_SECONDS: '1',
      NOTIFICATION_JOB_EXPIRE_SECONDS: '2',
    });
    api = httpClient(server.url);
    kit = confirmationKit(api);
  });
  afterAll(async () => {
    await server?.close();
    fcm?.close();
  });

  const sql = (text: string, values: unknown[]) =>
    onDatabase(server.shared.databaseUrl, async (client) => (await client.query(text, values)).rows);
  const pushesOf = (confirmationId: string) =>
    sql(
      `select device_id, status, attempts, error_code from auth.confirmation_push
       where confirmation_id = $1 order by device_id`,
      [confirmationId],
    );
  const settled = (confirmationId: string, count: number) =>
    eventually(async () => {
      const rows = await pushesOf(confirmationId);
      return rows.length === count && rows.every((row) => row.status !== 'pending') && rows;
    });
  const setPushToken = async (token: string, deviceId: string, fcmToken: string) => {
    const answer = await api.put(
      '/api/v1/auth/devices/fcm-token',
      { deviceId, fcmToken },
      {
        token,
        headers: freshIpHeader(),
      },
    );
    expect(answer.status).toBe(200);
  };

  it('sends the exact message to each device with a token, removes a token FCM calls unregistered, retries a transient failure', async () => {
    const owner = await kit.userWithDevice('ES256');
    const refused = await kit.registerDevice(owner.user.token, makeKeyPair('RS256'));
    const flaky = await kit.registerDevice(owner.user.token, makeKeyPair('PS256'));
    await kit.registerDevice(owner.user.token, makeKeyPair('ES256'));
    const suffix = randomBytes(6).toString('hex');
    const tokens = { good: `good-${suffix}`, bad: `bad-${suffix}`, flaky: `flaky-${suffix}` };
    await setPushToken(owner.user.token, owner.deviceId, tokens.good);
    await setPushToken(owner.user.token, refused.deviceId, tokens.bad);
    await setPushToken(owner.user.token, flaky.deviceId, tokens.flaky);

    const { confirmationId } = await kit.initiate(owner.user.token, 'payment_approval', {
      amount: 250,
      currency: 'USD',
      recipient: 'Bob',
    });
    const rows = await settled(confirmationId, 3);
    const expectedRows = [
      { device_id: owner.deviceId, status: 'sent', attempts: 1, error_code: null },
      { device_id: refused.deviceId, status: 'failed', attempts: 1, error_code: 'invalid-token' },
      { device_id: flaky.deviceId, status: 'sent', attempts: 2, error_code: null },
    ];
    expect(rows).toEqual(expectedRows.sort((a, b) => a.device_id.localeCompare(b.device_id)));

    const delivered = fcm.messages.filter((message) => message.token === tokens.good);
    expect(delivered).toEqual([
      {
        token: tokens.good,
        notification: { title: 'Action Confirmation Required', body: 'Approve payment of 250 USD' },
        data: { type: 'confirmation_request', confirmationId, actionType: 'payment_approval' },
        android: {
          notification: {
            channel_id: 'biometric_confirmations',
            icon: 'ic_notification',
            color: '#2196F3',
            click_action: 'OPEN_CONFIRMATION',
          },
        },
        apns: { payload: { aps: { category: 'BIOMETRIC_CONFIRMATION', sound: 'default' }, action: 'CONFIRM_ACTION' } },
        webpush: {
          notification: {
            title: 'Action Confirmation Required',
            body: 'Approve payment of 250 USD',
            actions: [
              { action: 'confirm', title: 'Confirm' },
              { action: 'reject', title: 'Reject' },
            ],
          },
        },
      },
    ]);
    expect(fcm.messages.filter((message) => message.token === tokens.flaky)).toHaveLength(1);
    const [refusedDevice] = await sql('select fcm_token_encrypted from auth.device where id = $1', [refused.deviceId]);
    expect(refusedDevice).toEqual({ fcm_token_encrypted: null });

    // The removed token is not tried again; the other two are.
    const next = await kit.initiate(owner.user.token, 'purchase_order', { amount: 90, supplier: 'Acme', items: [] });
    const nextRows = await settled(next.confirmationId, 2);
    expect(nextRows.map((row) => row.status)).toEqual(['sent', 'sent']);
    const bodies = fcm.messages
      .filter((message) => (message.data as Record<string, string>).confirmationId === next.confirmationId)
      .map((message) => (message.notification as { body: string }).body);
    expect(bodies).toEqual(['Approve purchase order from Acme (90 VND)', 'Approve purchase order from Acme (90 VND)']);
  });

  it('sends again a push left pending by an instance that stopped mid-send, once', async () => {
    const owner = await kit.userWithDevice();
    const token = `good-resumed-${randomBytes(6).toString('hex')}`;
    await setPushToken(owner.user.token, owner.deviceId, token);
    const { confirmationId } = await kit.initiate(owner.user.token, 'delete_user', {});
    await settled(confirmationId, 1);
    // What an instance that died between writing the row and sending leaves behind: the row pending, and its
    // push job active since (past the job's expiry), which pg-boss's maintenance hands to another worker.
    await sql(
      `update auth.confirmation_push set status = 'pending', attempts = 0, updated_at = now() - interval '2 minutes'
       where confirmation_id = $1`,
      [confirmationId],
    );
    const revived = await sql(
      `update platform_jobs.job set state = 'active', completed_on = null, output = null,
         started_on = now() - interval '2 minutes'
       where name = 'confirmation-pushes' and data->>'id' = $1 returning id`,
      [confirmationId],
    );
    expect(revived).toHaveLength(1);
    const [resumed] = await settled(confirmationId, 1);
    expect(resumed).toMatchObject({ device_id: owner.deviceId, status: 'sent', attempts: 1 });
    await pause(1500);
    expect(fcm.messages.filter((message) => message.token === token)).toHaveLength(2);
  });

  it('initiates without error for a user with no push token, recording nothing to send', async () => {
    const { user } = await kit.userWithDevice();
    const started = await kit.initiateRaw(user.token, { actionType: 'delete_user', actionPayload: {} });
    expect(started.status).toBe(200);
    const statusOf = await kit.status(user.token, started.body.data.confirmationId);
    expect(statusOf.body.data.status).toBe('pending');
    expect(await pushesOf(started.body.data.confirmationId)).toEqual([]);
  });

  it('retries a transient failure as a pg-boss job: one job for the confirmation, completed after one retry', async () => {
    const owner = await kit.userWithDevice();
    const token = `flaky-job-${randomBytes(6).toString('hex')}`;
    await setPushToken(owner.user.token, owner.deviceId, token);
    const { confirmationId } = await kit.initiate(owner.user.token, 'delete_user', {});
    const [row] = await settled(confirmationId, 1);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    const jobs = await eventually(async () => {
      const exists = await sql(`select to_regclass('platform_jobs.job') is not null as found`, []);
      if (!exists[0]?.found) return [{ state: 'none' }];
      const found = await sql(
        `select state, retry_count from platform_jobs.job where name = 'confirmation-pushes' and data->>'id' = $1`,
        [confirmationId],
      );
      return found.every((job) => job.state === 'completed') && found;
    }).catch(() => 'no completed job');
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
  });

  it('moves a push job that keeps failing to the dead-letter queue after its retry limit, its row recorded failed', async () => {
    const owner = await kit.userWithDevice();
    const token = `down-${randomBytes(6).toString('hex')}`;
    await setPushToken(owner.user.token, owner.deviceId, token);
    const { confirmationId } = await kit.initiate(owner.user.token, 'delete_user', {});
    // Three attempts, 1-2 s then 2-4 s apart (the push queue's backoff).
    const jobsOf = (queue: string) =>
      sql(`select state, retry_count from platform_jobs.job where name = $1 and data->>'id' = $2`, [
        queue,
        confirmationId,
      ]);
    const dead = await eventually(async () => (await jobsOf('confirmation-pushes-dead')).length > 0, {
      timeoutMs: 20_000,
    }).then(() => jobsOf('confirmation-pushes-dead'));
    expect(dead).toEqual([{ state: 'created', retry_count: 0 }]);
    expect(await jobsOf('confirmation-pushes')).toEqual([{ state: 'failed', retry_count: 2 }]);
    expect(await pushesOf(confirmationId)).toEqual([
      { device_id: owner.deviceId, status: 'failed', attempts: 3, error_code: expect.any(String) },
    ]);
    expect(fcm.failures.get(token)).toBe(3);
  });
});
