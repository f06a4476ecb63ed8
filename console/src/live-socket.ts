// The one graphql-ws socket of a browser's console tabs (issue 30, item 6), held by the tab that leads: it runs
// every tab's subscriptions on it and hands each result to the tab that asked. It reconnects after a network drop
// or a server restart with the current (renewed) token, is parked (closed) while no tab is visible, and opened
// again when one is; after either, every tab reads what it may have missed.
import { createClient, type Client } from 'graphql-ws';
import { accessToken, renewNow, signedIn } from './session.js';
import { say } from './view.js';

export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'parked';

/** A subscription one tab asked for, and where its results go. */
export interface Served {
  query: string;
  variables: Record<string, unknown>;
  /** Asked to resume from a loss of the socket (`extensions.resumeSince`), which it honours. */
  resumable: boolean;
  next(data: unknown): void;
  refused(message: string): void;
}

export interface SocketEvents {
  state(state: ConnectionState): void;
  /** The socket is back after a drop or a park: what was sent meanwhile must be read. */
  caughtUp(): void;
}

// A socket silent this long after a ping is taken for dead: a dropped network does not always close it.
const pongTimeoutMs = 5_000;
const keepAliveMs = 10_000;
/** What a subscription sends; its `extensions` change when the socket goes down (graphql-ws's own are read-only). */
interface SubscribePayload {
  query: string;
  variables: Record<string, unknown>;
  extensions?: { resumeSince: string };
}

/** A socket up this long has surely started its subscriptions again: a later loss resumes from that one. */
const settledMs = 2_000;

/** Waits before the next attempt: quickly at first, then at most every 8 seconds, with jitter. */
export const retryWait = (retries: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(500 * 2 ** retries, 8_000) + Math.random() * 300));

type ErrorList = { message: string; extensions?: { code?: string } }[];
const finalCodes = ['FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT'];

/** The message of an answer that asking again would not change; graphql-ws hands a server's errors as a list. */
function refusalOf(error: unknown): string | undefined {
  const [first] = Array.isArray(error) ? (error as ErrorList) : [];
  return first && finalCodes.includes(first.extensions?.code ?? '') ? first.message : undefined;
}

/** The leading tab's socket and the subscriptions it serves, by key (`tab/id`), kept while it is parked. */
export class LiveSocket {
  private client: Client | null = null;
  private readonly served = new Map<string, Served>();
  private readonly running = new Map<string, () => void>();
  /** The subscribe payloads sent, which graphql-ws sends again as they are when it reconnects. */
  private readonly payloads = new Map<string, SubscribePayload>();
  private opened = false;
  /** The earliest loss (a drop, a park) the subscriptions have not surely resumed from. */
  private lostAt: number | null = null;
  private settling: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly events: SocketEvents) {}

  open(): void {
    if (this.client) return;
    let pongTimer: ReturnType<typeof setTimeout> | undefined;
    const resumed = this.opened;
    this.opened = true;
    this.events.state('connecting');
    this.client = createClient({
      url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
      connectionParams: async () => ({ authorization: `Bearer ${await accessToken()}` }),
      lazy: false,
      keepAlive: keepAliveMs,
      retryAttempts: Infinity,
      shouldRetry: () => true,
      retryWait,
      on: {
        connected: (_socket, _payload, wasRetry) => {
          this.events.state('live');
          if (wasRetry || resumed) this.events.caughtUp();
          this.settling = setTimeout(() => (this.lostAt = null), settledMs);
        },
        closed: (event) => {
          this.lost();
          if (this.client) this.events.state('reconnecting');
          // 4403: the edge ended the socket's authority (a session ended elsewhere, a token run out). A renewal
          // tells which: a refused one ends the session here too, instead of reconnecting with a dead token
          // forever. A socket closed by this page's own sign-out has nothing left to renew.
          if ((event as CloseEvent).code === 4403 && signedIn()) renewNow().catch((error: Error) => say(error.message));
        },
        ping: (received) => {
          if (!received) pongTimer = setTimeout(() => this.client?.terminate(), pongTimeoutMs);
        },
        pong: (received) => {
          if (received) clearTimeout(pongTimer);
        },
      },
    });
    this.served.forEach((_served, key) => this.start(key));
  }

  /** Closes the socket but keeps what it serves, to subscribe again when it opens. */
  park(): void {
    if (!this.client) return;
    this.lost();
    this.running.forEach((stop) => stop());
    this.running.clear();
    this.payloads.clear();
    const client = this.client;
    this.client = null;
    // graphql-ws's dispose awaits a connection attempt under way, and rejects when that attempt fails (a socket
    // cut, a token no longer there after a sign-out): the socket is gone either way, as parking wants.
    Promise.resolve(client.dispose()).catch(() => undefined);
    this.events.state('parked');
  }

  close(): void {
    this.park();
    this.served.clear();
  }

  get isOpen(): boolean {
    return this.client !== null;
  }

  serve(key: string, served: Served): void {
    if (this.served.has(key)) return;
    this.served.set(key, served);
    this.start(key);
  }

  unserve(key: string): void {
    this.running.get(key)?.();
    this.running.delete(key);
    this.payloads.delete(key);
    this.served.delete(key);
  }

  /** The socket went down: the resumable subscriptions ask, when sent again, for what was published since. */
  private lost(): void {
    clearTimeout(this.settling);
    this.lostAt ??= Date.now();
    this.payloads.forEach((payload, key) => {
      const extensions = this.resumeExtensions(this.served.get(key));
      if (extensions) payload.extensions = extensions;
    });
  }

  /** What a resumable subscription sends after a loss it has not surely resumed from; nothing otherwise. */
  private resumeExtensions(served: Served | undefined): SubscribePayload['extensions'] {
    if (!served?.resumable || this.lostAt === null) return undefined;
    return { resumeSince: new Date(this.lostAt).toISOString() };
  }

  /** Ends every subscription a tab asked for (the tab closed). */
  unserveTab(tab: string): void {
    [...this.served.keys()].filter((key) => key.startsWith(`${tab}/`)).forEach((key) => this.unserve(key));
  }

  /**
   * An error from the server (an upstream restart ends a subscription with SERVICE_UNAVAILABLE) is followed by a
   * new subscription after a pause; a refusal the page should show goes to `refused` and ends it.
   */
  private start(key: string): void {
    const served = this.served.get(key);
    if (!served || !this.client || this.running.has(key)) return;
    const extensions = this.resumeExtensions(served);
    const payload: SubscribePayload = {
      query: served.query,
      variables: served.variables,
      ...(extensions && { extensions }),
    };
    this.payloads.set(key, payload);
    const unsubscribe = this.client.subscribe(payload, {
      next: (result) => {
        if (result.data) served.next(result.data);
      },
      error: (error) => {
        this.running.delete(key);
        this.payloads.delete(key);
        const refusal = refusalOf(error);
        if (refusal) {
          this.served.delete(key);
          served.refused(refusal);
        } else void retryWait(2).then(() => this.start(key));
      },
      complete: () => undefined,
    });
    this.running.set(key, unsubscribe);
  }
}
