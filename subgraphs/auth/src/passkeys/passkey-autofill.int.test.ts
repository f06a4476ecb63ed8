import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIpHeader } from '../../../../test/client-address.js';
import { httpClient, loginAs, type HttpClient } from '../../../../test/client.js';
import { deviceTestKit } from '../../../../test/device-kit.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { assertion, newCredential } from '../../../../test/passkey-authenticator.js';
import { passkeyKit, passkeyPaths } from '../../../../test/passkey-kit.js';
import { servicesMissing } from '../../../../test/services.js';
import type { LoginOptions } from './passkey-login.service.js';

const origin = 'https://console.example.test';
const rpId = 'console.example.test';
const autofillPath = '/api/v1/auth/webauthn/login/autofill';

/** Issue 27, item 5: passkeys the browser offers by itself (autofill) and the automatic upgrade (conditional create). */
describe.skipIf(servicesMissing)('passkey autofill and conditional create', () => {
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let kit: ReturnType<typeof passkeyKit>;
  let users: ReturnType<typeof deviceTestKit>;

  beforeAll(async () => {
    server = await startIsolatedServer({ WEBAUTHN_ORIGINS: origin, WEBAUTHN_RP_ID: rpId, WEBAUTHN_RP_NAME: 'Console' });
    api = httpClient(server.url);
    kit = passkeyKit(api, origin);
    users = deviceTestKit(api);
  });
  afterAll(async () => server?.close());

  const autofill = async () => {
    const begun = await api.post(autofillPath, undefined, { headers: freshIpHeader() });
    expect(begun.status).toBe(200);
    return begun.body.data as LoginOptions;
  };
  const finish = (options: LoginOptions, credential: ReturnType<typeof newCredential>, handle: string | null) =>
    api.post(
      passkeyPaths.loginFinish,
      { challengeId: options.challengeId, credential: assertion(credential, options.publicKey, origin, handle) },
      { headers: freshIpHeader() },
    );

  it('offers autofill options naming no account, and signs in whoever holds a discoverable passkey', async () => {
    const user = await users.newUser();
    const credential = newCredential();
    const handle = await kit.register(user.token, credential);
    const options = await autofill();
    expect(options.publicKey).toEqual({
      challenge: expect.any(String),
      timeout: 300000,
      rpId,
      allowCredentials: [],
      userVerification: 'preferred',
    });
    const signedIn = await finish(options, credential, handle);
    expect(signedIn.status).toBe(200);
    const me = await api.graphql('{ me { id } }', {}, { token: signedIn.body.data.accessToken });
    expect(me.body.data.me.id).toBe(user.id);
  });

  it('refuses an autofill answer without the user handle, or with another account’s, and an unknown credential', async () => {
    const user = await users.newUser();
    const other = await users.newUser();
    const credential = newCredential();
    await kit.register(user.token, credential);
    const otherHandle = await kit.register(other.token, newCredential());
    const refusal = { message: 'Passkey verification failed', statusCode: 401 };
    expect((await finish(await autofill(), credential, null)).body).toEqual(refusal);
    expect((await finish(await autofill(), credential, otherHandle)).body).toEqual(refusal);
    expect((await finish(await autofill(), newCredential(), otherHandle)).body).toEqual(refusal);
  });

  it('accepts a conditional create without user presence right after a password sign-in, and only then', async () => {
    const user = await users.newUser();
    const session = await loginAs(api, user.email, user.password);
    const options = await kit.beginRegistration(session.accessToken, { conditional: true });
    const credential = newCredential();
    const created = await kit.finishRegistration(session.accessToken, options, credential, { flags: { up: false } });
    expect(created.status).toBe(200);

    // Not conditional: user presence stays required.
    const plain = await kit.beginRegistration(session.accessToken);
    const absent = await kit.finishRegistration(session.accessToken, plain, newCredential(), { flags: { up: false } });
    expect(absent.status).toBe(401);

    // A session renewed since its sign-in, or one not begun with a password, is not "right after" it.
    const renewed = await api.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    const late = await api.post(
      passkeyPaths.registerBegin,
      { conditional: true },
      { token: renewed.body.data.accessToken, headers: freshIpHeader() },
    );
    expect(late.status).toBe(400);
    expect(late.body.message).toContain('conditional');
    const viaPasskey = await finish(await autofill(), credential, options.publicKey.user.id);
    const fromPasskey = await api.post(
      passkeyPaths.registerBegin,
      { conditional: true },
      { token: viaPasskey.body.data.accessToken, headers: freshIpHeader() },
    );
    expect(fromPasskey.status).toBe(400);
  });
});
