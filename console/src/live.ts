// The live connection, one per browser for all the console's tabs of a user (issue 30, item 6). The tabs elect a
// leader through a Web Lock; the leader holds the one graphql-ws socket (live-socket.ts) and runs every tab's
// subscriptions on it; the others ask and are answered over a BroadcastChannel. When the leader goes (closed,
// signed out), the lock passes to another tab, which opens the socket and is asked again for every subscription.
// While no tab is visible the socket is parked; when one is, it opens again and every tab catches up.
import type { TypedDocumentString } from './generated/graphql.js';
import { LiveSocket, type ConnectionState } from './live-socket.js';

export type { ConnectionState } from './live-socket.js';

type Message =
  | { type: 'hello'; tab: string }
  | { type: 'leader'; tab: string }
  | {
      type: 'subscribe';
      tab: string;
      id: string;
      query: string;
      variables: Record<string, unknown>;
      resumable: boolean;
    }
  | { type: 'unsubscribe'; tab: string; id: string }
  | { type: 'next'; tab: string; id: string; data: unknown }
  | { type: 'refused'; tab: string; id: string; message: string }
  | { type: 'state'; state: ConnectionState }
  | { type: 'caught-up' }
  | { type: 'visible'; tab: string; visible: boolean }
  | { type: 'bye'; tab: string };

interface Local {
  query: string;
  variables: Record<string, unknown>;
  resumable: boolean;
  next(data: unknown): void;
  refused(message: string): void;
}

/** A hidden moment (switching tabs, a window minimised for a glance) does not close the socket. */
const parkAfterMs = 2_000;

// randomUUID exists in secure contexts only (https, localhost); the id only tells this browser's tabs apart.
const tab = globalThis.crypto.randomUUID?.() ?? Math.random().toString(36).slice(2);
const locals = new Map<string, Local>();
const reconnectListeners = new Set<() => void>();
const stateListeners = new Set<(state: ConnectionState) => void>();
let channel: BroadcastChannel | null = null;
let socket: LiveSocket | null = null;
let resign: (() => void) | null = null;
let stopWaiting: AbortController | null = null;
const visibleTabs = new Map<string, boolean>();
let parkTimer: ReturnType<typeof setTimeout> | undefined;
let lastId = 0;
let currentState: ConnectionState = 'connecting';

function announce(state: ConnectionState): void {
  currentState = state;
  stateListeners.forEach((listener) => listener(state));
}
const catchUp = () => reconnectListeners.forEach((listener) => listener());
const post = (message: Message) => channel?.postMessage(message);
const visible = () => document.visibilityState === 'visible';

/** The leader's socket serves a tab's subscription, its results going back to that tab. */
function serveFor(from: string, id: string, asked: Pick<Local, 'query' | 'variables' | 'resumable'>): void {
  if (from === tab) {
    const local = locals.get(id);
    if (local) socket?.serve(`${tab}/${id}`, local);
    return;
  }
  socket?.serve(`${from}/${id}`, {
    ...asked,
    next: (data) => post({ type: 'next', tab: from, id, data }),
    refused: (message) => post({ type: 'refused', tab: from, id, message }),
  });
}

/** Parks the socket when no tab has been visible for a moment; opens it as soon as one is. */
function decideParking(): void {
  if (!socket) return;
  clearTimeout(parkTimer);
  if ([...visibleTabs.values()].some(Boolean)) socket.open();
  else parkTimer = setTimeout(() => socket?.park(), parkAfterMs);
}

function lead(): void {
  socket = new LiveSocket({
    state: (state) => {
      announce(state);
      post({ type: 'state', state });
    },
    caughtUp: () => {
      catchUp();
      post({ type: 'caught-up' });
    },
  });
  visibleTabs.set(tab, visible());
  locals.forEach((local, id) => serveFor(tab, id, local));
  post({ type: 'leader', tab });
  decideParking();
}

function received(message: Message): void {
  switch (message.type) {
    case 'hello':
      if (!socket) return;
      post({ type: 'leader', tab });
      post({ type: 'state', state: currentState });
      return;
    case 'leader':
      // A new leader (or one answering a newcomer) is told every subscription of this tab, and its visibility.
      locals.forEach(({ query, variables, resumable }, id) =>
        post({ type: 'subscribe', tab, id, query, variables, resumable }),
      );
      post({ type: 'visible', tab, visible: visible() });
      return;
    case 'subscribe':
      serveFor(message.tab, message.id, message);
      return;
    case 'unsubscribe':
      socket?.unserve(`${message.tab}/${message.id}`);
      return;
    case 'next':
      if (message.tab === tab) locals.get(message.id)?.next(message.data);
      return;
    case 'refused':
      if (message.tab === tab) locals.get(message.id)?.refused(message.message);
      return;
    case 'state':
      if (!socket) announce(message.state);
      return;
    case 'caught-up':
      if (!socket) catchUp();
      return;
    case 'visible':
      visibleTabs.set(message.tab, message.visible);
      decideParking();
      return;
    case 'bye':
      visibleTabs.delete(message.tab);
      socket?.unserveTab(message.tab);
      decideParking();
      return;
  }
}

function visibilityChanged(): void {
  if (socket) {
    visibleTabs.set(tab, visible());
    decideParking();
  } else post({ type: 'visible', tab, visible: visible() });
}

const leaving = () => post({ type: 'bye', tab });

/** Joins the user's tabs: leads when no tab does, else asks the leader; `userId` keeps two users' tabs apart. */
export function connect(userId: string): void {
  const name = `platform-console-live-${userId}`;
  channel = new BroadcastChannel(name);
  channel.onmessage = (event: MessageEvent<Message>) => received(event.data);
  announce('connecting');
  document.addEventListener('visibilitychange', visibilityChanged);
  window.addEventListener('pagehide', leaving);
  // Web Locks exist in secure contexts only: elsewhere every tab keeps a socket of its own.
  if (!('locks' in navigator)) return lead();
  const waiting = new AbortController();
  stopWaiting = waiting;
  navigator.locks
    .request(name, { signal: waiting.signal }, () => {
      lead();
      return new Promise<void>((release) => (resign = release));
    })
    .catch(() => undefined);
  post({ type: 'hello', tab });
}

export function disconnect(): void {
  leaving();
  clearTimeout(parkTimer);
  socket?.close();
  socket = null;
  resign?.();
  resign = null;
  stopWaiting?.abort();
  stopWaiting = null;
  channel?.close();
  channel = null;
  visibleTabs.clear();
  locals.clear();
  reconnectListeners.clear();
  document.removeEventListener('visibilitychange', visibilityChanged);
  window.removeEventListener('pagehide', leaving);
}

export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

export function onConnectionState(listener: (state: ConnectionState) => void): void {
  stateListeners.add(listener);
}

export interface FollowOptions {
  /** Shown when the server refuses for good; the subscription then ends. */
  refused?: (message: string) => void;
  /**
   * The subscription sends what was published while the socket was down when asked (`resumeSince`: the inbox's);
   * the others refuse to resume, so they are not asked.
   */
  resumable?: boolean;
}

/**
 * Follows a subscription until stopped, on the leader's socket (this tab's, when it leads). A refusal the page
 * should show goes to `refused` and ends it; other errors are retried by the leader.
 */
export function follow<Data, Variables extends Record<string, unknown>>(
  operation: TypedDocumentString<Data, Variables>,
  variables: Variables,
  next: (data: Data) => void,
  { refused = () => undefined, resumable = false }: FollowOptions = {},
): () => void {
  const id = String((lastId += 1));
  const local: Local = {
    query: operation.toString(),
    variables,
    resumable,
    next: (data) => next(data as Data),
    refused,
  };
  locals.set(id, local);
  if (socket) serveFor(tab, id, local);
  else post({ type: 'subscribe', tab, id, query: local.query, variables, resumable });
  return () => {
    locals.delete(id);
    if (socket) socket.unserve(`${tab}/${id}`);
    else post({ type: 'unsubscribe', tab, id });
  };
}
