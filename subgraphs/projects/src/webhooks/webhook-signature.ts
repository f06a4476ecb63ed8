import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks: a secret is `whsec_` and the base64 of its key bytes (24 bytes: 192 bits, as the spec suggests). */
const secretPrefix = 'whsec_';
const secretBytes = 24;

export function newWebhookSecret(random: (size: number) => Buffer = randomBytes): string {
  return `${secretPrefix}${random(secretBytes).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  if (!secret.startsWith(secretPrefix)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(secretPrefix.length), 'base64');
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The Standard Webhooks headers of one delivery: `v1,<base64 HMAC-SHA256 of id.timestamp.body>` for each secret that
 * signs (the current one, and while a rotation's grace lasts the previous one), separated by spaces, so a receiver
 * holding either secret verifies it (Standard Webhooks, "Signature scheme").
 */
export function signedHeaders(
  delivery: { id: string; timestamp: Date; body: string },
  secrets: string[],
): SignedHeaders {
  const seconds = String(Math.floor(delivery.timestamp.getTime() / 1000));
  const content = `${delivery.id}.${seconds}.${delivery.body}`;
  const signatures = secrets.map(
    (secret) => `v1,${createHmac('sha256', keyOf(secret)).update(content).digest('base64')}`,
  );
  return { 'webhook-id': delivery.id, 'webhook-timestamp': seconds, 'webhook-signature': signatures.join(' ') };
}
