import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isAllowedHost, isRefusedAddress } from './webhook-target.js';

export interface WebhookSendLimits {
  /** Host names or addresses exempt from the address check (`WEBHOOK_ALLOWED_HOSTS`). */
  allowedHosts: readonly string[];
  timeoutMs: number;
  /** The largest request body sent; a larger payload is refused before any connection. */
  maxBodyBytes: number;
  /** The most of the receiver's answer read (kept for the delivery log); the rest is dropped. */
  maxResponseBytes: number;
}

/** What one attempt came to: delivered (2xx), or why not, for the delivery log and the retry decision. */
export type WebhookAttempt =
  | { outcome: 'delivered'; statusCode: number; durationMs: number; response: string }
  | { outcome: 'rejected'; statusCode: number; durationMs: number; response: string }
  | { outcome: 'refused'; reason: string; durationMs: number }
  | { outcome: 'failed'; reason: string; durationMs: number };

class RefusedTargetError extends Error {}

/**
 * The address check sits in the connection's own DNS lookup, so the address checked is the address connected to:
 * a host that resolves to a public address at registration and to a private one later (DNS rebinding) is refused.
 */
function guardedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const blocked = !allowed && addresses.some(({ address }) => isRefusedAddress(address));
      if (blocked || addresses.length === 0)
        return callback(
          new RefusedTargetError('the host resolves to a private, loopback or link-local address'),
          '',
          0,
        );
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * Posts one signed delivery. Guard clauses first: the scheme, then an address literal's range; a host name is
 * checked as it resolves. Redirects are never followed (a 3xx is a rejection), the answer is read up to its cap.
 */
export async function sendWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  limits: WebhookSendLimits,
  clock: () => number = Date.now,
): Promise<WebhookAttempt> {
  const started = clock();
  const elapsed = () => clock() - started;
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { outcome: 'refused', reason: 'only http and https are delivered to', durationMs: 0 };
  const allowed = isAllowedHost(url, limits.allowedHosts);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowed && isRefusedLiteral(literal))
    return { outcome: 'refused', reason: 'the address is private, loopback or link-local', durationMs: 0 };
  const bytes = Buffer.from(body);
  if (bytes.length > limits.maxBodyBytes)
    return { outcome: 'refused', reason: `the body is larger than ${limits.maxBodyBytes} bytes`, durationMs: 0 };
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(bytes.length) },
    lookup: guardedLookup(allowed),
    timeout: limits.timeoutMs,
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookAttempt>((resolve) => {
    const request = send(url, options, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size >= limits.maxResponseBytes) {
          response.destroy();
          return;
        }
        chunks.push(chunk.subarray(0, limits.maxResponseBytes - size));
        size += chunk.length;
      });
      const finish = () => {
        const statusCode = response.statusCode ?? 0;
        const text = Buffer.concat(chunks).toString('utf8');
        const ok = statusCode >= 200 && statusCode < 300;
        resolve({ outcome: ok ? 'delivered' : 'rejected', statusCode, durationMs: elapsed(), response: text });
      };
      response.on('end', finish);
      response.on('close', finish);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${limits.timeoutMs} ms`)));
    request.on('error', (error) =>
      resolve(
        error instanceof RefusedTargetError
          ? { outcome: 'refused', reason: error.message, durationMs: elapsed() }
          : { outcome: 'failed', reason: error.message, durationMs: elapsed() },
      ),
    );
    request.end(bytes);
  });
}

function isRefusedLiteral(host: string): boolean {
  return /^[\d.]+$|:/.test(host) && isRefusedAddress(host);
}
