import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeExtension } from '@platform/lib/graphql/subscription-resume';
import { createNotificationsSubgraph } from '@platform/notifications/app';
import { actorsOf, inboxSubscription, openInbox, wsClient, type Actors } from '../../../test/notifications-kit.js';
import { createTestDatabase, newSharedResources, startTestServer, type TestServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import { startStandaloneSubgraph, type StandaloneSubgraph } from '../../../test/standalone-subgraph.js';
import { createSignedInUser, type TestUser } from '../../../test/users.js';
import { pause } from '../../../test/waiting.js';

interface InboxChanged {
  data?: { inboxChanged: { notification: { message: string } } };
  errors?: { message: string; extensions: { code: string } }[];
}

interface InboxUpdated {
  data: { inboxUpdated: { change: string; item: { message: string } } };
}

const inboxUpdates = 'subscription { inboxUpdated { change item { message } } }';

/**
 * A client that lost its socket and subscribes again gives the time of the loss (`extensions.resumeSince`, as the
 * edge gives it upstream): the inbox subscriptions send what was created since first, so an item created between
 * the client's re-read and its new subscription going live is not missed. Both layouts: the subgraph in the edge's
 * process, and the subgraph in its own process behind the edge's remote upstream.
 */
describe.skipIf(servicesMissing).each([
  { layout: 'one process', remote: false },
  { layout: 'the notifications subgraph apart', remote: true },
])('a client resuming its inbox subscription ($layout)', ({ remote }) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let subgraph: StandaloneSubgraph | undefined;
  let edge: TestServer;
  let actors: Actors;
  const sockets: { dispose(): void | Promise<void> }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    subgraph = remote ? await startStandaloneSubgraph('notifications', shared, createNotificationsSubgraph) : undefined;
    edge = await startTestServer(shared, subgraph ? { SUBGRAPH_NOTIFICATIONS_URL: subgraph.url } : {});
    actors = await actorsOf(edge.url);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await edge?.close();
    await subgraph?.close();
    await database?.drop();
  });

  const notify = async (user: TestUser, message: string) => {
    const created = await actors.api.post(
      '/internal/notifications',
      { userId: user.id, message, targetLink: '/inbox', targetText: 'Open' },
      { token: actors.serviceToken },
    );
    expect(created.status).toBe(201);
  };
  const subscribeAs = async <Event = InboxChanged>(
    user: TestUser,
    query: string,
    extensions?: Record<string, unknown>,
  ) => {
    const socket = wsClient(edge.url, user.token);
    sockets.push(socket);
    return openInbox<Event>(socket, query, extensions);
  };
  const messagesOf = (events: InboxChanged[]) => events.map((event) => event.data?.inboxChanged.notification.message);

  it('sends the items created since the loss first, then live ones, each once', async () => {
    const user = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'resumer' });
    const lostAt = new Date().toISOString();
    await notify(user, 'While the socket was down');

    const inbox = await subscribeAs(user, inboxSubscription, { [resumeExtension]: lostAt });
    const updates = await subscribeAs<InboxUpdated>(user, inboxUpdates, { [resumeExtension]: lostAt });
    await inbox.next(1);
    await updates.next(1);
    await pause(300);
    await notify(user, 'Live again');
    await inbox.next(2);
    await updates.next(2);
    await pause(300);

    expect(messagesOf(inbox.events)).toEqual(['While the socket was down', 'Live again']);
    expect(updates.events.map(({ data }) => [data.inboxUpdated.change, data.inboxUpdated.item.message])).toEqual([
      ['CREATED', 'While the socket was down'],
      ['CREATED', 'Live again'],
    ]);
  });

  it('sends nothing from before a subscription without resumeSince, nor for a time it cannot resume from', async () => {
    const user = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'fresh' });
    await notify(user, 'Before any subscription');

    const plain = await subscribeAs(user, inboxSubscription);
    const tooOld = await subscribeAs(user, inboxSubscription, {
      [resumeExtension]: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const future = await subscribeAs(user, inboxSubscription, {
      [resumeExtension]: new Date(Date.now() + 60_000).toISOString(),
    });
    const notADate = await subscribeAs(user, inboxSubscription, { [resumeExtension]: 'yesterday' });
    await pause(500);
    await notify(user, 'Live');
    for (const events of [plain, tooOld, future, notADate]) await events.next(1);
    await pause(300);

    for (const events of [plain, tooOld, future, notADate]) {
      expect(messagesOf(events.events)).toEqual(['Live']);
      expect(events.errors).toEqual([]);
    }
  });

  it('refuses to resume a subscription that cannot read back what it missed: 503, so the client re-reads', async () => {
    const user = await createSignedInUser(actors.api, actors.adminToken, {
      emailPrefix: 'watcher',
      permissions: ['tasks:read'],
    });
    const activity = await subscribeAs(user, 'subscription { taskActivityAdded(projectId: "P-1") { id } }', {
      [resumeExtension]: new Date(Date.now() - 2000).toISOString(),
    });
    await activity.settled();

    const [first] = activity.events;
    expect(first?.errors?.map((error) => [error.extensions.code, error.message])).toEqual([
      ['SERVICE_UNAVAILABLE', 'The subscription was interrupted; subscribe again'],
    ]);
  });
});
