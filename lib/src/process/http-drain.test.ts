import { connect } from 'node:net';
import Fastify from 'fastify';
import { Agent, request } from 'undici';
import WebSocket, { WebSocketServer } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { Deadline } from './deadline.js';
import { drainOf } from './http-drain.js';
import { closeSockets } from './socket-close.js';

/** A server whose /slow answers when the test says, with the keep-alive timeout of the edge (65 s). */
async function slowServer() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = Fastify({ keepAliveTimeout: 65_000 });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await released;
    return { ok: true };
  });
  const wss = new WebSocketServer({ server: app.server });
  drainOf(app.server).alsoClose(() => closeSockets(wss));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address, release };
}

describe('drainOf: stop accepting, close sockets with 1012, answer what is in flight', () => {
  const agents: Agent[] = [];
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((agent) => agent.close()));
  });

  it('answers a request in flight on a kept-alive connection, then closes it instead of keeping it 65 s', async () => {
    const { app, address, release } = await slowServer();
    const agent = new Agent({ keepAliveTimeout: 60_000 });
    agents.push(agent);
    const warm = await request(`${address}/fast`, { dispatcher: agent });
    await warm.body.text();
    const slow = request(`${address}/slow`, { dispatcher: agent });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const socket = new WebSocket(address.replace('http', 'ws'));
    await new Promise((resolve) => socket.once('open', resolve));
    const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const startedAt = Date.now();
    const drained = drainOf(app.server).drain(new Deadline(5000));
    expect(await socketClosed).toBe(1012);
    await expect(request(`${address}/fast`, { dispatcher: new Agent() })).rejects.toThrow(/ECONNREFUSED/);
    release();
    const answer = await slow;
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.connection).toBe('close');
    expect(await answer.body.json()).toEqual({ ok: true });
    expect(await drained).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(2000);
    await app.close();
  });

  it('cuts what is still in flight at the deadline and says so', async () => {
    const { app, address, release } = await slowServer();
    const slow = request(`${address}/slow`, { dispatcher: new Agent() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await drainOf(app.server).drain(new Deadline(200))).toBe(false);
    await expect(slow).rejects.toThrow();
    release();
    await app.close();
  });

  it("closes a connection that has not sent a byte (a browser's preconnect) instead of waiting for the deadline", async () => {
    const { app, address } = await slowServer();
    const { port } = new URL(address);
    const preconnect = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => preconnect.once('connect', resolve));
    const cut = new Promise((resolve) => preconnect.once('close', resolve));

    const startedAt = Date.now();
    expect(await drainOf(app.server).drain(new Deadline(5000))).toBe(true);
    // After a second's grace, in which a page answering its socket's 1012 may still use it.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - startedAt).toBeLessThan(2000);
    await cut;
    await app.close();
  });
});
