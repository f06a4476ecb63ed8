import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionalGets } from '../../../../test/conditional-kit.js';
import { startCountedServer } from '../../../../test/counted-server.js';
import { servicesMissing } from '../../../../test/services.js';
import { taskBoardOn } from '../../../../test/tasks-kit.js';
import { eventually } from '../../../../test/waiting.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/webhook-receiver.js';

interface Endpoint {
  id: string;
  status: string;
}

interface Delivery {
  id: string;
  status: string;
  attempts: number;
}

/**
 * Issue 28, item 3: a 304 of the webhook endpoints and of an endpoint's delivery log costs one statement. Each
 * endpoint's and delivery's version is its `updatedAt`: every write sets it, an endpoint's status turned `failing` by
 * its spent retries and `active` again by a delivery included, and each attempt and replay of a delivery. The workers'
 * own statements are left out of the count (test/counted-server.ts), the version statements are counted.
 */
describe.skipIf(servicesMissing)('conditional GETs of webhooks cost one statement', () => {
  let receiver: WebhookReceiver;
  let counted: Awaited<ReturnType<typeof startCountedServer>>;
  let board: Awaited<ReturnType<typeof taskBoardOn>>;
  let manager: { token: string };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // Two attempts 2-4 s apart (time to see the first one's log), then the delivery fails and its endpoint is failing.
    counted = await startCountedServer({
      WEBHOOK_RETRY_DELAY_SECONDS: '2',
      WEBHOOK_RETRY_LIMIT: '1',
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
    });
    board = await taskBoardOn(counted.server.url, ['projects:write', 'projects:read']);
    manager = await board.kit.user(['webhooks:manage']);
  }, 60_000);
  afterAll(async () => {
    await counted?.close();
    await receiver?.stop();
  });

  const { get, expectCheap304, expectChanged } = conditionalGets({
    counted: () => counted,
    api: () => board.api,
    token: () => manager.token,
    wholeRow: /select \*|\.\*|"url"|"events"|"secret|"body"|"error"/,
  });

  const register = async (path: string, events = ['project.created']) => {
    const created = await board.api.post(
      '/api/v1/webhooks',
      { url: receiver.url(path), events },
      { token: manager.token },
    );
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const statusOf = async (id: string) =>
    ((await get('/api/v1/webhooks')).body.data as Endpoint[]).find((endpoint) => endpoint.id === id)?.status;

  it('follows each endpoint, its status included, and each delivery, its attempts and replays included', async () => {
    const list = '/api/v1/webhooks';
    let listTag = await expectCheap304(list);
    const endpoint = await register('/conditional');
    listTag = await expectChanged(list, listTag);
    const log = `/api/v1/webhooks/${endpoint}/deliveries`;
    let logTag = await expectCheap304(log);

    // The receiver is down: the event's delivery is logged, each attempt recorded, then the endpoint is failing.
    await receiver.stop();
    await board.project();
    const first = await eventually(async () => {
      const answer = await get(log);
      const [delivery] = answer.body.data as Delivery[];
      return delivery?.attempts === 1 && delivery.status === 'retrying' && answer;
    });
    expect((await get(log, { 'if-none-match': logTag })).status).toBe(200);
    await eventually(async () => (await statusOf(endpoint)) === 'failing', { timeoutMs: 20_000 });
    // Its creator is told in the inbox: the platform's own delivery of that notice must not land in a 304's count.
    await eventually(async () => {
      const answer = await board.api.graphql(`{ myNotifications(limit: 10) { items { message } } }`, undefined, {
        token: manager.token,
      });
      const items = (answer.body.data?.myNotifications.items ?? []) as { message: string }[];
      return items.some((item) => item.message.includes('is marked failing'));
    });
    const [failed] = (await get(log)).body.data as Delivery[];
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    // The second attempt alone changed the log's tag; the status alone changed the list's (no other write of it).
    expect((await get(log, { 'if-none-match': first.headers.get('etag')! })).status).toBe(200);
    logTag = await expectChanged(log, logTag);
    listTag = await expectChanged(list, listTag);

    // A replay once the receiver is back: the delivery is delivered, the endpoint active again.
    await receiver.start();
    const replay = await board.api.post(`${log}/${failed!.id}/replay`, {}, { token: manager.token });
    expect(replay.status).toBe(202);
    await eventually(async () => (await statusOf(endpoint)) === 'active', { timeoutMs: 20_000 });
    expect(((await get(log)).body.data as Delivery[])[0]).toMatchObject({ status: 'delivered', attempts: 3 });
    logTag = await expectChanged(log, logTag);
    listTag = await expectChanged(list, listTag);

    // A change of the endpoint changes the list, not its log; another endpoint's change changes the list only.
    await board.api.patch(`/api/v1/webhooks/${endpoint}`, { events: ['project.updated'] }, { token: manager.token });
    listTag = await expectChanged(list, listTag);
    expect((await get(log, { 'if-none-match': logTag })).status).toBe(304);
    const other = await register('/other', ['project.created', 'project.updated']);
    listTag = await expectChanged(list, listTag);
    const rotated = await board.api.post(`/api/v1/webhooks/${other}/rotate`, {}, { token: manager.token });
    expect(rotated.status).toBe(200);
    listTag = await expectChanged(list, listTag);

    // A new delivery moves the log's window and total.
    const { uniqueCode } = await board.project();
    await board.api.patch(`/api/v1/projects/${uniqueCode}`, { description: 'Changed' }, { token: board.writer.token });
    const delivered = async () =>
      ((await get(log)).body.data as Delivery[]).filter((row) => row.status === 'delivered');
    await eventually(async () => (await delivered()).length === 2);
    logTag = await expectChanged(log, logTag);
    for (const query of ['?limit=1', '?page=2&limit=1', '?page=9']) await expectCheap304(`${log}${query}`);

    expect((await board.api.delete(`/api/v1/webhooks/${other}`, { token: manager.token })).status).toBe(200);
    await expectChanged(list, listTag);
  }, 90_000);

  it('never answers 304 to a caller the read refuses, nor for an unknown or deleted endpoint', async () => {
    const endpoint = await register('/refusals', ['project.deleted']);
    const log = `/api/v1/webhooks/${endpoint}/deliveries`;
    const listTag = await expectCheap304('/api/v1/webhooks');
    const logTag = await expectCheap304(log);
    for (const [path, tag] of [
      ['/api/v1/webhooks', listTag],
      [log, logTag],
    ] as const) {
      for (const sent of [tag, '*']) {
        expect((await get(path, { 'if-none-match': sent }, board.nobody.token)).status).toBe(403);
        expect((await get(path, { 'if-none-match': sent }, board.writer.token)).status).toBe(403);
        expect((await board.api.get(path, { headers: { 'if-none-match': sent } })).status).toBe(401);
      }
    }
    for (const sent of [logTag, '*']) {
      const unknown = await get(`/api/v1/webhooks/${randomUUID()}/deliveries`, { 'if-none-match': sent });
      expect(unknown.status).toBe(404);
      expect((await get('/api/v1/webhooks/nope/deliveries', { 'if-none-match': sent })).status).toBe(404);
      expect((await get(`${log}?limit=0`, { 'if-none-match': sent })).status).toBe(400);
    }
    expect((await board.api.delete(`/api/v1/webhooks/${endpoint}`, { token: manager.token })).status).toBe(200);
    expect((await get(log, { 'if-none-match': logTag })).status).toBe(404);
  });
});
