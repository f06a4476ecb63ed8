import WebSocket from 'ws';
import type { InboxOrder, InboxReport } from './protocol.js';

/**
 * The subscribers, in a process of their own (their sockets and parsing never count as the server's): raw
 * graphql-transport-ws, one connection per user, reporting when each first event arrived. Forked by
 * bench/notifications.ts, which sends the gateway's URL and one access token per subscriber over IPC.
 */

const query = 'subscription { inboxChanged { unreadCount notification { id message createdAt } } }';
const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];

function send(report: InboxReport): void {
  process.send!(report);
}

function subscribe(url: string, tokens: string[]): void {
  let ready = 0;
  const arrivals = new Array<number>(tokens.length).fill(0);
  let received = 0;
  tokens.forEach((token, index) => {
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
  });
}

process.on('message', (order: InboxOrder) => {
  if (order !== 'exit') return subscribe(order.url, order.tokens);
  sockets.forEach((socket) => socket.terminate());
  process.exit(0);
});
