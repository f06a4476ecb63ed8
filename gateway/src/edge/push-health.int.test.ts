import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { fcmStandIn } from '../../../test/delivery-stand-ins.js';
import { httpClient } from '../../../test/client.js';
import { startIsolatedServer } from '../../../test/harness.js';
import { servicesMissing } from '../../../test/services.js';

describe.skipIf(servicesMissing)('/health checks the push provider for real', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>> | undefined;

  afterEach(async () => {
    await server?.close();
    nock.cleanAll();
  });

  it('reports push healthy when FCM grants its service account a token', async () => {
    const fcm = fcmStandIn();
    server = await startIsolatedServer(fcm.env);
    const health = await httpClient(server.url).get('/health');
    expect(health.status).toBe(200);
    expect(health.body.services).toEqual({ database: 'healthy', cache: 'healthy', push: 'healthy' });
  });

  it('reports push unhealthy, and the service degraded, when FCM refuses the credentials', async () => {
    const fcm = fcmStandIn();
    nock.cleanAll();
    nock('https://oauth2.googleapis.com').post('/token').reply(401, { error: 'invalid_grant' }).persist();
    server = await startIsolatedServer(fcm.env);
    const health = await httpClient(server.url).get('/health');
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('degraded');
    expect(health.body.services.push).toBe('unhealthy');
  });
});
