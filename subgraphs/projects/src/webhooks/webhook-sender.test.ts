import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook, type WebhookSendLimits } from './webhook-sender.js';
import { newWebhookSecret, signedHeaders } from './webhook-signature.js';
import { isRefusedAddress } from './webhook-target.js';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local receiver: records what reaches it; some paths answer a redirect, a large body, or nothing. */
async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
      const answers: Record<string, () => unknown> = {
        '/redirect': () => response.writeHead(302, { location: '/elsewhere' }).end(),
        '/large': () => response.writeHead(200).end('x'.repeat(1_000_000)),
        '/silent': () => undefined,
        '/broken': () => response.writeHead(500).end('down'),
      };
      (answers[request.url ?? ''] ?? (() => response.writeHead(204).end()))();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('webhook deliveries: Standard Webhooks signatures and the address guard', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const limits: WebhookSendLimits = {
    allowedHosts: [],
    timeoutMs: 1000,
    maxBodyBytes: 256 * 1024,
    maxResponseBytes: 4096,
  };
  const local = { ...limits, allowedHosts: ['127.0.0.1'] };
  const body = JSON.stringify({ type: 'task.updated', data: { unique_code: 'PRJ-1-T1' } });

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  it('signs as Standard Webhooks specifies: the standardwebhooks library verifies it, with either secret while rotating', async () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const headers = signedHeaders({ id: 'msg_1', timestamp: new Date(), body }, [current, previous]);
    const attempt = await sendWebhook(`http://127.0.0.1:${receiver.port}/hook`, { ...headers }, body, local);
    expect(attempt).toMatchObject({ outcome: 'delivered', statusCode: 204 });
    const seen = receiver.received.at(-1)!;
    const asReceived = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(seen.headers[name])]),
    );
    expect(new Webhook(current).verify(seen.body, asReceived)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(seen.body, asReceived)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(seen.body, asReceived)).toThrow();
    expect(() => new Webhook(current).verify(seen.body.replace('T1', 'T2'), asReceived)).toThrow();
  });

  it('refuses loopback, private, link-local and metadata targets without connecting, unless the host is allowed', async () => {
    const before = receiver.received.length;
    for (const target of [
      `http://127.0.0.1:${receiver.port}/hook`,
      `http://localhost:${receiver.port}/hook`,
      `http://[::1]:${receiver.port}/hook`,
      `http://[::ffff:127.0.0.1]:${receiver.port}/hook`,
      'http://10.1.2.3/hook',
      'http://172.16.0.1/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/hook',
      'http://0.0.0.0/hook',
    ]) {
      const attempt = await sendWebhook(target, {}, body, limits);
      expect(attempt.outcome, target).toBe('refused');
    }
    expect(await sendWebhook('file:///etc/passwd', {}, body, limits)).toMatchObject({ outcome: 'refused' });
    expect(receiver.received.length).toBe(before);
    expect(isRefusedAddress('93.184.216.34')).toBe(false);
    expect(isRefusedAddress('2606:4700::1111')).toBe(false);
  });

  it('never follows a redirect, caps what it reads, refuses a body over its cap, and gives up on silence', async () => {
    const base = `http://127.0.0.1:${receiver.port}`;
    const redirected = await sendWebhook(`${base}/redirect`, {}, body, local);
    expect(redirected).toMatchObject({ outcome: 'rejected', statusCode: 302 });
    expect(receiver.received.some((entry) => entry.path === '/elsewhere')).toBe(false);
    const large = await sendWebhook(`${base}/large`, {}, body, local);
    expect(large.outcome).toBe('delivered');
    expect(large.outcome === 'delivered' && large.response.length).toBeLessThanOrEqual(4096);
    const broken = await sendWebhook(`${base}/broken`, {}, body, local);
    expect(broken).toMatchObject({ outcome: 'rejected', statusCode: 500, response: 'down' });
    const oversized = await sendWebhook(`${base}/hook`, {}, 'x'.repeat(limits.maxBodyBytes + 1), local);
    expect(oversized.outcome).toBe('refused');
    const silent = await sendWebhook(`${base}/silent`, {}, body, { ...local, timeoutMs: 300 });
    expect(silent).toMatchObject({ outcome: 'failed', reason: 'no answer within 300 ms' });
  });
});
