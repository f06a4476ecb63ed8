import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachRequestFromNewIp } from '../../../../test/client-address.js';
import { httpClient, loginAs, type HttpClient } from '../../../../test/client.js';
import { deviceTestKit, makeKeyPair } from '../../../../test/device-kit.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { servicesMissing } from '../../../../test/services.js';

const timelineQuery = `query ($page: PageInput) {
  mySecurityEvents(page: $page) {
    items { id action result errorCode deviceId ipAddress userAgent createdAt }
    currentPage totalItems totalPages
  }
}`;

describe.skipIf(servicesMissing)("the owner's security timeline through the graph", () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: ReturnType<typeof deviceTestKit>;

  beforeAll(async () => {
    server = await startIsolatedServer();
    api = eachRequestFromNewIp(httpClient(server.url));
    kit = deviceTestKit(api);
  });
  afterAll(async () => server?.close());

  const timeline = (token: string, page?: { page?: number; limit?: number }) =>
    api.graphql(timelineQuery, { page }, { token });

  it('lists sign-ins, sign-outs and device changes of the caller only, newest first, without reads or challenges', async () => {
    const user = await kit.newUser();
    const other = await kit.newUser();
    expect((await api.post('/api/v1/auth/login', { email: user.email, password: 'not-the-password-1' })).status).toBe(
      401,
    );
    const keys = makeKeyPair('ES256');
    const device = await kit.registerDevice(user.token, keys);
    await api.get('/api/v1/auth/devices', { token: user.token });
    await kit.mobileLogin(device.fingerprint, keys);
    await api.delete(`/api/v1/auth/devices/${device.deviceId}`, { token: user.token });
    const signedIn = await loginAs(api, user.email, user.password);
    await api.post('/api/v1/auth/logout', { refreshToken: signedIn.refreshToken }, { token: signedIn.accessToken });

    const response = await timeline(user.token, { limit: 100 });
    expect(response.body.errors).toBeUndefined();
    const page = response.body.data.mySecurityEvents;
    const summary = (page.items as Record<string, string>[]).map((item) => `${item.action}:${item.result}`).reverse();
    expect(summary).toEqual([
      'login:success',
      'login:failure',
      'device_register_verify:success',
      'biometric_login:success',
      'device_delete:success',
      'login:success',
      'logout:success',
    ]);
    expect(page.items.find((item: { action: string }) => item.action === 'device_delete').deviceId).toBe(
      device.deviceId,
    );
    expect(page.items[0].ipAddress).toBeTruthy();
    expect(page).toMatchObject({ currentPage: 1, totalItems: 7, totalPages: 1 });
    const ids = page.items.map((item: { id: string }) => Number(item.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const others = await timeline(other.token);
    expect(others.body.data.mySecurityEvents.items.map((item: { action: string }) => item.action)).toEqual(['login']);
  });

  it('pages, and names the field of a bad page', async () => {
    const user = await kit.newUser();
    for (let i = 0; i < 2; i++) await loginAs(api, user.email, user.password);
    const second = await timeline(user.token, { page: 2, limit: 2 });
    expect(second.body.data.mySecurityEvents).toMatchObject({ currentPage: 2, totalItems: 3, totalPages: 2 });
    expect(second.body.data.mySecurityEvents.items).toHaveLength(1);
    const bad = await timeline(user.token, { limit: 101 });
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors?.[0]?.message).toContain('limit');
  });

  it('is refused without a bearer', async () => {
    const response = await api.graphql(timelineQuery, {});
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
