import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { startHeartbeat } from './heartbeat.js';

const opened: { close(): void }[] = [];
afterEach(() => opened.splice(0).forEach((resource) => resource.close()));

async function serverWithHeartbeat(intervalMs: number) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const stop = startHeartbeat(server, intervalMs);
  opened.push({ close: () => (stop(), server.close()) });
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function connect(url: string, options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(url, options);
  opened.push({ close: () => socket.terminate() });
  await new Promise((resolve) => socket.once('open', resolve));
  return socket;
}

describe('startHeartbeat', () => {
  it('cuts a socket that leaves a ping unanswered and keeps one that answers', async () => {
    const url = await serverWithHeartbeat(100);
    const answering = await connect(url);
    const silent = await connect(url, { autoPong: false });
    let pings = 0;
    answering.on('ping', () => (pings += 1));
    const cut = await new Promise<number>((resolve) => silent.once('close', (code) => resolve(code)));
    // terminate(): no closing handshake, the peer sees the connection drop (1006).
    expect(cut).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(answering.readyState).toBe(WebSocket.OPEN);
    expect(pings).toBeGreaterThanOrEqual(3);
  });
});
