import { randomUUID } from 'node:crypto';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenCodec } from '@platform/lib/auth/token-codec';
import { InternalIdentity } from '@platform/lib/graphql/internal-identity';
import { resumeExtension } from '@platform/lib/graphql/subscription-resume';
import { createProjectsSubgraph } from '../app.js';
import { collect } from '../../../../test/notifications-kit.js';
import { createTestDatabase, newSharedResources } from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';
import { startStandaloneSubgraph, type StandaloneSubgraph } from '../../../../test/standalone-subgraph.js';

/**
 * The projects subgraph's subscriptions cannot read back what was published while the edge's upstream was lost:
 * a subscription the edge resumes is refused with the 503 code, so the client subscribes again and re-reads.
 */
describe.skipIf(servicesMissing)('a resumed task activity subscription (issue 25)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let subgraph: StandaloneSubgraph;
  let identity: InternalIdentity;

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = newSharedResources(database.url);
    subgraph = await startStandaloneSubgraph('projects', shared, createProjectsSubgraph);
    identity = new InternalIdentity(
      new TokenCodec({ secret: shared.jwtSecret, previousSecrets: [], issuer: 'platform-auth', now: Date.now }),
    );
  });
  afterAll(async () => {
    await subgraph?.close();
    await database?.drop();
  });

  const subscribe = async (extensions?: Record<string, unknown>) => {
    const token = await identity.sign({
      caller: null,
      authFailure: null,
      request: { requestId: randomUUID(), ip: '127.0.0.1', userAgent: null, deviceFingerprint: null },
    });
    const client = createClient({
      url: subgraph.url.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      lazy: true,
      retryAttempts: 0,
      connectionParams: { identity: token },
    });
    const events = collect(client, 'subscription { taskActivityAdded(projectId: "P-1") { id } }', {}, extensions);
    await events.settled();
    await client.dispose();
    const [first] = events.events as { errors?: { extensions: { code: string } }[] }[];
    return first?.errors?.map((error) => error.extensions.code);
  };

  it('refuses with SERVICE_UNAVAILABLE when resumed, before its other guards; a new one meets them', async () => {
    expect(await subscribe({ [resumeExtension]: new Date(Date.now() - 2000).toISOString() })).toEqual([
      'SERVICE_UNAVAILABLE',
    ]);
    expect(await subscribe()).toEqual(['UNAUTHENTICATED']);
    // A loss older than a catch-up looks back is no resumption.
    expect(await subscribe({ [resumeExtension]: new Date(Date.now() - 3_600_000).toISOString() })).toEqual([
      'UNAUTHENTICATED',
    ]);
  });
});
