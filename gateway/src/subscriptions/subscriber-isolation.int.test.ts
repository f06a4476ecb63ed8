import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../../test/client.js';
import { confirmationKit, confirmationSubscription } from '../../../test/confirmation-kit.js';
import { createTestDatabase, newSharedResources, startIsolatedServer, startTestServer } from '../../../test/harness.js';
import { actorsOf, collect, connected, inboxSubscription, wsClient } from '../../../test/notifications-kit.js';
import { servicesMissing } from '../../../test/services.js';
import { startStandaloneSubgraphs } from '../../../test/standalone-subgraph.js';
import { taskBoardOn } from '../../../test/tasks-kit.js';
import { createSignedInUser } from '../../../test/users.js';
import { pause } from '../../../test/waiting.js';

interface Layout {
  url: string;
  close(): Promise<void>;
}

/** Everything in one process, as `npm start` runs it. */
async function singleProcess(): Promise<Layout> {
  return startIsolatedServer();
}

/** The distributed layout in one test process: each subgraph alone on its own port, the gateway apart. */
async function distributed(): Promise<Layout> {
  const database = await createTestDatabase();
  const shared = newSharedResources(database.url);
  const subgraphs = await startStandaloneSubgraphs(shared);
  const gateway = await startTestServer(shared, subgraphs.gatewayEnv);
  expect(gateway.system.subgraphs).toEqual([]);
  return {
    url: gateway.url,
    close: async () => {
      await gateway.close();
      await subgraphs.close();
      await database.drop();
    },
  };
}

interface Subscriber {
  token: string;
  query: string;
  variables?: Record<string, unknown>;
}

const permissions = ['tasks:write', 'tasks:read', 'projects:write', 'projects:read'];

/**
 * Issue 23, item 1: one subscriber's delivery and filtering is its own. Before the fix two subscriptions to one
 * channel arriving together each built the channel's handler set, the second replacing the first: another user
 * subscribing to the owner's confirmation id silenced the owner's subscription.
 */
describe.skipIf(servicesMissing).each([
  ['in the single process', singleProcess],
  ['in the distributed layout', distributed],
])('each subscriber receives its own events, whatever other sockets subscribe to, %s', (_layout, start) => {
  let layout: Layout;
  const clients: Client[] = [];

  beforeAll(async () => {
    layout = await start();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await layout?.close();
  });

  /** Each subscriber on a socket of its own, their subscribe messages sent together. */
  async function subscribeTogether(subscribers: Subscriber[]) {
    const sockets = subscribers.map(({ token }) => wsClient(layout.url, token));
    clients.push(...sockets);
    const ready = sockets.map((socket) => connected(socket));
    const feeds = subscribers.map(({ query, variables }, index) => collect(sockets[index]!, query, variables));
    await Promise.all(ready);
    // The subscribe messages follow the acknowledgement; give the servers a moment to register them.
    await pause(500);
    return feeds;
  }

  it('confirmationStatusChanged: the owner receives its rejection within a second; an intruder on the same id nothing', async () => {
    const kit = confirmationKit(httpClient(layout.url));
    const owner = await kit.userWithDevice();
    const intruder = await kit.userWithDevice();
    const { confirmationId } = await kit.initiate(owner.user.token);
    const variables = { id: confirmationId };
    const [mine, theirs] = await subscribeTogether([
      { token: owner.user.token, query: confirmationSubscription, variables },
      { token: intruder.user.token, query: confirmationSubscription, variables },
    ]);

    expect((await kit.reject(owner.user.token, confirmationId)).status).toBe(200);
    // Within a second of the change's answer (the change itself may take longer on a loaded machine).
    await mine!.next(1, 1000);
    expect(mine!.events).toEqual([{ data: { confirmationStatusChanged: { confirmationId, status: 'rejected' } } }]);
    await pause(1000);
    expect(theirs!.events).toEqual([]);
    expect([mine!.errors, theirs!.errors]).toEqual([[], []]);
  });

  it("inboxChanged: the owner receives its item within a second; another user's subscription nothing", async () => {
    const actors = await actorsOf(layout.url);
    const owner = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'owner' });
    const intruder = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'intruder' });
    const [mine, theirs] = await subscribeTogether([
      { token: owner.token, query: inboxSubscription },
      { token: intruder.token, query: inboxSubscription },
    ]);

    const created = await actors.api.post(
      '/internal/notifications',
      { userId: owner.id, message: 'Yours only', targetLink: '/inbox', targetText: 'Open' },
      { token: actors.serviceToken },
    );
    expect(created.status).toBe(201);
    await mine!.next(1, 1000);
    expect(mine!.events).toMatchObject([{ data: { inboxChanged: { notification: { message: 'Yours only' } } } }]);
    await pause(1000);
    expect(theirs!.events).toEqual([]);
    expect([mine!.errors, theirs!.errors]).toEqual([[], []]);
  });

  it('taskActivityAdded: both readers of the project receive the entry within a second; a reader of another project nothing', async () => {
    const board = await taskBoardOn(layout.url, permissions);
    const otherReader = await board.kit.user(['tasks:read']);
    const watched = await board.project();
    const elsewhere = await board.project();
    const query = `subscription ($projectId: String!) { taskActivityAdded(projectId: $projectId) { id taskId } }`;
    const [first, second, outsider] = await subscribeTogether([
      { token: board.reader.token, query, variables: { projectId: watched.uniqueCode } },
      { token: otherReader.token, query, variables: { projectId: watched.uniqueCode } },
      { token: otherReader.token, query, variables: { projectId: elsewhere.uniqueCode } },
    ]);

    const task = await board.task(watched.uniqueCode);
    await Promise.all([first!.next(1, 1000), second!.next(1, 1000)]);
    for (const feed of [first!, second!]) {
      expect(feed.events).toEqual([{ data: { taskActivityAdded: { id: expect.any(String), taskId: task.id } } }]);
    }
    await pause(1000);
    expect(outsider!.events).toEqual([]);
    expect([first!.errors, second!.errors, outsider!.errors]).toEqual([[], [], []]);
  });
});
