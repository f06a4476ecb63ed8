import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { onDatabase } from '../../../test/database.js';
import { deviceTestKit, makeKeyPair } from '../../../test/device-kit.js';
import { startIsolatedServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import { fcmStandIn, startOneSignalStandIn, startSmtpCatcher } from '../../../test/delivery-stand-ins.js';
import { actorsOf, completedJob, inboxHolding, type Actors } from '../../../test/notifications-kit.js';
import { createSignedInUser, type TestUser } from '../../../test/users.js';
import { eventually, pause } from '../../../test/waiting.js';
import type { NotificationsContext } from './context.js';

const requestInfo = { requestId: 'queued-request', ip: '127.0.0.1', userAgent: 'test', deviceFingerprint: null };

describe.skipIf(servicesMissing)('notification jobs over in_app, e-mail and push', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let oneSignal: Awaited<ReturnType<typeof startOneSignalStandIn>>;
  let fcm: ReturnType<typeof fcmStandIn>;
  let actors: Actors;
  let users: TestUser[];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    oneSignal = await startOneSignalStandIn();
    fcm = fcmStandIn();
    server = await startIsolatedServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Platform <notify@example.test>',
      ONESIGNAL_APP_ID: 'onesignal-app',
      ONESIGNAL_API_KEY: 'onesignal-key',
      ONESIGNAL_API_URL: oneSignal.url,
      ...fcm.env,
    });
    actors = await actorsOf(server.url);
    users = [
      await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'ann' }),
      await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'ben' }),
      await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'cy' }),
    ];
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await oneSignal?.close();
    fcm?.close();
  });

  const devices = (user: TestUser) =>
    actors.api.get('/api/v1/notifications/devices', { token: user.token }).then((response) => response.body as any[]);

  it('delivers one job to 3 recipients: one inbox item each, rendered e-mails, pushes through both providers', async () => {
    const [ann, ben, cy] = users as [TestUser, TestUser, TestUser];
    const register = (user: TestUser, body: object) =>
      actors.api.post('/api/v1/notifications/devices', body, { token: user.token });
    expect((await register(ann, { device_id: 'ann-phone', fcm_token: 'good-ann' })).status).toBe(201);
    expect(
      (await register(ben, { device_id: 'ben-phone', fcm_token: 'bad-ben', provider_player_id: 'ben-player' })).status,
    ).toBe(201);
    expect((await register(cy, { device_id: 'cy-phone', provider_player_id: 'bad-cy' })).status).toBe(201);

    const job = await actors.api.post(
      '/internal/notifications/jobs',
      {
        message: 'Task T-1 was assigned to you',
        title: 'New assignment',
        targetLink: 'https://app.example.test/tasks/1',
        targetText: 'Open task',
        triggerEvent: 'task_assigned',
        emailTemplate: '<h1>Hello {{name}}</h1><p>{{message}}</p>{{#link}}',
        emailAttachments: [`${oneSignal.url}/files/report.txt`],
        notifierId: 7,
        recipients: users.map((user, index) => ({
          userId: user.id,
          email: user.email,
          channels: ['in_app', 'email', 'push'],
          context: { name: index === 0 ? '<b>Ann</b>' : `User ${index}` },
        })),
      },
      { token: actors.serviceToken },
    );
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ processedRecipients: 3 });

    const status = await completedJob(actors, job.body.jobId, 'status deliveredRecipients lastError', 20_000);
    expect(status.deliveredRecipients).toBe(3);

    for (const user of users) {
      const page = await actors.api.get('/api/v1/notifications', { token: user.token });
      expect(page.body.totalItems).toBe(1);
      expect(page.body.items[0]).toMatchObject({
        message: 'Task T-1 was assigned to you',
        targetLink: 'https://app.example.test/tasks/1',
        targetText: 'Open task',
        unread: true,
      });
    }

    expect(smtp.mails).toHaveLength(3);
    const annMail = smtp.mails.find((mail) => mail.to.includes(ann.email))!;
    expect(annMail.text).toContain('Subject: New assignment');
    expect(annMail.text).toContain('From: Platform <notify@example.test>');
    expect(annMail.text).toContain('<h1>Hello &lt;b&gt;Ann&lt;/b&gt;</h1>');
    expect(annMail.text).not.toContain('<b>Ann</b>');
    expect(annMail.text).toContain('<a href="https://app.example.test/tasks/1">Open task</a>');
    expect(annMail.text).toMatch(/filename="?report\.txt/);
    expect(smtp.mails.find((mail) => mail.to.includes(ben.email))!.text).toContain('<h1>Hello User 1</h1>');

    expect(fcm.sent).toEqual([{ token: 'good-ann', title: 'New assignment', body: 'Task T-1 was assigned to you' }]);
    const players = oneSignal.requests.flatMap((request) => request.body.include_player_ids);
    expect(players.sort()).toEqual(['bad-cy', 'ben-player']);
    expect(oneSignal.requests[0]!.authorization).toBe('Key onesignal-key');
    expect(oneSignal.requests[0]!.body).toMatchObject({
      app_id: 'onesignal-app',
      contents: { en: 'Task T-1 was assigned to you' },
    });

    const [annDevice] = await devices(ann);
    expect(annDevice).toMatchObject({ token_invalid: false, invalid_since: null });
    const [benDevice] = await devices(ben);
    expect(benDevice.token_invalid).toBe(true);
    expect(Date.parse(benDevice.invalid_since)).not.toBeNaN();
    const [cyDevice] = await devices(cy);
    expect(cyDevice.token_invalid).toBe(true);

    const renewed = await actors.api.patch(
      '/api/v1/notifications/devices/ben-phone',
      { fcm_token: 'good-ben' },
      { token: ben.token },
    );
    expect(renewed.status).toBe(200);
    const [benAfter] = await devices(ben);
    expect(benAfter).toMatchObject({ token_invalid: false, invalid_since: null, fcm_token: 'good-ben' });
  });

  it('delays delivery until scheduleAt', async () => {
    const dee = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'dee' });
    const scheduleAt = new Date(Date.now() + 3000).toISOString();
    const job = await actors.api.post(
      '/internal/notifications/jobs',
      { message: 'Later', scheduleAt, recipients: [{ userId: dee.id, channels: [] }] },
      { token: actors.serviceToken },
    );
    expect(job.status).toBe(200);
    await pause(1500);
    const early = await actors.api.get('/api/v1/notifications', { token: dee.token });
    expect(early.body.totalItems).toBe(0);
    const page = await inboxHolding(actors.api, dee.token, 1);
    expect(Date.parse(page.items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(scheduleAt) - 50);
  });

  it('tells the owner when failed logins lock the account (the auth subgraph as a producer)', async () => {
    const eve = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'eve' });
    const attacker = clientFromNewIp(server.url);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await attacker.post('/api/v1/auth/login', { email: eve.email, password: 'wrong-password' });
      expect(response.status).toBe(401);
    }
    const page = await inboxHolding(actors.api, eve.token, 1);
    expect(page.items[0].message).toContain('locked');
    const mail = await eventually(async () => smtp.mails.find((candidate) => candidate.to.includes(eve.email)));
    expect(mail.text).toContain('Subject: Account locked');
  });

  it('tells the owner when a biometric device is registered and when it is removed', async () => {
    const kit = deviceTestKit(actors.api);
    const owner = await kit.newUser();
    const { deviceId } = await kit.registerDevice(owner.token, makeKeyPair('ES256'));
    const removed = await actors.api.delete(`/api/v1/auth/devices/${deviceId}`, { token: owner.token });
    expect(removed.status).toBe(200);
    const page = await inboxHolding(actors.api, owner.token, 2);
    const messages = page.items.map((item: { message: string }) => item.message).join(' | ');
    expect(messages).toContain('was registered');
    expect(messages).toContain('was removed');
    await eventually(async () => smtp.mails.filter((mail) => mail.to.includes(owner.email)).length === 2);
  });

  it('accepts a queued request once though it is delivered twice (its worker died before completing it)', async () => {
    const dana = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'dana' });
    const notifications = server.system.subgraphs.find((subgraph) => subgraph.name === 'notifications')!;
    const jobs = () =>
      (notifications.createContext({ request: requestInfo, caller: null, authFailure: null }) as NotificationsContext)
        .notifications.jobs;
    const requestId = randomUUID();
    const request = { message: 'Once only', recipients: [{ userId: dana.id }] };
    await jobs().accept(requestId, request, 'auth');
    await jobs().accept(requestId, request, 'auth');
    const page = await inboxHolding(actors.api, dana.token, 1);
    expect(page.items[0].message).toBe('Once only');
    await pause(1500);
    expect((await inboxHolding(actors.api, dana.token, 1)).totalItems).toBe(1);
    const rows = await onDatabase(server.shared.databaseUrl, (sql) =>
      sql.query('select requested_by from notifications.notification_job where id = $1', [requestId]),
    );
    expect(rows.rows).toEqual([{ requested_by: 'auth' }]);
  });
});
