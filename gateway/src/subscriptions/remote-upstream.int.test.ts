import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenCodec } from '@platform/lib/auth/token-codec';
import { InternalIdentity } from '@platform/lib/graphql/internal-identity';
import { resumeExtension } from '@platform/lib/graphql/subscription-resume';
import { RemoteUpstream } from './remote-upstream.js';

/**
 * A real graphql-ws server on a real socket, standing where a subgraph process stands, that drops its first
 * subscription as soon as it arrives (a replica killed just after it acknowledged): the loss of an attempt that
 * never settled, which no subgraph test can cut at that moment without racing the catch-up.
 */
describe('the remote upstream of a subscription the client resumed', () => {
  const schema = buildSchema('type Query { ok: Boolean } type Subscription { tick: String }');
  /** The resumeSince of every subscribe message the server received, in order. */
  const resumedFrom: unknown[] = [];
  let server: WebSocketServer;
  let httpUrl: string;

  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    httpUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
    useServer(
      {
        schema,
        roots: {
          subscription: {
            tick: async function* () {
              yield { tick: 'live' };
            },
          },
        },
        onSubscribe: (context, _id, payload) => {
          resumedFrom.push(payload.extensions?.[resumeExtension]);
          if (resumedFrom.length === 1) context.extra.socket.close(1011, 'lost');
        },
      },
      server,
    );
  });
  afterAll(async () => {
    server.clients.forEach((socket) => socket.terminate());
    await new Promise((resolve) => server.close(resolve));
  });

  it("keeps resuming from the client's loss when the first attempt is lost before it settled", async () => {
    const codec = new TokenCodec({
      secret: randomBytes(48).toString('base64url'),
      previousSecrets: [],
      issuer: 'platform-auth',
      now: Date.now,
    });
    const upstream = new RemoteUpstream({
      name: 'notifications',
      httpUrl,
      identity: new InternalIdentity(codec),
      resumeWindowMs: 5000,
      now: Date.now,
    });
    const clientLostAt = new Date(Date.now() - 60_000);
    const events = await upstream.subscribe({
      query: 'subscription { tick }',
      variables: {},
      context: {
        caller: null,
        authFailure: null,
        request: { requestId: randomUUID(), ip: '127.0.0.1', userAgent: null, deviceFingerprint: null },
        resumeSince: clientLostAt,
      },
    });
    try {
      expect((await events.next()).value).toEqual({ data: { tick: 'live' }, errors: undefined });
      // The second attempt asks from the client's loss, not from its own: the first may have read nothing.
      expect(resumedFrom).toEqual([clientLostAt.toISOString(), clientLostAt.toISOString()]);
    } finally {
      await events.return?.();
    }
  });
});
