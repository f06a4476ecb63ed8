import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateWindows } from '@platform/lib/rate-limit';
import { startIsolatedServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';
import { operationLimits } from '../graph/operation-limits.js';

/** The proxy the edge is told to trust, and a client that is not one; both are loopback addresses of this host. */
const proxyAddress = '127.0.0.3';
const directClient = '127.0.0.2';

/** A query of `count` root fields: the per-IP limit counts it `count` times (decisions: Per-IP limit and GraphQL). */
const rootFields = (count: number) =>
  `{ ${Array.from({ length: count }, (_, index) => `a${index}: __typename`).join(' ')} }`;

/** POST /graphql over a connection from `localAddress`, with the X-Forwarded-For given: the answer's status. */
function postFrom(baseUrl: string, localAddress: string, forwardedFor: string, query: string): Promise<number> {
  const body = JSON.stringify({ query });
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL('/graphql', baseUrl), {
      method: 'POST',
      localAddress,
      agent: false,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Spends the whole per-IP window in requests of the most root fields an operation may have; each answer's status. */
async function spendWindow(send: (query: string) => Promise<number>): Promise<number[]> {
  const perRequest = operationLimits.maxAliases;
  const statuses: number[] = [];
  for (let spent = 0; spent < rateWindows.perIp.limit; spent += perRequest) {
    statuses.push(await send(rootFields(Math.min(perRequest, rateWindows.perIp.limit - spent))));
  }
  return statuses;
}

describe.skipIf(servicesMissing)(
  'TRUSTED_PROXIES: who may name the client for the per-IP limit, over real HTTP',
  () => {
    let server: Awaited<ReturnType<typeof startIsolatedServer>>;

    beforeAll(async () => {
      server = await startIsolatedServer({ TRUSTED_PROXIES: `${proxyAddress}/32` });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('ignores X-Forwarded-For from a peer that is not a trusted proxy: every spoofed address shares its limit', async () => {
      let spoofed = 0;
      const send = (query: string) => postFrom(server.url, directClient, `198.51.100.${(spoofed += 1)}`, query);
      expect(new Set(await spendWindow(send))).toEqual(new Set([200]));
      expect(await send('{ __typename }')).toBe(429);
      // The limit is the peer's own: the trusted proxy's clients are not affected.
      expect(await postFrom(server.url, proxyAddress, '203.0.113.99', '{ __typename }')).toBe(200);
    });

    it('uses X-Forwarded-For from a trusted proxy: two clients behind it get separate limits', async () => {
      const first = (query: string) => postFrom(server.url, proxyAddress, '203.0.113.1', query);
      expect(new Set(await spendWindow(first))).toEqual(new Set([200]));
      expect(await first('{ __typename }')).toBe(429);
      expect(await postFrom(server.url, proxyAddress, '203.0.113.2', '{ __typename }')).toBe(200);
      // Addresses the client put to the left of what the proxy appended prove nothing.
      expect(await postFrom(server.url, proxyAddress, '203.0.113.2, 203.0.113.1', '{ __typename }')).toBe(429);
      expect(await postFrom(server.url, proxyAddress, '203.0.113.1, 203.0.113.2', '{ __typename }')).toBe(200);
    });
  },
);
