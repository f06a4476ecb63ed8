import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachRequestFromNewIp } from '../../../../test/client-address.js';
import { httpClient, type HttpClient } from '../../../../test/client.js';
import { onDatabase } from '../../../../test/database.js';
import {
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type SharedResources,
} from '../../../../test/harness.js';
import { projectsTestKit } from '../../../../test/projects-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { startStandaloneSubgraph } from '../../../../test/standalone-subgraph.js';
import { taskBody } from '../../../../test/tasks-kit.js';
import { eventually, pause } from '../../../../test/waiting.js';
import { startWebhookReceiver, verifiedPayload, type WebhookReceiver } from '../../../../test/webhook-receiver.js';
import { createProjectsSubgraph } from '../app.js';
import { webhookEventTypes } from '../webhooks/webhook-events.js';

/**
 * Retries 1-2 s, 2-4 s and 4-8 s apart (pg-boss's jittered doubling from WEBHOOK_RETRY_DELAY_SECONDS): the day of
 * retries of production shrinks to about 14 s, so the receiver's outage in these layouts lasts a few seconds and an
 * endpoint gives up within the test; the outage of 30 s is the last block of this file.
 */
const retryEnv = { WEBHOOK_RETRY_DELAY_SECONDS: '1', WEBHOOK_RETRY_LIMIT: '3' };

interface Layout {
  name: string;
  start(shared: SharedResources, env: Record<string, string>): Promise<{ url: string; close(): Promise<void> }>;
}

const layouts: Layout[] = [
  {
    name: 'one process',
    start: (shared, env) => startTestServer(shared, env),
  },
  {
    name: 'the projects subgraph in a process of its own',
    start: async (shared, env) => {
      const subgraph = await startStandaloneSubgraph('projects', shared, createProjectsSubgraph, env);
      const edge = await startTestServer(shared, { ...env, SUBGRAPH_PROJECTS_URL: subgraph.url });
      return {
        url: edge.url,
        close: async () => {
          await edge.close();
          await subgraph.close();
        },
      };
    },
  },
];

describe.skipIf(servicesMissing).each(layouts)('webhooks ($name)', (layout) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let system: { url: string; close(): Promise<void> };
  let receiver: WebhookReceiver;
  let api: HttpClient;
  let kit: Awaited<ReturnType<typeof projectsTestKit>>;
  let manager: { token: string; id: number };
  let writer: Awaited<ReturnType<Awaited<ReturnType<typeof projectsTestKit>>['employee']>>;
  let customerId: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    database = await createTestDatabase();
    // Only the receiver's own port on loopback is allowed: every other loopback target stays refused.
    const env = { ...retryEnv, WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` };
    system = await layout.start(newSharedResources(database.url), env);
    api = eachRequestFromNewIp(httpClient(system.url));
    kit = await projectsTestKit(api);
    const made = await kit.user(['webhooks:manage']);
    manager = { token: made.token, id: made.id };
    writer = await kit.employee([
      'projects:write',
      'projects:read',
      'projects:approve',
      'tasks:write',
      'tasks:read',
      'comments:write',
    ]);
    customerId = (await kit.customer('Acme Steel')).id;
  }, 60_000);
  afterAll(async () => {
    await system?.close();
    await database?.drop();
    await receiver?.stop();
  });

  const register = (body: Record<string, unknown>, token = manager.token) =>
    api.post('/api/v1/webhooks', body, { token });

  async function newProject(extra: Record<string, unknown> = {}) {
    const created = await api.post('/api/v1/projects', kit.projectBody(customerId, extra), { token: writer.token });
    expect(created.status).toBe(201);
    return created.body as { id: string; uniqueCode: string };
  }

  async function newTask(projectCode: string, extra: Record<string, unknown> = {}) {
    const created = await api.post('/api/v1/tasks', taskBody(projectCode, writer.department.id, extra), {
      token: writer.token,
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; unique_code: string };
  }

  /** The deliveries of `path` that the receiver got, verified with the endpoint's secret. */
  const deliveriesTo = (path: string, secret: string) =>
    receiver.received
      .filter((delivery) => delivery.path === path)
      .map((delivery) => ({
        id: String(delivery.headers['webhook-id']),
        payload: verifiedPayload(delivery, secret) as {
          type: string;
          data: Record<string, unknown>;
          previous?: object;
        },
      }));

  it('registers, lists, updates, rotates and deletes endpoints for holders of webhooks:manage only', async () => {
    const created = await register({ url: receiver.url('/manage'), events: ['task.created'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: receiver.url('/manage'), events: ['task.created'], projectId: null });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.headers.get('cache-control')).toContain('no-store');

    const nobody = await kit.user([]);
    expect((await register({ url: receiver.url('/x'), events: ['task.created'] }, nobody.token)).status).toBe(403);
    expect((await api.get('/api/v1/webhooks', { token: nobody.token })).status).toBe(403);
    expect((await register({ url: receiver.url('/x'), events: ['task.created'] }, kit.adminToken)).status).toBe(201);

    const bad = await register({ url: receiver.url('/x'), events: ['task.exploded'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^events\.0: must be one of/);
    const unknownProject = await register({ url: receiver.url('/x'), events: ['task.created'], projectId: 'PRJ-0' });
    expect(unknownProject.body).toMatchObject({ message: 'projectId: project not found', statusCode: 400 });

    const listed = await api.get('/api/v1/webhooks', { token: manager.token });
    expect(listed.status).toBe(200);
    const shown = listed.body.data.find((endpoint: { id: string }) => endpoint.id === created.body.id);
    expect(shown).toMatchObject({ url: receiver.url('/manage'), status: 'active' });
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');

    const project = await newProject();
    const updated = await api.patch(
      `/api/v1/webhooks/${created.body.id}`,
      { events: ['task.created', 'task.deleted'], projectId: project.uniqueCode },
      { token: manager.token },
    );
    expect(updated.body).toMatchObject({ events: ['task.created', 'task.deleted'], projectId: project.id });

    const rotated = await api.post(`/api/v1/webhooks/${created.body.id}/rotate`, undefined, { token: manager.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const grace = Date.parse(rotated.body.previousSecretExpiresAt) - Date.now();
    expect(grace).toBeGreaterThan(23.9 * 3600_000);
    expect(grace).toBeLessThanOrEqual(24 * 3600_000);

    // Both secrets verify while the grace lasts: the receiver may switch whenever it likes.
    await newTask(project.uniqueCode);
    const [delivery] = await eventually(async () => {
      const got = receiver.received.filter((entry) => entry.path === '/manage');
      return got.length === 1 && got;
    });
    expect(verifiedPayload(delivery!, rotated.body.secret)).toMatchObject({ type: 'task.created' });
    expect(verifiedPayload(delivery!, created.body.secret)).toMatchObject({ type: 'task.created' });

    const deleted = await api.delete(`/api/v1/webhooks/${created.body.id}`, { token: manager.token });
    expect(deleted.body).toEqual({ message: 'Webhook deleted' });
    expect((await api.delete(`/api/v1/webhooks/${created.body.id}`, { token: manager.token })).status).toBe(404);
  });

  it('refuses loopback, private, link-local (metadata) and non-web targets at registration', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost:9/hook',
      'http://[::1]/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const refused = await register({ url, events: ['task.created'] });
      expect(refused.body, url).toMatchObject({
        message: 'url: must not be a private, loopback or link-local address',
        statusCode: 400,
      });
    }
    expect((await register({ url: 'ftp://example.com/hook', events: ['task.created'] })).body).toMatchObject({
      message: 'url: must be an http or https URL',
      statusCode: 400,
    });
    const listed = await api.get('/api/v1/webhooks', { token: manager.token });
    expect(listed.body.data.filter((endpoint: { url: string }) => !endpoint.url.startsWith(receiver.url('')))).toEqual(
      [],
    );
  });

  it('delivers each event once, signed, after a receiver outage, with the record and the previous values', async () => {
    const endpoint = await register({ url: receiver.url('/all'), events: [...webhookEventTypes] });
    const secret = endpoint.body.secret as string;
    await receiver.stop();

    const project = await newProject();
    await api.patch(
      `/api/v1/projects/${project.uniqueCode}`,
      { name: 'Bridge retrofit, phase 2' },
      { token: writer.token },
    );
    await api.post(`/api/v1/projects/${project.uniqueCode}/approve`, undefined, { token: writer.token });
    const task = await newTask(project.uniqueCode);
    await api.patch(`/api/v1/tasks/${task.unique_code}`, { name: 'Weld the side beam' }, { token: writer.token });
    await api.put(`/api/v1/tasks/${task.unique_code}/status`, { status: 'done' }, { token: writer.token });
    const comment = await api.post(
      `/api/v1/tasks/${task.unique_code}/comments`,
      { content: 'Done' },
      { token: writer.token },
    );
    expect(comment.status).toBe(201);
    const commentId = comment.body.id as string;
    const liked = await api.post(
      `/api/v1/tasks/${task.unique_code}/comments/toggle-like`,
      { commentId, type: 'like' },
      { token: writer.token },
    );
    expect(liked.status).toBe(200);
    await api.delete(`/api/v1/tasks/${task.unique_code}/comments/${commentId}`, { token: writer.token });
    const bulk = await api.post(
      '/api/v1/tasks/bulk',
      { tasks: [1, 2, 3].map((n) => taskBody(project.uniqueCode, writer.department.id, { name: `Bulk ${n}` })) },
      { token: writer.token },
    );
    expect(bulk.status).toBe(201);
    await api.delete(`/api/v1/tasks/${task.unique_code}`, { token: writer.token });
    await api.delete(`/api/v1/projects/${project.uniqueCode}`, { token: writer.token });
    await pause(1000);
    await receiver.start();

    const expected = [
      'project.created',
      'project.updated',
      'project.updated',
      'project.approved',
      'task.created',
      'task.updated',
      'task.status_changed',
      'comment.added',
      'reaction.changed',
      'comment.deleted',
      'task.created',
      'task.created',
      'task.created',
      'task.deleted',
      'project.deleted',
    ];
    const delivered = await eventually(
      async () => {
        const got = deliveriesTo('/all', secret);
        return got.length >= expected.length && got;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    await pause(1500);
    const all = deliveriesTo('/all', secret);
    expect(all).toHaveLength(expected.length);
    expect(new Set(all.map((delivery) => delivery.id)).size).toBe(expected.length);
    expect(delivered.map((delivery) => delivery.payload.type).sort()).toEqual([...expected].sort());

    const byType = (type: string) => all.filter((delivery) => delivery.payload.type === type).map((d) => d.payload);
    expect(byType('task.updated')[0]).toMatchObject({
      data: { unique_code: task.unique_code, name: 'Weld the side beam', project_id: project.id },
      previous: { name: 'Weld the main beam' },
    });
    expect(byType('task.status_changed')[0]).toMatchObject({ data: { status: 'done' }, previous: { status: 'todo' } });
    expect(byType('project.updated')).toContainEqual(
      expect.objectContaining({ previous: { name: 'Bridge retrofit' } }),
    );
    expect(byType('project.updated')).toContainEqual(expect.objectContaining({ previous: { status: 'pending' } }));
    expect(byType('reaction.changed')[0]).toMatchObject({
      data: { commentId, reaction: 'like', likes: 1, dislikes: 0 },
      previous: { reaction: '', likes: 0 },
    });
    expect(byType('comment.added')[0]).toMatchObject({ data: { id: commentId, content: 'Done' } });
    expect(byType('comment.added')[0]!.data).not.toHaveProperty('userReaction');

    const log = await api.get(`/api/v1/webhooks/${endpoint.body.id}/deliveries?limit=100`, { token: manager.token });
    expect(log.body.meta.total).toBe(expected.length);
    for (const entry of log.body.data) {
      expect(entry).toMatchObject({ status: 'delivered', responseCode: 204 });
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    }
    // The first events met the outage: their log counts the failed attempts before the one that delivered.
    expect(Math.max(...log.body.data.map((entry: { attempts: number }) => entry.attempts))).toBeGreaterThan(1);
  }, 60_000);

  it('sends nothing for a change that rolls back after its events were queued', async () => {
    const endpoint = await register({ url: receiver.url('/rollback'), events: ['task.created'] });
    const project = await newProject();
    // A deferred constraint fails at COMMIT, after the change queued its events in the same transaction.
    await onDatabase(database.url, async (sql) => {
      await sql.query(`create function projects.refuse_doomed() returns trigger language plpgsql as $$
        begin if new.name = 'Doomed' then raise exception 'doomed task'; end if; return new; end $$`);
      await sql.query(`create constraint trigger refuse_doomed after insert on projects.task
        deferrable initially deferred for each row execute function projects.refuse_doomed()`);
    });
    const refused = await api.post(
      '/api/v1/tasks',
      taskBody(project.uniqueCode, writer.department.id, { name: 'Doomed' }),
      {
        token: writer.token,
      },
    );
    expect(refused.status).toBe(500);
    await newTask(project.uniqueCode, { name: 'Survivor' });

    const secret = endpoint.body.secret as string;
    await eventually(async () => deliveriesTo('/rollback', secret).length === 1);
    await pause(1500);
    expect(deliveriesTo('/rollback', secret).map((delivery) => delivery.payload.data.name)).toEqual(['Survivor']);
  });

  it('replays a delivery from the log: the same body and webhook-id, signed anew', async () => {
    const endpoint = await register({ url: receiver.url('/replay'), events: ['project.created'] });
    const secret = endpoint.body.secret as string;
    await newProject({ name: 'Replayed' });
    const [first] = await eventually(async () => {
      const got = deliveriesTo('/replay', secret);
      return got.length === 1 && got;
    });
    // The receiver has the delivery a moment before the worker records its answer in the log.
    const logged = await eventually(async () => {
      const log = await api.get(`/api/v1/webhooks/${endpoint.body.id}/deliveries`, { token: manager.token });
      return log.body.data[0]?.status === 'delivered' && log.body.data[0];
    });
    expect(logged).toMatchObject({ id: first!.id, eventType: 'project.created', status: 'delivered', attempts: 1 });

    const replayed = await api.post(`/api/v1/webhooks/${endpoint.body.id}/deliveries/${logged.id}/replay`, undefined, {
      token: manager.token,
    });
    expect(replayed.status).toBe(202);
    const again = await eventually(async () => {
      const got = deliveriesTo('/replay', secret);
      return got.length === 2 && got;
    });
    expect(again[1]!.id).toBe(first!.id);
    expect(again[1]!.payload).toEqual(first!.payload);
    await eventually(async () => {
      const after = await api.get(`/api/v1/webhooks/${endpoint.body.id}/deliveries`, { token: manager.token });
      return after.body.data[0].attempts === 2 && after.body.data[0].status === 'delivered';
    });
    const unknown = await api.post(
      `/api/v1/webhooks/${endpoint.body.id}/deliveries/${endpoint.body.id}/replay`,
      undefined,
      {
        token: manager.token,
      },
    );
    expect(unknown.status).toBe(404);
  });

  it('never follows a redirect at delivery, and marks an endpoint failing once its retries are spent, telling its admin', async () => {
    const redirected = await register({ url: receiver.url('/redirect'), events: ['project.created'] });
    const broken = await register({ url: receiver.url('/broken'), events: ['project.created'] });
    await newProject({ name: 'Unlucky' });

    await eventually(
      async () => {
        const endpoints = (await api.get('/api/v1/webhooks', { token: manager.token })).body.data as {
          id: string;
          status: string;
        }[];
        const failing = endpoints.filter((endpoint) => endpoint.status === 'failing').map((endpoint) => endpoint.id);
        return failing.includes(broken.body.id) && failing.includes(redirected.body.id);
      },
      { timeoutMs: 40_000, intervalMs: 500 },
    );
    const log = await api.get(`/api/v1/webhooks/${broken.body.id}/deliveries`, { token: manager.token });
    expect(log.body.data[0]).toMatchObject({ status: 'failed', attempts: 4, responseCode: 500, error: 'answered 500' });
    const redirects = await api.get(`/api/v1/webhooks/${redirected.body.id}/deliveries`, { token: manager.token });
    expect(redirects.body.data[0]).toMatchObject({ status: 'failed', responseCode: 302 });
    expect(receiver.received.filter((delivery) => delivery.path === '/redirect')).toHaveLength(4);
    expect(receiver.received.some((delivery) => delivery.path.startsWith('/latest'))).toBe(false);

    const inbox = await eventually(async () => {
      const answer = await api.graphql(`{ myNotifications(limit: 50) { items { message targetText } } }`, undefined, {
        token: manager.token,
      });
      const items = answer.body.data?.myNotifications.items as { message: string }[] | undefined;
      const notices = items?.filter((item) => item.message.includes('is marked failing')) ?? [];
      return notices.length >= 2 && notices;
    });
    expect(inbox.map((item) => item.message).join('\n')).toContain(receiver.url('/broken'));
  }, 60_000);
});

/**
 * The outage, for real: the receiver is down 30 s while the changes happen. Retries at a fixed 2 s cadence
 * (WEBHOOK_RETRY_BACKOFF=false; 20 retries span 40 s), so each event arrives within seconds of the receiver's return
 * and the test stays under a minute; production's doubling cadence is the same retry path with other delays.
 */
describe.skipIf(servicesMissing)('webhooks after a receiver outage of 30 s (one process)', () => {
  const outageMs = 30_000;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let system: { url: string; close(): Promise<void> };
  let receiver: WebhookReceiver;
  let api: HttpClient;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    database = await createTestDatabase();
    system = await startTestServer(newSharedResources(database.url), {
      WEBHOOK_RETRY_BACKOFF: 'false',
      WEBHOOK_RETRY_DELAY_SECONDS: '2',
      WEBHOOK_RETRY_LIMIT: '20',
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
    });
    api = eachRequestFromNewIp(httpClient(system.url));
  }, 60_000);
  afterAll(async () => {
    await system?.close();
    await database?.drop();
    await receiver?.stop();
  });

  it('sees each event once, verified, after the receiver was down for 30 s', async () => {
    const kit = await projectsTestKit(api);
    const manager = await kit.user(['webhooks:manage']);
    const writer = await kit.employee(['projects:write', 'projects:read', 'tasks:write', 'tasks:read']);
    const customerId = (await kit.customer('Acme Steel')).id;
    const endpoint = await api.post(
      '/api/v1/webhooks',
      { url: receiver.url('/outage'), events: [...webhookEventTypes] },
      { token: manager.token },
    );
    expect(endpoint.status).toBe(201);
    const secret = endpoint.body.secret as string;

    await receiver.stop();
    const downSince = Date.now();
    const project = await api.post('/api/v1/projects', kit.projectBody(customerId), { token: writer.token });
    expect(project.status).toBe(201);
    const code = project.body.uniqueCode as string;
    const task = await api.post('/api/v1/tasks', taskBody(code, writer.department.id), { token: writer.token });
    expect(task.status).toBe(201);
    const taskCode = task.body.unique_code as string;
    await api.patch(`/api/v1/tasks/${taskCode}`, { name: 'Weld the side beam' }, { token: writer.token });
    await api.put(`/api/v1/tasks/${taskCode}/status`, { status: 'done' }, { token: writer.token });
    await api.delete(`/api/v1/tasks/${taskCode}`, { token: writer.token });
    // A change near the end of the outage too: its first attempt fails as well.
    await pause(outageMs - 5_000 - (Date.now() - downSince));
    await api.patch(`/api/v1/projects/${code}`, { name: 'Bridge retrofit, phase 2' }, { token: writer.token });
    await pause(outageMs - (Date.now() - downSince));
    expect(receiver.received.filter((delivery) => delivery.path === '/outage')).toHaveLength(0);
    await receiver.start();
    const downFor = Date.now() - downSince;

    const expected = [
      'project.created',
      'task.created',
      'task.updated',
      'task.status_changed',
      'task.deleted',
      'project.updated',
    ];
    const at = (path: string) => receiver.received.filter((delivery) => delivery.path === path);
    await eventually(async () => at('/outage').length >= expected.length, { timeoutMs: 12_000, intervalMs: 200 });
    await pause(2_500);
    const deliveries = at('/outage');
    const payloads = deliveries.map((delivery) => verifiedPayload(delivery, secret) as { type: string });
    expect(payloads.map((payload) => payload.type).sort()).toEqual([...expected].sort());
    expect(new Set(deliveries.map((delivery) => delivery.headers['webhook-id'])).size).toBe(expected.length);
    expect(downFor).toBeGreaterThanOrEqual(outageMs);

    const log = await api.get(`/api/v1/webhooks/${endpoint.body.id}/deliveries?limit=100`, { token: manager.token });
    const attempts = (log.body.data as { status: string; attempts: number }[]).map((entry) => {
      expect(entry.status).toBe('delivered');
      return entry.attempts;
    });
    // The first change's delivery failed for the whole outage: about one attempt per 2 s (polling adds a little).
    expect(Math.max(...attempts)).toBeGreaterThanOrEqual(8);
  }, 60_000);
});
