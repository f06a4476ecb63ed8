import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedServer } from '../../../test/harness.js';
import {
  actorsOf,
  closing,
  collect,
  connected,
  inboxSubscription,
  wsClient,
  type Actors,
} from '../../../test/notifications-kit.js';
import { servicesMissing } from '../../../test/services.js';
import { createSignedInUser, type TestUser } from '../../../test/users.js';
import { pause } from '../../../test/waiting.js';

/** Operations a resolver refuses, one of each kind the issue names. */
const refused = [
  {
    kind: 'FORBIDDEN',
    query: 'mutation { issueServiceToken(serviceName: "not-mine", ttlDays: 1) }',
    variables: {},
  },
  {
    kind: 'NOT_FOUND',
    query: 'mutation ($id: ID!) { markNotificationRead(id: $id) { id } }',
    variables: { id: '00000000-0000-4000-8000-000000000000' },
  },
  {
    kind: 'a wrong password',
    query: 'mutation ($email: String!) { login(email: $email, password: "not-the-password") { accessToken } }',
    variables: {} as Record<string, unknown>,
  },
];

/**
 * Issue 31, item 6: over graphql-ws, a query or mutation that its resolver refuses answers with that operation's
 * errors, as over HTTP; it never closes the socket (it closed with 4500 `e.toJSON is not a function`, ending every
 * subscription on it).
 */
describe.skipIf(servicesMissing)('queries and mutations refused over graphql-ws', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let actors: Actors;
  let user: TestUser;
  let socket: Client;

  beforeAll(async () => {
    server = await startIsolatedServer();
    actors = await actorsOf(server.url);
    user = await createSignedInUser(actors.api, actors.adminToken, { emailPrefix: 'socket' });
    refused[2]!.variables = { email: user.email };
  });
  afterAll(async () => {
    await socket?.dispose();
    await server?.close();
  });

  it("answers each refusal as the operation's result with the code and message HTTP gives; the socket and its subscription stay", async () => {
    socket = wsClient(server.url, user.token);
    let closed: unknown;
    void closing(socket).then((event) => (closed = event));
    const ready = connected(socket);
    const inbox = collect(socket, inboxSubscription);
    await ready;
    await pause(300);

    const codes: unknown[] = [];
    for (const { kind, query, variables } of refused) {
      const overHttp = await actors.api.graphql(query, variables, { token: user.token });
      codes.push(overHttp.body.errors?.[0]?.extensions?.code);
      const overSocket = collect(socket, query, variables);
      await overSocket.settled();
      expect(overSocket.events, kind).toEqual([overHttp.body]);
      expect(overSocket.errors, kind).toEqual([]);
      expect(overSocket.completed, kind).toBe(true);
    }
    expect(codes).toEqual(['FORBIDDEN', 'NOT_FOUND', 'INVALID_CREDENTIALS']);

    const created = await actors.api.post(
      '/internal/notifications',
      { userId: user.id, message: 'Still listening', targetLink: '/inbox', targetText: 'Open' },
      { token: actors.serviceToken },
    );
    expect(created.status).toBe(201);
    await inbox.next(1, 1000);
    expect(inbox.events).toMatchObject([{ data: { inboxChanged: { notification: { message: 'Still listening' } } } }]);
    expect(inbox.errors).toEqual([]);
    expect(closed).toBeUndefined();
  });
});
