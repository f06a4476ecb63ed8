// The live connection: one graphql-ws socket on the edge's /graphql for every subscription of the page. It
// reconnects after a network drop or a server restart with the current (renewed) token, and tells the pages,
// which then read what they may have missed.
import { createClient, type Client } from 'graphql-ws';
import type { TypedDocumentString } from './generated/graphql.js';
import { accessToken, renewNow, signedIn } from './session.js';
import { say } from './view.js';

export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

let client: Client | null = null;
const reconnectListeners = new Set<() => void>();
const stateListeners = new Set<(state: ConnectionState) => void>();
// A socket silent this long after a ping is taken for dead: a dropped network does not always close it.
const pongTimeoutMs = 5_000;
const keepAliveMs = 10_000;

const announce = (state: ConnectionState) => stateListeners.forEach((listener) => listener(state));

/** Waits before the next attempt: quickly at first, then at most every 8 seconds, with jitter. */
const retryWait = (retries: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(500 * 2 ** retries, 8_000) + Math.random() * 300));

export function connect(): void {
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  announce('connecting');
  client = createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    connectionParams: async () => ({ authorization: `Bearer ${await accessToken()}` }),
    lazy: false,
    keepAlive: keepAliveMs,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait,
    on: {
      connected: (_socket, _payload, wasRetry) => {
        announce('live');
        if (wasRetry) reconnectListeners.forEach((listener) => listener());
      },
      closed: (event) => {
        announce('reconnecting');
        // 4403: the edge ended the socket's authority (a session ended elsewhere, a token run out). A renewal tells
        // which: a refused one ends the session here too, instead of reconnecting with a dead token forever.
        // A socket closed by this page's own sign-out has nothing left to renew.
        if ((event as CloseEvent).code === 4403 && signedIn()) renewNow().catch((error: Error) => say(error.message));
      },
      ping: (received) => {
        if (!received) pongTimer = setTimeout(() => client?.terminate(), pongTimeoutMs);
      },
      pong: (received) => {
        if (received) clearTimeout(pongTimer);
      },
    },
  });
}

export function disconnect(): void {
  void client?.dispose();
  client = null;
  reconnectListeners.clear();
}

export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

export function onConnectionState(listener: (state: ConnectionState) => void): void {
  stateListeners.add(listener);
}

type ErrorList = { message: string; extensions?: { code?: string } }[];
const finalCodes = ['FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT'];

/** The message of an answer that asking again would not change; graphql-ws hands a server's errors as a list. */
function refusalOf(error: unknown): string | undefined {
  const [first] = Array.isArray(error) ? (error as ErrorList) : [];
  return first && finalCodes.includes(first.extensions?.code ?? '') ? first.message : undefined;
}

/**
 * Follows a subscription until stopped. An error from the server (an upstream restart ends a subscription with
 * SERVICE_UNAVAILABLE) is followed by a new subscription after a pause; a refusal the page should show goes to
 * `refused` and ends it.
 */
export function follow<Data, Variables extends Record<string, unknown>>(
  operation: TypedDocumentString<Data, Variables>,
  variables: Variables,
  next: (data: Data) => void,
  refused: (message: string) => void = () => undefined,
): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  const start = () => {
    if (stopped || !client) return;
    unsubscribe = client.subscribe<Data>(
      { query: operation.toString(), variables },
      {
        next: (result) => {
          if (result.data) next(result.data);
        },
        error: (error) => {
          const refusal = refusalOf(error);
          if (refusal) refused(refusal);
          else void retryWait(2).then(start);
        },
        complete: () => undefined,
      },
    );
  };
  start();
  return () => {
    stopped = true;
    unsubscribe();
  };
}
