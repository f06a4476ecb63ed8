import type { WebSocket, WebSocketServer } from 'ws';

/** How often every socket is pinged; one that has not answered the last ping by the next one is cut. */
export const heartbeatMs = 12_000;

/**
 * Liveness of every socket of a server with one timer (decisions: Live inboxes). graphql-ws's own keep-alive
 * gives each socket an interval, a timeout per ping and a listener per pong: three timers' worth of objects on
 * every idle inbox and thousands of timer callbacks a second with a few thousand sockets. Here one sweep pings every
 * open socket and terminates each that left the previous ping unanswered (a peer gone without a close), as
 * graphql-ws did after the same 12 s. Returns the sweep's stop.
 */
export function startHeartbeat(server: WebSocketServer, intervalMs = heartbeatMs): () => void {
  const unanswered = new WeakSet<WebSocket>();
  // One listener function for every socket: the emitter is `this`.
  function answered(this: WebSocket) {
    unanswered.delete(this);
  }
  server.on('connection', (socket: WebSocket) => socket.on('pong', answered));
  const sweep = setInterval(() => {
    for (const socket of server.clients) {
      if (socket.readyState !== socket.OPEN) continue;
      if (unanswered.has(socket)) {
        socket.terminate();
        continue;
      }
      unanswered.add(socket);
      socket.ping();
    }
  }, intervalMs).unref();
  return () => clearInterval(sweep);
}
