import WebSocket from 'ws';
import { call } from './http.js';
import type { Subscriber } from './fixtures.js';

const subscription = 'subscription { inboxChanged { unreadCount notification { id message } } }';
/** Long enough for a subscription sent on a new socket to be live through the edge to the subgraph's channel. */
const subscriptionStartMs = 2000;

/** A subscribe message; after a loss it resumes from it, so the items created meanwhile come first. */
const subscribeMessage = (id: string, lostAt: number | undefined) =>
  JSON.stringify({
    id,
    type: 'subscribe',
    payload: {
      query: subscription,
      ...(lostAt !== undefined && { extensions: { resumeSince: new Date(lostAt).toISOString() } }),
    },
  });

interface Holder {
  subscriber: Subscriber;
  socket?: WebSocket;
  /** Items this person has seen: from the subscription, and from the list read after each reconnection. */
  seen: Set<string>;
  reconnections: number;
  /** Reconnections after which the list was read (the page caught up). */
  catchUps: number;
  /** The earliest loss the subscription has not surely resumed from yet. */
  lostAt?: number;
}

interface InboxPage {
  items: { id: string; message: string }[];
  totalItems: number;
}

/**
 * The live inboxes: one graphql-ws connection per person (graphql-transport-ws, as the console speaks it). A
 * closed connection (its edge killed, drained, restarted) is opened again after a short pause, and the inbox list
 * is read then, as the console catches up; every event is counted.
 */
export class LiveInboxes {
  private readonly holders: Holder[];
  private stopped = false;
  private subscriptionIds = 1;
  events = 0;

  constructor(
    private readonly urls: { http: string; ws: string },
    subscribers: Subscriber[],
  ) {
    this.holders = subscribers.map((subscriber) => ({ subscriber, seen: new Set(), reconnections: 0, catchUps: 0 }));
  }

  /** Resolves once every subscription is acknowledged. */
  async open(): Promise<void> {
    await Promise.all(this.holders.map((holder) => this.connect(holder)));
  }

  private connect(holder: Holder): Promise<void> {
    return new Promise((resolve) => {
      const socket = new WebSocket(this.urls.ws, 'graphql-transport-ws');
      holder.socket = socket;
      socket.on('open', () =>
        socket.send(
          JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${holder.subscriber.token}` } }),
        ),
      );
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; payload?: any };
        if (message.type === 'connection_ack') {
          this.subscribe(holder, socket, '1');
          resolve();
        } else if (message.type === 'next') {
          const notification = message.payload?.data?.inboxChanged?.notification;
          this.events += 1;
          if (notification) holder.seen.add(notification.id);
        } else if (message.type === 'complete' || message.type === 'error') {
          // The server ended the subscription on an open socket: subscribe again, then read what was missed.
          holder.reconnections += 1;
          holder.lostAt ??= Date.now();
          setTimeout(() => void this.resubscribe(holder, socket), 250);
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        resolve();
        if (this.stopped) return;
        holder.reconnections += 1;
        holder.lostAt ??= Date.now();
        setTimeout(() => void this.reconnect(holder), 250 + Math.random() * 750);
      });
    });
  }

  private async resubscribe(holder: Holder, socket: WebSocket): Promise<void> {
    if (this.stopped || socket.readyState !== WebSocket.OPEN) return;
    this.subscribe(holder, socket, String(++this.subscriptionIds));
    await this.catchUp(holder);
  }

  /** The loss is forgotten once the subscription has surely started on a socket still open. */
  private subscribe(holder: Holder, socket: WebSocket, id: string): void {
    const lostAt = holder.lostAt;
    socket.send(subscribeMessage(id, lostAt));
    if (lostAt === undefined) return;
    setTimeout(() => {
      if (holder.socket === socket && socket.readyState === WebSocket.OPEN && holder.lostAt === lostAt) {
        holder.lostAt = undefined;
      }
    }, subscriptionStartMs);
  }

  private async reconnect(holder: Holder): Promise<void> {
    if (this.stopped) return;
    await this.connect(holder);
    if (holder.socket?.readyState !== WebSocket.OPEN) return;
    await this.catchUp(holder);
  }

  /**
   * Reads the list once, as the console does. An item published after the read and before the new subscription
   * was live upstream (graphql-ws never says when) comes with the subscription, which resumes from the loss
   * (`resumeSince`); before clients could ask that, a second read 2 s later covered it (one of 200 subscribers in a
   * 1-minute soak missed an item sent 0.24 s after the edge was killed).
   */
  private async catchUp(holder: Holder): Promise<void> {
    if (await this.readList(holder)) holder.catchUps += 1;
  }

  /**
   * Adds the newest 100 items of the person's list to what they have seen, trying again each second while the
   * list is refused (a 503 during a failover), as the console does; false when it never was read.
   */
  private async readList(holder: Holder): Promise<boolean> {
    for (let attempt = 0; attempt < 30 && !this.stopped; attempt += 1) {
      const answer = await call(this.urls.http, '/api/v1/notifications?page=1&limit=100', {
        token: holder.subscriber.token,
      }).catch(() => undefined);
      if (answer?.status === 200) {
        const page = (answer.body.data ?? answer.body) as InboxPage;
        page.items.forEach((item) => holder.seen.add(item.id));
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return false;
  }

  /** Each person's whole inbox now (messages by id), read through the API. */
  async inboxes(): Promise<Map<number, InboxPage['items']>> {
    const all = new Map<number, InboxPage['items']>();
    for (const holder of this.holders) {
      const items: InboxPage['items'] = [];
      for (let page = 1; ; page += 1) {
        const answer = await call(this.urls.http, `/api/v1/notifications?page=${page}&limit=100`, {
          token: holder.subscriber.token,
        });
        const read = (answer.body.data ?? answer.body) as InboxPage;
        items.push(...read.items);
        if (read.items.length < 100) break;
      }
      all.set(holder.subscriber.id, items);
    }
    return all;
  }

  /**
   * Whether each person saw every item of their inbox, live or through a catch-up; `missed` counts, per message,
   * the people who never saw it (where to look when some did not catch up).
   */
  caughtUp(inboxes: Map<number, InboxPage['items']>): {
    reconnected: number;
    caughtUp: number;
    missed: Record<string, number>;
  } {
    let reconnected = 0;
    let caughtUp = 0;
    const missed: Record<string, number> = {};
    for (const holder of this.holders) {
      if (holder.reconnections > 0 && holder.catchUps > 0) reconnected += 1;
      const unseen = (inboxes.get(holder.subscriber.id) ?? []).filter((item) => !holder.seen.has(item.id));
      if (unseen.length === 0) caughtUp += 1;
      for (const item of unseen) missed[item.message] = (missed[item.message] ?? 0) + 1;
    }
    return { reconnected, caughtUp, missed };
  }

  /** How many people lost their connection at least once. */
  get disconnected(): number {
    return this.holders.filter((holder) => holder.reconnections > 0).length;
  }

  close(): void {
    this.stopped = true;
    this.holders.forEach((holder) => holder.socket?.terminate());
  }
}
