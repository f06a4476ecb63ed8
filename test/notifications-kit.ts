import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { clientFromNewIp } from './auth-fixtures.js';
import { loginAs, type HttpClient } from './client.js';
import { adminCredentials } from './harness.js';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
}

export interface Actors {
  api: HttpClient;
  adminToken: string;
  serviceToken: string;
}

/** The admin, a service token issued through the graph, and a client of its own IP. */
export async function actorsOf(baseUrl: string): Promise<Actors> {
  const api = clientFromNewIp(baseUrl);
  const { accessToken: adminToken } = await loginAs(api, adminCredentials.email, adminCredentials.password);
  const issued = await api.graphql(
    'mutation { issueServiceToken(serviceName: "notifier-tests", ttlDays: 1) }',
    {},
    { token: adminToken },
  );
  if (!issued.body.data) throw new Error(`service token: ${JSON.stringify(issued.body.errors)}`);
  return { api, adminToken, serviceToken: issued.body.data.issueServiceToken };
}

export async function createUser(actors: Actors, prefix = 'user'): Promise<TestUser> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'user-password-123';
  const created = await actors.api.graphql(
    'mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }',
    { input: { email, password } },
    { token: actors.adminToken },
  );
  if (!created.body.data) throw new Error(`create user: ${JSON.stringify(created.body.errors)}`);
  const { accessToken } = await loginAs(actors.api, email, password);
  return { id: created.body.data.createUser.id, email, password, token: accessToken };
}

export const inboxSubscription = `subscription {
  inboxChanged { unreadCount notification { id message targetLink targetText unread readAt createdAt } }
}`;

export function wsClient(baseUrl: string, token: string | undefined, extra: { origin?: string } = {}): Client {
  const url = baseUrl.replace(/^http/, 'ws') + '/graphql';
  return createClient({
    url,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, extra.origin ? { headers: { origin: extra.origin } } : {});
      }
    },
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

/** Collects the events of one subscription; `next(n)` waits until n have arrived. */
export function collect<T = Record<string, unknown>>(
  client: Client,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const events: T[] = [];
  const errors: unknown[] = [];
  let completed = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((resolve) => resolve());
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        events.push(value as T);
        wake();
      },
      error: (error) => {
        errors.push(error);
        wake();
      },
      complete: () => {
        completed = true;
        wake();
      },
    },
  );
  const until = async (condition: () => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; events ${JSON.stringify(events)} errors ${String(errors)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  };
  return {
    events,
    errors,
    get completed() {
      return completed;
    },
    next: (count: number, timeoutMs = 5000) => until(() => events.length >= count, timeoutMs),
    settled: (timeoutMs = 5000) => until(() => completed || errors.length > 0, timeoutMs),
    dispose,
  };
}

/** Resolves once the server acknowledged the connection (subscriptions are then registered). */
export function connected(client: Client): Promise<void> {
  return new Promise((resolve) => client.on('connected', () => resolve()));
}

export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
