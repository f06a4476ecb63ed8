import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import { actorsOf, completedJob, inboxHolding, type Actors } from '../../../test/notifications-kit.js';
import { createSignedInUser, type TestUser } from '../../../test/users.js';

describe.skipIf(servicesMissing)('notification REST paths', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let actors: Actors;
  let alice: TestUser;
  let bob: TestUser;
  const api = () => actors.api;
  const asService = () => ({ token: actors.serviceToken });

  beforeAll(async () => {
    server = await startIsolatedServer();
    actors = await actorsOf(server.url);
    alice = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'alice' });
    bob = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'bob' });
  });
  afterAll(async () => server?.close());

  it('registers a device (201), updates it by device_id (200) and lists it with the user from the graph', async () => {
    const body = { device_id: 'phone-1', device_name: 'Pixel', device_type: 'android', fcm_token: 'fcm-a' };
    const first = await api().post('/api/v1/notifications/devices', body, { token: alice.token });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: 'Device registered successfully' });
    const again = await api().post(
      '/api/v1/notifications/devices',
      { device_id: 'phone-1', provider_player_id: 'player-1' },
      { token: alice.token },
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: 'Device updated successfully' });
    const list = await api().get('/api/v1/notifications/devices', { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const [device] = list.body;
    expect(device).toMatchObject({
      device_id: 'phone-1',
      device_name: 'Pixel',
      device_type: 'android',
      fcm_token: 'fcm-a',
      provider_player_id: 'player-1',
      token_invalid: false,
      invalid_since: null,
      user_id: alice.id,
      user: { id: alice.id, email: alice.email, emailVerified: false, mfaEnabled: false, status: 'active' },
    });
    expect(Object.keys(device.user).sort()).toEqual(
      ['createdAt', 'email', 'emailVerified', 'id', 'mfaEnabled', 'status', 'updatedAt'].sort(),
    );
    expect(Date.parse(device.created_at)).not.toBeNaN();
    const bobs = await api().get('/api/v1/notifications/devices', { token: bob.token });
    expect(bobs.body).toEqual([]);
  });

  it('refuses a device without device_id, unknown fields and anonymous callers', async () => {
    const missing = await api().post('/api/v1/notifications/devices', { device_name: 'x' }, { token: alice.token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^device_id: /);
    const unknown = await api().post(
      '/api/v1/notifications/devices',
      { device_id: 'a', admin: true },
      { token: alice.token },
    );
    expect(unknown.status).toBe(400);
    const anonymous = await api().get('/api/v1/notifications/devices');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.statusCode).toBe(401);
  });

  it('updates the tokens of a device; unknown device 404, unknown key 400', async () => {
    await api().post('/api/v1/notifications/devices', { device_id: 'tab-1' }, { token: bob.token });
    const updated = await api().patch(
      '/api/v1/notifications/devices/tab-1',
      { fcm_token: 'fcm-new', provider_player_id: 'player-new' },
      { token: bob.token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ message: 'Device updated successfully' });
    const list = await api().get('/api/v1/notifications/devices', { token: bob.token });
    expect(list.body[0]).toMatchObject({ fcm_token: 'fcm-new', provider_player_id: 'player-new' });
    const otherUsers = await api().patch(
      '/api/v1/notifications/devices/tab-1',
      { fcm_token: 'x' },
      { token: alice.token },
    );
    expect(otherUsers.status).toBe(404);
    expect(otherUsers.body).toEqual({ message: 'Device not found', statusCode: 404 });
    const badKey = await api().patch('/api/v1/notifications/devices/tab-1', { colour: 'red' }, { token: bob.token });
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toBe('colour: unknown field');
    const notString = await api().patch('/api/v1/notifications/devices/tab-1', { fcm_token: 5 }, { token: bob.token });
    expect(notString.status).toBe(400);
  });

  it('creates notifications internally (201), lists them bare with paging, marks one and all read', async () => {
    const one = await api().post(
      '/internal/notifications',
      { userId: alice.id, message: 'Hello Alice', targetLink: '/projects/1', targetText: 'Open' },
      asService(),
    );
    expect(one.status).toBe(201);
    expect(one.body).toEqual({ message: 'Notification created successfully' });
    const bulk = await api().post(
      '/internal/notifications/bulk',
      [
        { userId: alice.id, message: 'Second', targetLink: 'https://example.test/x' },
        { userId: alice.id, message: 'Third' },
        { userId: bob.id, message: 'For Bob' },
      ],
      asService(),
    );
    expect(bulk.status).toBe(201);
    expect(typeof bulk.body.message).toBe('string');
    const page = await api().get('/api/v1/notifications?page=1&limit=2', { token: alice.token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ currentPage: 1, totalItems: 3, totalPages: 2, unreadCount: 3 });
    expect(page.body.items).toHaveLength(2);
    expect(Object.keys(page.body.items[0]).sort()).toEqual(
      ['createdAt', 'id', 'message', 'readAt', 'targetLink', 'targetText', 'unread'].sort(),
    );
    const defaults = await api().get('/api/v1/notifications', { token: alice.token });
    expect(defaults.body).toMatchObject({ currentPage: 1, totalItems: 3, totalPages: 1 });
    const hello = defaults.body.items.find((item: any) => item.message === 'Hello Alice');
    expect(hello).toMatchObject({ targetLink: '/projects/1', targetText: 'Open', unread: true, readAt: null });

    const read = await api().patch(`/api/v1/notifications/${hello.id}/read`, undefined, { token: alice.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: hello.id, unread: false });
    expect(Date.parse(read.body.readAt)).not.toBeNaN();
    const bobReads = await api().patch(`/api/v1/notifications/${hello.id}/read`, undefined, { token: bob.token });
    expect(bobReads.status).toBe(404);
    expect(bobReads.body).toEqual({ message: 'Notification not found', statusCode: 404 });
    const garbage = await api().patch('/api/v1/notifications/not-a-uuid/read', undefined, { token: alice.token });
    expect(garbage.status).toBe(404);

    const all = await api().post('/api/v1/notifications/read-all', undefined, { token: alice.token });
    expect(all.status).toBe(200);
    expect(typeof all.body.message).toBe('string');
    const after = await api().get('/api/v1/notifications', { token: alice.token });
    expect(after.body.unreadCount).toBe(0);
    const bobsPage = await api().get('/api/v1/notifications', { token: bob.token });
    expect(bobsPage.body).toMatchObject({ totalItems: 1, unreadCount: 1 });
  });

  it('marks read idempotently: ten concurrent mark-reads answer the first read time, the count drops by one', async () => {
    const dave = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'dave' });
    const rounds = 5;
    const bodies = Array.from({ length: rounds + 1 }, (_, index) => ({ userId: dave.id, message: `Item ${index}` }));
    expect((await api().post('/internal/notifications/bulk', bodies, asService())).status).toBe(201);
    const { items } = (await api().get('/api/v1/notifications', { token: dave.token })).body;
    // Several rounds, each of ten at once, so that a read-then-write race shows whatever the scheduling.
    for (const [round, target] of items.slice(0, rounds).entries()) {
      const reads = await Promise.all(
        Array.from({ length: 10 }, () =>
          api().patch(`/api/v1/notifications/${target.id}/read`, undefined, { token: dave.token }),
        ),
      );
      expect(reads.map((read) => read.status)).toEqual(Array(10).fill(200));
      const readAts = new Set(reads.map((read) => read.body.readAt));
      expect([...readAts], `round ${round}`).toHaveLength(1);
      const after = await api().get('/api/v1/notifications', { token: dave.token });
      expect(after.body.unreadCount, `round ${round}`).toBe(rounds - round);
      const stored = after.body.items.find((item: { id: string }) => item.id === target.id);
      expect(stored).toMatchObject({ unread: false, readAt: reads[0]!.body.readAt });
      const later = await api().patch(`/api/v1/notifications/${target.id}/read`, undefined, { token: dave.token });
      expect(later.body.readAt).toBe(reads[0]!.body.readAt);
    }
  });

  it('refuses out-of-range paging with 400, never clamps', async () => {
    for (const query of ['page=0', 'limit=0', 'limit=101', 'page=abc', 'limit=2.5']) {
      const response = await api().get(`/api/v1/notifications?${query}`, { token: alice.token });
      expect(response.status, query).toBe(400);
      expect(response.body.statusCode).toBe(400);
    }
    const max = await api().get('/api/v1/notifications?limit=100', { token: alice.token });
    expect(max.status).toBe(200);
  });

  it('refuses unsafe target links and malformed internal bodies with 400', async () => {
    for (const targetLink of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.test/x',
      'ftp://x.test/a',
      'relative/path',
    ]) {
      const response = await api().post(
        '/internal/notifications',
        { userId: alice.id, message: 'x', targetLink },
        asService(),
      );
      expect(response.status, targetLink).toBe(400);
      expect(response.body.message).toMatch(/^targetLink: /);
      expect(response.body.message).not.toContain(targetLink);
    }
    const noMessage = await api().post('/internal/notifications', { userId: alice.id }, asService());
    expect(noMessage.status).toBe(400);
    const noRecipients = await api().post(
      '/internal/notifications/jobs',
      { message: 'x', recipients: [] },
      asService(),
    );
    expect(noRecipients.status).toBe(400);
    expect(noRecipients.body.message).toMatch(/^recipients: /);
    const badChannel = await api().post(
      '/internal/notifications/jobs',
      { message: 'x', recipients: [{ userId: alice.id, channels: ['pigeon'] }] },
      asService(),
    );
    expect(badChannel.status).toBe(400);
    const emptyBulk = await api().post('/internal/notifications/bulk', [], asService());
    expect(emptyBulk.status).toBe(400);
  });

  it('refuses a user token on every internal path with 403 and no token with 401', async () => {
    const paths: [string, unknown][] = [
      ['/internal/notifications/jobs', { message: 'x', recipients: [{ userId: alice.id }] }],
      ['/internal/notifications', { userId: alice.id, message: 'x' }],
      ['/internal/notifications/bulk', [{ userId: alice.id, message: 'x' }]],
    ];
    for (const [path, body] of paths) {
      const asUser = await api().post(path, body, { token: alice.token });
      expect(asUser.status, path).toBe(403);
      expect(asUser.body).toEqual({ message: 'Service token required', statusCode: 403 });
      const asAdmin = await api().post(path, body, { token: actors.adminToken });
      expect(asAdmin.status, path).toBe(403);
      const anonymous = await api().post(path, body);
      expect(anonymous.status, path).toBe(401);
    }
  });

  it('accepts a job durably and delivers it in-app (no channels: in_app); its state is visible in the graph', async () => {
    const carol = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'carol' });
    const response = await api().post(
      '/internal/notifications/jobs',
      { message: 'Job for Carol', triggerEvent: 'test_event', recipients: [{ userId: carol.id }] },
      asService(),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ jobId: expect.any(String), message: expect.any(String), processedRecipients: 1 });
    const page = await inboxHolding(api(), carol.token, 1);
    expect(page.items[0].message).toBe('Job for Carol');
    const state = await completedJob(actors, response.body.jobId, 'status recipients deliveredRecipients attempts');
    expect(state).toEqual({ status: 'completed', recipients: 1, deliveredRecipients: 1, attempts: 1 });
    const userAsks = await api().graphql(
      'query ($id: ID!) { notificationJob(id: $id) { status } }',
      { id: response.body.jobId },
      { token: carol.token },
    );
    expect(userAsks.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
