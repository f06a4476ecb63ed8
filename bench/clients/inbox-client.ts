import WebSocket from 'ws';
import type { InboxOrder, InboxReport } from './protocol.js';

/**
 * The subscribers, in a process of their own (their sockets and parsing never count as the server's): raw
 * graphql-transport-ws, one connection per user, reporting when each first event arrived. Forked by
 * bench/notifications.ts, which sends the gateway's URL and one access token per subscriber over IPC.
 */

const query = 'subscription { inboxChanged { unreadCount notification { id message createdAt } } }';
const now = () => performance.timeOrigin + performance.now();
/**
 * Handshakes under way at once: subscribers connect as a steady stream, the next as one is acknowledged. All 5,000
 * at once would measure a reconnection storm (the edge's event loop saturated by upgrades and inits), not the
 * fan-out to connected inboxes (docs/decisions.md, Live inboxes and filter options).
 */
const handshakesAtOnce = 200;
const sockets: WebSocket[] = [];
let exiting = false;

function send(report: InboxReport): void {
  process.send!(report);
}

function subscribe(url: string, tokens: string[]): void {
  let ready = 0;
  const arrivals = new Array<number>(tokens.length).fill(0);
  let received = 0;
  let opened = 0;
  const openNext = () => {
    if (opened < tokens.length) open(tokens[opened]!, opened++);
  };
  const open = (token: string, index: number) => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    sockets.push(socket);
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })),
    );
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; payload?: unknown };
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
        ready += 1;
        openNext();
        if (ready === tokens.length) setTimeout(() => send({ type: 'ready' }), 500);
      } else if (message.type === 'error') {
        send({ type: 'error', message: JSON.stringify(message.payload) });
      } else if (message.type === 'next' && arrivals[index] === 0) {
        arrivals[index] = now();
        received += 1;
        if (received === tokens.length) send({ type: 'arrivals', arrivals });
      }
    });
    socket.on('error', (error) => send({ type: 'error', message: String(error) }));
    // A socket the server closes before the run ends (a refused token, a limit) fails the run, with its code.
    socket.on('close', (code, reason) => {
      if (!exiting) send({ type: 'error', message: `subscriber ${index} closed: ${code} ${String(reason)}` });
    });
  };
  for (let started = 0; started < handshakesAtOnce; started += 1) openNext();
}

process.on('message', (order: InboxOrder) => {
  if (order !== 'exit') return subscribe(order.url, order.tokens);
  exiting = true;
  sockets.forEach((socket) => socket.terminate());
  process.exit(0);
});
