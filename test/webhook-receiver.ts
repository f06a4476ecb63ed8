import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local webhook receiver, as a dashboard team would run one: it records every request. `/broken` answers 500,
 * `/redirect` a 302 to the metadata address, anything else 204. It can go down and come back on its port.
 */
export async function startWebhookReceiver() {
  const received: ReceivedDelivery[] = [];
  let server: Server | undefined;
  let port = 0;

  async function listen(): Promise<void> {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
        if (request.url === '/broken') return void response.writeHead(500).end('down');
        if (request.url === '/redirect') {
          return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        }
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }

  async function stop(): Promise<void> {
    const closing = server;
    server = undefined;
    if (!closing) return;
    closing.closeAllConnections();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await listen();
  return {
    get port() {
      return port;
    },
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** The receiver is down: connections are refused. */
    stop,
    /** Back on the same port. */
    start: listen,
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** What the receiver's Standard Webhooks library makes of a delivery: its payload, or it throws. */
export function verifiedPayload(delivery: ReceivedDelivery, secret: string): Record<string, unknown> {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(delivery.headers[name])]),
  );
  return new Webhook(secret).verify(delivery.body, headers) as Record<string, unknown>;
}
