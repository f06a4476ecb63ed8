import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthSubgraph } from '@platform/auth/app';
import { clientWith, httpClient, loginAs, type HttpClient } from '../../../../test/client.js';
import { onDatabase } from '../../../../test/database.js';
import { deviceTestKit, makeKeyPair } from '../../../../test/device-kit.js';
import { createTestDatabase, newSharedResources, startTestServer, type TestServer } from '../../../../test/harness.js';
import { decodeJwt } from '../../../../test/jwt.js';
import { inboxHolding } from '../../../../test/notifications-kit.js';
import { newCredential } from '../../../../test/passkey-authenticator.js';
import { passkeyKit } from '../../../../test/passkey-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import { startStandaloneSubgraph, type StandaloneSubgraph } from '../../../../test/standalone-subgraph.js';
import { pause } from '../../../../test/waiting.js';

const origin = 'https://console.example.test';
const passkeyEnv = { WEBAUTHN_ORIGINS: origin, WEBAUTHN_RP_ID: 'console.example.test', WEBAUTHN_RP_NAME: 'Console' };
const agents = {
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeLinuxUpdated:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
};
const mySessions = '{ mySessions { id method deviceId deviceName ipAddress browser os createdAt lastUsedAt current } }';

/** Both layouts: the notice of a new browser is raised by the auth subgraph wherever it runs. */
const layouts: Record<
  string,
  (shared: ReturnType<typeof newSharedResources>) => Promise<{ gateway: TestServer; close(): Promise<void> }>
> = {
  'single node': async (shared) => {
    const gateway = await startTestServer(shared, passkeyEnv);
    return { gateway, close: () => gateway.close() };
  },
  'distributed, auth alone': async (shared) => {
    const auth: StandaloneSubgraph = await startStandaloneSubgraph('auth', shared, createAuthSubgraph, passkeyEnv);
    const gateway = await startTestServer(shared, { ...passkeyEnv, SUBGRAPH_AUTH_URL: auth.url });
    return {
      gateway,
      close: async () => {
        await gateway.close();
        await auth.close();
      },
    };
  },
};

/** Issue 27, item 3: sessions a person can see and end, and a notice of a sign-in from a new browser. */
describe.skipIf(servicesMissing).each(Object.keys(layouts))('sessions (%s)', (name) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let layout: Awaited<ReturnType<(typeof layouts)[string]>>;
  let api: HttpClient;
  let kit: ReturnType<typeof deviceTestKit>;
  const from = (ip: string, agent: string) =>
    clientWith(layout.gateway.url, { 'x-forwarded-for': ip, 'user-agent': agent });
  const sql = (text: string, values: unknown[]) =>
    onDatabase(database.url, async (client) => (await client.query(text, values)).rows);

  beforeAll(async () => {
    database = await createTestDatabase();
    layout = await layouts[name]!(newSharedResources(database.url));
    api = httpClient(layout.gateway.url);
    kit = deviceTestKit(api);
  });
  afterAll(async () => {
    await layout?.close();
    await database?.drop();
  });

  it('lists each live session with its method, device, address, browser and OS, newest first, the current one marked', async () => {
    const user = await kit.newUser();
    const firefox = await loginAs(from('10.27.0.1', agents.firefoxWindows), user.email, user.password);
    const device = await kit.registerDevice(user.token, makeKeyPair('ES256'));
    const phone = await kit.mobileLogin(device.fingerprint, device.keys);
    const passkeys = passkeyKit(from('10.27.0.2', agents.safariIphone), origin);
    const credential = newCredential();
    const handle = await passkeys.register(user.token, credential);
    const signedIn = await passkeys.finishLogin(await passkeys.beginLogin(user.email), credential, handle);
    expect(signedIn.status).toBe(200);
    const ended = await loginAs(api, user.email, user.password);
    expect(
      (await api.delete(`/api/v1/auth/sessions/${sessionOf(ended.accessToken)}`, { token: ended.accessToken })).status,
    ).toBe(200);

    const listed = await api.get('/api/v1/auth/sessions', { token: firefox.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toContain('no-store');
    const sessions = listed.body.data.sessions as Record<string, unknown>[];
    expect(sessions.map((session) => session.id)).toEqual([
      sessionOf(signedIn.body.data.accessToken),
      sessionOf(phone.accessToken),
      sessionOf(firefox.accessToken),
      sessionOf(user.token),
    ]);
    expect(sessions[0]).toMatchObject({
      method: 'passkey',
      browser: 'Safari 17',
      os: 'iOS',
      deviceId: null,
      current: false,
    });
    expect(sessions[1]).toMatchObject({
      method: 'biometric',
      deviceId: device.deviceId,
      deviceName: `Test phone ${device.fingerprint.slice(0, 6)}`,
      current: false,
    });
    expect(sessions[2]).toEqual({
      id: sessionOf(firefox.accessToken),
      method: 'password',
      deviceId: null,
      deviceName: null,
      ipAddress: '10.27.0.1',
      browser: 'Firefox 132',
      os: 'Windows',
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      current: true,
    });

    const graph = await api.graphql(
      mySessions,
      {},
      { token: phone.accessToken, headers: { 'x-device-fingerprint': device.fingerprint } },
    );
    expect(graph.body.data.mySessions.find((session: { current: boolean }) => session.current).id).toBe(
      sessionOf(phone.accessToken),
    );
  });

  it("renews the session's last use and address with each refresh", async () => {
    const user = await kit.newUser();
    const signedIn = await loginAs(from('10.27.1.1', agents.chromeLinux), user.email, user.password);
    await pause(20);
    const renewed = await from('10.27.1.2', agents.chromeLinux).post('/api/v1/auth/refresh', {
      refreshToken: signedIn.refreshToken,
    });
    expect(renewed.status).toBe(200);
    const sessions = (await api.get('/api/v1/auth/sessions', { token: renewed.body.data.accessToken })).body.data
      .sessions;
    const session = sessions.find((listed: { id: string }) => listed.id === sessionOf(signedIn.accessToken));
    expect(session.ipAddress).toBe('10.27.1.2');
    expect(Date.parse(session.lastUsedAt)).toBeGreaterThan(Date.parse(session.createdAt));
  });

  it("refuses another user's session and unknown ids alike (404), and a malformed id (400 naming id), writing nothing", async () => {
    const owner = await kit.newUser();
    const stranger = await kit.newUser();
    const ownerSession = sessionOf(owner.token);
    const foreign = await api.delete(`/api/v1/auth/sessions/${ownerSession}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Session not found', statusCode: 404 });
    const unknown = await api.delete('/api/v1/auth/sessions/3f1c2a64-5b7e-4c1d-9a8e-0c2b4d6f8a10', {
      token: stranger.token,
    });
    expect(unknown.body).toEqual(foreign.body);
    const malformed = await api.delete('/api/v1/auth/sessions/not-a-session', { token: stranger.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('id');
    const rows = await sql('select revoked_at from auth.token_family where id = $1', [ownerSession]);
    expect(rows).toEqual([{ revoked_at: null }]);
    expect((await api.get('/api/v1/auth/sessions', { token: owner.token })).status).toBe(200);
    const unauthenticated = await api.get('/api/v1/auth/sessions');
    expect(unauthenticated.status).toBe(401);
  });

  it('ends the other sessions over REST, keeping the caller signed in, and records the ending in the audit log', async () => {
    const user = await kit.newUser();
    const other = await loginAs(api, user.email, user.password);
    const ended = await api.post('/api/v1/auth/sessions/revoke-others', undefined, { token: other.accessToken });
    expect(ended.body).toEqual({ data: { success: true, revokedCount: 1 } });
    expect((await api.get('/api/v1/auth/sessions', { token: user.token })).status).toBe(401);
    const left = (await api.get('/api/v1/auth/sessions', { token: other.accessToken })).body.data.sessions;
    expect(left.map((session: { id: string }) => session.id)).toEqual([sessionOf(other.accessToken)]);
    const audit = await sql(
      `select action, details from auth.audit_entry where user_id = $1 and action like 'session_%'`,
      [user.id],
    );
    expect(audit).toEqual([{ action: 'session_revoke_others', details: { revokedCount: 1 } }]);
  });

  it("puts a notice in the inbox for a sign-in from a browser the account has not used, not for a known one's update", async () => {
    const user = await kit.newUser();
    // The account's first sign-in (in newUser) was from this test's client; the same client again is no news.
    await loginAs(api, user.email, user.password);
    await loginAs(from('10.27.2.1', agents.chromeLinux), user.email, user.password);
    await loginAs(from('10.27.2.2', agents.chromeLinuxUpdated), user.email, user.password);
    const inbox = await inboxHolding(api, user.token, 1);
    expect(inbox.items[0]).toMatchObject({
      message: expect.stringContaining(
        'with a password from Chrome 131 on Linux (10.27.2.1), which it had not used before',
      ),
    });
    await pause(500);
    expect((await api.get('/api/v1/notifications', { token: user.token })).body.totalItems).toBe(1);
  });
});

function sessionOf(accessToken: string): string {
  return decodeJwt(accessToken).session_id as string;
}
