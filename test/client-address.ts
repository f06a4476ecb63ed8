import { clientWith, withHeaders, type HttpClient } from './client.js';

let issued = 0;

/**
 * A client address no other call in this process gets (the edge trusts X-Forwarded-For from loopback), so that
 * tests do not share per-IP rate-limit buckets by accident; the process id keeps parallel test files apart.
 */
export function uniqueIp(): string {
  issued += 1;
  const salt = process.pid % 200;
  return `10.${salt}.${Math.floor(issued / 250)}.${(issued % 250) + 1}`;
}

/** The header that makes one request come from a fresh client address. */
export function freshIpHeader(): Record<string, string> {
  return { 'x-forwarded-for': uniqueIp() };
}

/** A client whose requests all come from one fresh client address. */
export function clientFromNewIp(baseUrl: string): HttpClient {
  return clientWith(baseUrl, freshIpHeader());
}

/** The client with every request from a fresh client address of its own. */
export function eachRequestFromNewIp(client: HttpClient): HttpClient {
  return withHeaders(client, freshIpHeader);
}
