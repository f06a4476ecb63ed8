import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { clientFromNewIp } from './client-address.js';
import { loginAs, type HttpClient } from './client.js';
import { adminCredentials } from './harness.js';
import { eventually } from './waiting.js';

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

export const inboxSubscription = `subscription {
  inboxChanged { unreadCount notification { id message targetLink targetText unread readAt createdAt } }
}`;

/** A graphql-ws client; `headers` go on its upgrade request (X-Forwarded-For, X-Device-Fingerprint). */
export function wsClient(
  baseUrl: string,
  token: string | undefined,
  extra: { origin?: string; headers?: Record<string, string> } = {},
): Client {
  const url = baseUrl.replace(/^http/, 'ws') + '/graphql';
  const headers = { ...extra.headers, ...(extra.origin ? { origin: extra.origin } : {}) };
  return createClient({
    url,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

/** Collects the events of one subscription (`extensions` as the edge sends them); `next(n)` waits for n. */
export function collect<T = Record<string, unknown>>(
  client: Client,
  query: string,
  variables: Record<string, unknown> = {},
  extensions?: Record<string, unknown>,
) {
  const events: T[] = [];
  const errors: unknown[] = [];
  let completed = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((resolve) => resolve());
  const dispose = client.subscribe<T>(
    { query, variables, ...(extensions ? { extensions } : {}) },
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

/** The close code of the client's socket, once it closes (4403: refused by the server). */
export function closeCode(client: Client): Promise<number> {
  return closing(client).then(({ code }) => code);
}

/** How and when the client's socket closed. */
export function closing(client: Client): Promise<{ code: number; reason: string; at: number }> {
  return new Promise((resolve) =>
    client.on('closed', (event) => {
      const { code, reason } = event as { code: number; reason: string };
      resolve({ code, reason, at: Date.now() });
    }),
  );
}

/**
 * The inbox subscription of a client (or another inbox subscription, with the subscribe message's extensions), once
 * the server has acknowledged the connection it opens.
 */
export async function openInbox<T = Record<string, unknown>>(
  client: Client,
  query = inboxSubscription,
  extensions?: Record<string, unknown>,
) {
  const ready = connected(client);
  const inbox = collect<T>(client, query, {}, extensions);
  await ready;
  return inbox;
}

/** A user's inbox page once it holds `count` items: jobs are delivered by the worker, after the request. */
export function inboxHolding(api: HttpClient, token: string, count: number, timeoutMs?: number) {
  return eventually(
    async () => {
      const page = await api.get('/api/v1/notifications', { token });
      return page.body.totalItems === count ? page.body : undefined;
    },
    { timeoutMs },
  );
}

/** The fields asked for of a notification job once the worker has completed it. */
export function completedJob(actors: Actors, jobId: string, fields: string, timeoutMs?: number) {
  return eventually(
    async () => {
      const answer = await actors.api.graphql(
        `query ($id: ID!) { notificationJob(id: $id) { ${fields} } }`,
        { id: jobId },
        { token: actors.serviceToken },
      );
      const job = answer.body.data?.notificationJob;
      return job?.status === 'completed' ? job : undefined;
    },
    { timeoutMs },
  );
}
