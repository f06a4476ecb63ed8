import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revocationMarkers } from '@platform/lib/auth/revocation';
import { DatabasePool } from '@platform/lib/database';
import { clientFromNewIp } from '../../../../test/client-address.js';
import { loggedOutSession, loginAs } from '../../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../../test/harness.js';
import { decodeJwt } from '../../../../test/jwt.js';
import { servicesMissing } from '../../../../test/services.js';
import { openRevocationReader, type RevocationReader } from './revocation-reader.js';

/** The reader an edge opens on its own pool when the auth subgraph runs in another process. */
describe.skipIf(servicesMissing)('the revocation reader of a separate edge process', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let pool: DatabasePool;
  let reader: RevocationReader;

  beforeAll(async () => {
    server = await startIsolatedServer();
    pool = new DatabasePool(server.shared.databaseUrl);
    reader = await openRevocationReader(pool);
  });
  afterAll(async () => {
    await pool?.close();
    await server?.close();
  });

  it('reads what the auth subgraph recorded, and only that', async () => {
    const api = clientFromNewIp(server.url);
    const kept = await loginAs(api, adminCredentials.email, adminCredentials.password);
    const ended = await loggedOutSession(api, adminCredentials.email, adminCredentials.password);
    const endedSession = revocationMarkers.session(decodeJwt(ended.accessToken).session_id as string);
    const keptSession = revocationMarkers.session(decodeJwt(kept.accessToken).session_id as string);

    expect(await reader.anyRecorded([keptSession, endedSession])).toBe(true);
    expect(await reader.anyRecorded([keptSession])).toBe(false);
    const unexpired = await reader.unexpired();
    expect(unexpired).toContainEqual({ ...endedSession, expiresAt: expect.any(Date) });
    expect(unexpired.find((revocation) => revocation.subject === keptSession.subject)).toBeUndefined();
  });
});
