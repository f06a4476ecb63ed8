import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthSubgraph } from '@platform/auth/app';
import { httpClient } from '../../../../test/client.js';
import { confirmationKit, confirmationSubscription } from '../../../../test/confirmation-kit.js';
import { createTestDatabase, newSharedResources, startTestServer, type TestServer } from '../../../../test/harness.js';
import { collect, connected, wsClient } from '../../../../test/notifications-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { startStandaloneSubgraph, type StandaloneSubgraph } from '../../../../test/standalone-subgraph.js';
import { pause } from '../../../../test/waiting.js';

/** The distributed layout in one process: the auth subgraph alone on its own port, the gateway apart. */
describe.skipIf(servicesMissing)('confirmations with the auth subgraph as its own process', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let subgraph: StandaloneSubgraph;
  let gateway: TestServer;
  let kit: ReturnType<typeof confirmationKit>;
  let client: Client | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    subgraph = await startStandaloneSubgraph('auth', shared, createAuthSubgraph);
    gateway = await startTestServer(shared, { SUBGRAPH_AUTH_URL: subgraph.url });
    kit = confirmationKit(httpClient(gateway.url));
  });
  afterAll(async () => {
    await client?.dispose();
    await gateway?.close();
    await subgraph?.close();
    await database?.drop();
  });

  it('runs the approve flow over REST and delivers approved through the gateway within a second', async () => {
    expect(gateway.system.subgraphs.map((entry) => entry.name)).not.toContain('auth');
    const owner = await kit.userWithDevice('ES256');
    const { confirmationId, challenge } = await kit.initiate(owner.user.token);
    client = wsClient(gateway.url, owner.user.token);
    const ready = connected(client);
    const events = collect(client, confirmationSubscription, { id: confirmationId });
    await ready;
    await pause(300);

    const calledAt = Date.now();
    const verified = await kit.verify(owner.user.token, confirmationId, {
      deviceId: owner.deviceId,
      signedChallenge: owner.keys.sign(challenge),
    });
    expect(verified.body).toEqual({ data: { success: true, confirmationId, status: 'approved' } });
    await events.next(1, 1000);
    expect(Date.now() - calledAt).toBeLessThan(1000);
    expect(events.events).toEqual([{ data: { confirmationStatusChanged: { confirmationId, status: 'approved' } } }]);
    expect((await kit.status(owner.user.token, confirmationId)).body.data.status).toBe('approved');
  });
});
