import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../../../test/delivery-stand-ins.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { actorsOf, completedJob, inboxHolding, type Actors } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../../test/users.js';
import { eventually, pause } from '../../../../test/waiting.js';

describe.skipIf(servicesMissing)('preferences per channel and trigger event (issue 30, item 3)', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let actors: Actors;
  let fay: TestUser;
  let gus: TestUser;

  const prefer = (user: TestUser, channel: string, triggerEvent: string, enabled: boolean) =>
    actors.api.put('/api/v1/notifications/preferences', { channel, triggerEvent, enabled }, { token: user.token });
  const job = async (user: TestUser, triggerEvent: string, message: string) => {
    const answer = await actors.api.post(
      '/internal/notifications/jobs',
      { message, triggerEvent, recipients: [{ userId: user.id, email: user.email, channels: ['in_app', 'email'] }] },
      { token: actors.serviceToken },
    );
    expect(answer.status).toBe(200);
    return completedJob(actors, answer.body.jobId, 'status deliveredRecipients skippedChannels');
  };
  const mailsTo = (user: TestUser, subjectPart: string) =>
    smtp.mails.filter((mail) => mail.to.includes(user.email) && mail.text.includes(subjectPart));

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startIsolatedServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'platform@example.test',
      NOTIFICATION_CRITICAL_EVENTS: 'new_sign_in,password_changed',
    });
    actors = await actorsOf(server.url);
    fay = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'fay' });
    gus = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'gus' });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('lists the channels, the critical events and the preferences set (REST and graph)', async () => {
    const empty = await actors.api.get('/api/v1/notifications/preferences', { token: fay.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      channels: ['in_app', 'email', 'push', 'web_push'],
      criticalEvents: ['new_sign_in', 'password_changed'],
      preferences: [],
    });
    const set = await prefer(fay, 'email', 'task_assigned', false);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ channel: 'email', triggerEvent: 'task_assigned', enabled: false });
    const graph = await actors.api.graphql(
      '{ myNotificationPreferences { preferences { channel triggerEvent enabled } } }',
      {},
      { token: fay.token },
    );
    expect(graph.body.data.myNotificationPreferences.preferences).toEqual([set.body]);
    const other = await actors.api.get('/api/v1/notifications/preferences', { token: gus.token });
    expect(other.body.preferences).toEqual([]);
  });

  it('refuses to mute a critical event on in_app or e-mail, an unknown channel and a missing field', async () => {
    for (const channel of ['in_app', 'email']) {
      const refused = await prefer(fay, channel, 'new_sign_in', false);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(`enabled: new_sign_in is a critical event and cannot be muted on ${channel}`);
    }
    expect((await prefer(fay, 'push', 'new_sign_in', false)).status).toBe(200);
    const channel = await prefer(fay, 'pigeon', 'x', false);
    expect(channel.status).toBe(400);
    expect(channel.body.message).toBe('channel: must be one of in_app, email, push, web_push');
    const missing = await actors.api.put(
      '/api/v1/notifications/preferences',
      { channel: 'email', triggerEvent: 'x' },
      { token: fay.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('enabled: is required');
    const stored = await actors.api.get('/api/v1/notifications/preferences', { token: fay.token });
    expect(stored.body.preferences).toHaveLength(2);
  });

  it('skips a muted channel (recorded as skipped, the job completed) and delivers the others', async () => {
    const status = await job(fay, 'task_assigned', 'Task 7 is yours');
    expect(status).toEqual({ status: 'completed', deliveredRecipients: 1, skippedChannels: 1 });
    expect((await inboxHolding(actors.api, fay.token, 1)).items[0].message).toBe('Task 7 is yours');
    await pause(300);
    expect(mailsTo(fay, 'Task 7 is yours')).toHaveLength(0);
    await job(gus, 'task_assigned', 'Task 8 is yours');
    await eventually(async () => mailsTo(gus, 'Task 8 is yours').length === 1);
  });

  it('delivers a critical event on in_app and e-mail though every event is muted there', async () => {
    for (const channel of ['in_app', 'email']) expect((await prefer(gus, channel, '*', false)).status).toBe(200);
    const muted = await job(gus, 'task_commented', 'A comment');
    expect(muted).toEqual({ status: 'completed', deliveredRecipients: 1, skippedChannels: 2 });
    const critical = await job(gus, 'new_sign_in', 'New sign-in from Firefox');
    expect(critical).toEqual({ status: 'completed', deliveredRecipients: 1, skippedChannels: 0 });
    const inbox = await inboxHolding(actors.api, gus.token, 2);
    expect(inbox.items.map((item: { message: string }) => item.message)).toEqual([
      'New sign-in from Firefox',
      'Task 8 is yours',
    ]);
    await eventually(async () => mailsTo(gus, 'New sign-in from Firefox').length === 1);
    expect(mailsTo(gus, 'A comment')).toHaveLength(0);
    // The event's own preference overrides the channel's `*`.
    expect((await prefer(gus, 'in_app', 'task_commented', true)).status).toBe(200);
    await job(gus, 'task_commented', 'Another comment');
    expect((await inboxHolding(actors.api, gus.token, 3)).items[0].message).toBe('Another comment');
  });
});
