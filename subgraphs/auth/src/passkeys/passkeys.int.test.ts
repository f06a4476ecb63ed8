import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../../../../test/client.js';
import { onDatabase } from '../../../../test/database.js';
import { deviceTestKit } from '../../../../test/device-kit.js';
import { startIsolatedServer } from '../../../../test/harness.js';
import { newCredential, type Tampering } from '../../../../test/passkey-authenticator.js';
import { passkeyKit, passkeyPaths } from '../../../../test/passkey-kit.js';
import { servicesMissing } from '../../../../test/services.js';

const origin = 'https://console.example.test';
const rpId = 'console.example.test';
const refusal = { message: 'Passkey verification failed', statusCode: 401 };
const myPasskeys = '{ myPasskeys { id name createdAt lastUsedAt backedUp deviceType } }';

describe.skipIf(servicesMissing)('passkeys (WebAuthn) over REST and GraphQL', () => {
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

  const sql = <T = Record<string, any>>(text: string, values: unknown[] = []) =>
    onDatabase(server.shared.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);
  const storedPasskeys = (userId: number) => sql('select * from auth.passkey where user_id = $1', [userId]);
  const auditOf = (userId: number, action: string) =>
    sql('select * from auth.audit_entry where user_id = $1 and action = $2 order by id', [userId, action]);

  it('begins a registration with the contract shape: ES256 and RS256, 5 minutes, no attestation, the selection asked for', async () => {
    const user = await users.newUser();
    const options = await kit.beginRegistration(user.token, {
      userVerification: 'preferred',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(options.challengeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(options.publicKey.challenge, 'base64url')).toHaveLength(64);
    expect(options.publicKey).toMatchObject({
      rp: { name: 'Console', id: rpId },
      user: { name: user.email, displayName: user.email },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: 300000,
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    expect(Buffer.from(options.publicKey.user.id, 'base64url')).toHaveLength(32);
  });

  it('registers ES256 and RS256 passkeys, signs in with each for the standard token set, and audits both', async () => {
    for (const algorithm of [-7, -257] as const) {
      const user = await users.newUser();
      const credential = newCredential(algorithm);
      const options = await kit.beginRegistration(user.token);
      const finished = await kit.finishRegistration(user.token, options, credential);
      expect(finished.status, String(algorithm)).toBe(200);
      expect(finished.body.data).toMatchObject({
        success: true,
        passkey: { name: 'Passkey', lastUsedAt: null, backedUp: false, deviceType: 'singleDevice' },
      });

      const login = await kit.beginLogin(user.email);
      expect(login.publicKey).toEqual({
        challenge: expect.any(String),
        timeout: 300000,
        rpId,
        allowCredentials: [{ type: 'public-key', id: credential.id.toString('base64url') }],
        userVerification: 'preferred',
      });
      const signedIn = await kit.finishLogin(login, credential, options.publicKey.user.id, { counter: 1 });
      expect(signedIn.status).toBe(200);
      expect(Object.keys(signedIn.body.data).sort()).toEqual([
        'accessToken',
        'accessTokenExpiresAt',
        'refreshToken',
        'refreshTokenExpiresAt',
      ]);
      const me = await api.graphql('{ me { id email } }', {}, { token: signedIn.body.data.accessToken });
      expect(me.body.data.me).toEqual({ id: user.id, email: user.email });
      const refreshed = await api.post('/api/v1/auth/refresh', { refreshToken: signedIn.body.data.refreshToken });
      expect(refreshed.status).toBe(200);

      const [stored] = await storedPasskeys(user.id);
      expect(stored).toMatchObject({ algorithm, counter: '1', backup_eligible: false, user_verified: true });
      expect(stored!.last_used_at).not.toBeNull();
      expect((await auditOf(user.id, 'passkey_register_finish')).map((entry) => entry.result)).toEqual(['success']);
      const [loginEntry] = await auditOf(user.id, 'passkey_login_finish');
      expect(loginEntry).toMatchObject({ result: 'success' });
      expect(loginEntry!.signature).toEqual({
        algorithm: algorithm === -7 ? 'ES256' : 'RS256',
        keyId: credential.id.toString('base64url'),
        verified: true,
      });
    }
  });

  it('keeps the credential public key encrypted at rest', async () => {
    const user = await users.newUser();
    const credential = newCredential();
    await kit.register(user.token, credential);
    const [stored] = await storedPasskeys(user.id);
    const x = credential.publicKey.export({ format: 'jwk' }).x!;
    expect(stored!.public_key_encrypted).toMatch(/^v1:/);
    expect(stored!.public_key_encrypted).not.toContain(x);
    expect(JSON.stringify(stored)).not.toContain(x);
  });

  /** What both ceremonies refuse alike. */
  const ceremonyRefusals: [string, Tampering][] = [
    ['another origin', { origin: 'https://evil.example.test' }],
    ['a cross-origin iframe', { crossOrigin: true }],
    ['a top origin', { topOrigin: 'https://evil.example.test' }],
    ['another relying party', { rpId: 'evil.example.test' }],
    ['no user presence', { flags: { up: false } }],
    ['backed up without backup eligibility', { flags: { be: false, bs: true } }],
    ['another challenge', { challenge: Buffer.alloc(64, 1).toString('base64url') }],
  ];
  const registrationRefusals: [string, Tampering][] = [
    ...ceremonyRefusals,
    ['the type of a login', { type: 'webauthn.get' }],
  ];

  it('refuses each failed registration step with 401, stores nothing, and then registers the same credential sent correctly', async () => {
    const user = await users.newUser();
    const credential = newCredential();
    const options = await kit.beginRegistration(user.token);
    for (const [name, tampering] of registrationRefusals) {
      const refused = await kit.finishRegistration(user.token, options, credential, tampering);
      expect(refused.status, name).toBe(401);
      expect(refused.body, name).toEqual(refusal);
    }
    expect(await storedPasskeys(user.id)).toEqual([]);
    const failures = await auditOf(user.id, 'passkey_register_finish');
    expect(failures.map((entry) => entry.error_code)).toEqual(
      registrationRefusals.map(() => 'PASSKEY_VERIFICATION_FAILED'),
    );
    expect((await kit.finishRegistration(user.token, options, credential)).status).toBe(200);
    expect(await storedPasskeys(user.id)).toHaveLength(1);
  });

  it('requires user verification when begin asked for it, and records it when preferred', async () => {
    const user = await users.newUser();
    const credential = newCredential();
    const required = await kit.beginRegistration(user.token, {
      authenticatorSelection: { userVerification: 'required' },
    });
    const refused = await kit.finishRegistration(user.token, required, credential, { flags: { uv: false } });
    expect(refused.status).toBe(401);
    expect(await storedPasskeys(user.id)).toEqual([]);

    const preferred = await kit.beginRegistration(user.token, { userVerification: 'preferred' });
    const accepted = await kit.finishRegistration(user.token, preferred, credential, { flags: { uv: false } });
    expect(accepted.status).toBe(200);
    expect(await storedPasskeys(user.id)).toMatchObject([{ user_verified: false }]);
  });

  it('refuses a key algorithm that was not offered (ES384), then takes an ES256 key', async () => {
    const user = await users.newUser();
    const options = await kit.beginRegistration(user.token);
    const refused = await kit.finishRegistration(user.token, options, newCredential(-35));
    expect(refused.status).toBe(401);
    expect(await storedPasskeys(user.id)).toEqual([]);
    expect((await kit.finishRegistration(user.token, options, newCredential(-7))).status).toBe(200);
  });

  it('refuses a credential id already registered to any user, and ids of insane length', async () => {
    const first = await users.newUser();
    const second = await users.newUser();
    const credential = newCredential();
    await kit.register(first.token, credential);
    const options = await kit.beginRegistration(second.token);
    expect(await kit.finishRegistration(second.token, options, credential)).toMatchObject({
      status: 401,
      body: refusal,
    });
    expect((await kit.finishRegistration(second.token, options, newCredential(-7, 8))).status).toBe(401);
    expect((await kit.finishRegistration(second.token, options, newCredential(-7, 1024))).status).toBe(401);
    expect(await storedPasskeys(second.id)).toEqual([]);
  });

  it('answers 400 to a malformed body, an unknown challenge, and a challenge made for another user or ceremony', async () => {
    const user = await users.newUser();
    const other = await users.newUser();
    const credential = newCredential();
    const options = await kit.beginRegistration(user.token);
    const malformed = await kit.send(passkeyPaths.registerFinish, { challengeId: options.challengeId }, user.token);
    expect(malformed.status).toBe(400);
    const wrongType = await kit.send(
      passkeyPaths.registerFinish,
      { challengeId: options.challengeId, credential: { id: 'AAAA', rawId: 'AAAA', type: 'password', response: {} } },
      user.token,
    );
    expect(wrongType.status).toBe(400);
    const unknown = await kit.finishRegistration(
      user.token,
      { ...options, challengeId: crypto.randomUUID() },
      credential,
    );
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Session expired or not found', statusCode: 400 } });
    expect((await kit.finishRegistration(other.token, options, credential)).status).toBe(400);
    await kit.register(user.token, newCredential());
    const login = await kit.beginLogin(user.email);
    const asRegistration = { ...options, challengeId: login.challengeId };
    expect((await kit.finishRegistration(user.token, asRegistration, credential)).status).toBe(400);
    expect(await storedPasskeys(other.id)).toEqual([]);
  });

  it('lets exactly one of concurrent registration finishes of one challenge succeed', async () => {
    const user = await users.newUser();
    const options = await kit.beginRegistration(user.token);
    const credentials = Array.from({ length: 6 }, () => newCredential());
    const results = await Promise.all(credentials.map((c) => kit.finishRegistration(user.token, options, c)));
    expect(results.map((result) => result.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(await storedPasskeys(user.id)).toHaveLength(1);
  });

  describe('signing in', () => {
    async function userWithPasskey(tampering: Tampering = {}) {
      const user = await users.newUser();
      const credential = newCredential();
      const options = await kit.beginRegistration(user.token);
      const finished = await kit.finishRegistration(user.token, options, credential, tampering);
      expect(finished.status).toBe(200);
      return { user, credential, userHandle: options.publicKey.user.id };
    }

    it('answers an unknown e-mail like a known one, with allowCredentials stable per e-mail', async () => {
      const { user } = await userWithPasskey();
      const without = await users.newUser();
      const unknownEmail = `nobody-${crypto.randomUUID().slice(0, 8)}@example.test`;
      for (const email of [unknownEmail, without.email]) {
        const first = await kit.beginLogin(email);
        const second = await kit.beginLogin(email);
        expect(Object.keys(first.publicKey).sort()).toEqual(
          Object.keys((await kit.beginLogin(user.email)).publicKey).sort(),
        );
        expect(first.publicKey.allowCredentials).toHaveLength(1);
        expect(second.publicKey.allowCredentials).toEqual(first.publicKey.allowCredentials);
        expect(first.publicKey.challenge).not.toBe(second.publicKey.challenge);
      }
      const a = await kit.beginLogin(unknownEmail);
      const b = await kit.beginLogin(`other-${unknownEmail}`);
      expect(a.publicKey.allowCredentials).not.toEqual(b.publicKey.allowCredentials);
      const noEmail = await kit.send(passkeyPaths.loginBegin, { email: 'not an e-mail' });
      expect(noEmail.status).toBe(400);
    });

    it('answers an unknown credential and a bad signature alike', async () => {
      const { user, credential, userHandle } = await userWithPasskey();
      const unknown = await kit.finishLogin(await kit.beginLogin(user.email), newCredential(), userHandle);
      const badSignature = await kit.finishLogin(await kit.beginLogin(user.email), credential, userHandle, {
        badSignature: true,
      });
      const unknownEmail = await kit.finishLogin(await kit.beginLogin(`x-${user.email}`), credential, userHandle);
      for (const refused of [unknown, badSignature, unknownEmail]) {
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual(refusal);
      }
    });

    const loginRefusals: [string, Tampering][] = [
      ...ceremonyRefusals,
      ['backup eligibility it did not have', { flags: { be: true } }],
      ['another user handle', { userHandle: Buffer.alloc(32, 7).toString('base64url') }],
      ['the type of a registration', { type: 'webauthn.create' }],
    ];

    it('refuses each failed assertion step with 401 and leaves the challenge for a correct one', async () => {
      const { user, credential, userHandle } = await userWithPasskey();
      const options = await kit.beginLogin(user.email);
      for (const [name, tampering] of loginRefusals) {
        const refused = await kit.finishLogin(options, credential, userHandle, tampering);
        expect(refused.status, name).toBe(401);
        expect(refused.body, name).toEqual(refusal);
      }
      const [stored] = await storedPasskeys(user.id);
      expect(stored).toMatchObject({ counter: '0', last_used_at: null });
      expect((await kit.finishLogin(options, credential, userHandle)).status).toBe(200);
      expect((await kit.finishLogin(options, credential, userHandle)).status).toBe(400);
    });

    it('requires user verification at login when begin asked for it', async () => {
      const { user, credential, userHandle } = await userWithPasskey();
      const options = await kit.beginLogin(user.email, { userVerification: 'required' });
      expect(options.publicKey.userVerification).toBe('required');
      expect((await kit.finishLogin(options, credential, userHandle, { flags: { uv: false } })).status).toBe(401);
      expect((await kit.finishLogin(options, credential, userHandle)).status).toBe(200);
    });

    it('refuses a counter that does not increase (a cloned authenticator); a synced passkey at 0 keeps working', async () => {
      const { user, credential, userHandle } = await userWithPasskey();
      const login = async (tampering: Tampering) =>
        (await kit.finishLogin(await kit.beginLogin(user.email), credential, userHandle, tampering)).status;
      expect(await login({ counter: 5 })).toBe(200);
      expect(await login({ counter: 5 })).toBe(401);
      expect(await login({ counter: 4 })).toBe(401);
      expect(await login({ counter: 6 })).toBe(200);

      const synced = await userWithPasskey({ flags: { be: true, bs: true } });
      for (let i = 0; i < 3; i += 1) {
        const options = await kit.beginLogin(synced.user.email);
        const signedIn = await kit.finishLogin(options, synced.credential, synced.userHandle, {
          flags: { be: true, bs: true },
        });
        expect(signedIn.status).toBe(200);
      }
      expect(await storedPasskeys(synced.user.id)).toMatchObject([
        { counter: '0', backed_up: true, backup_eligible: true },
      ]);
    });

    it('lets exactly one of concurrent finishes of one login challenge succeed', async () => {
      const { user, credential, userHandle } = await userWithPasskey();
      const options = await kit.beginLogin(user.email);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => kit.finishLogin(options, credential, userHandle, { counter: 3 })),
      );
      expect(results.map((result) => result.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      expect((await auditOf(user.id, 'passkey_login_finish')).filter((e) => e.result === 'success')).toHaveLength(1);
    });
  });

  describe('managing passkeys in the graph', () => {
    it('lists, renames and deletes my passkeys, audited; another user sees none of them', async () => {
      const user = await users.newUser();
      const other = await users.newUser();
      const credential = newCredential();
      const userHandle = await kit.register(user.token, credential);
      await kit.register(user.token, newCredential(), {});
      const listed = await api.graphql(myPasskeys, {}, { token: user.token });
      expect(listed.body.data.myPasskeys).toHaveLength(2);
      const [first] = listed.body.data.myPasskeys;
      expect(Object.keys(first).sort()).toEqual(['backedUp', 'createdAt', 'deviceType', 'id', 'lastUsedAt', 'name']);

      const rename = `mutation ($id: String!, $name: String!) { renamePasskey(id: $id, name: $name) { id name } }`;
      const renamed = await api.graphql(rename, { id: first.id, name: 'Work laptop' }, { token: user.token });
      expect(renamed.body.data.renamePasskey).toEqual({ id: first.id, name: 'Work laptop' });
      const blank = await api.graphql(rename, { id: first.id, name: '   ' }, { token: user.token });
      expect(blank.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      const foreign = await api.graphql(rename, { id: first.id, name: 'Mine' }, { token: other.token });
      expect(foreign.body.errors![0]).toMatchObject({
        message: 'Passkey not found',
        extensions: { code: 'PASSKEY_NOT_FOUND' },
      });
      expect((await api.graphql(myPasskeys, {}, { token: other.token })).body.data.myPasskeys).toEqual([]);

      const remove = `mutation ($id: String!) { deletePasskey(id: $id) { success } }`;
      const foreignDelete = await api.graphql(remove, { id: first.id }, { token: other.token });
      expect(foreignDelete.body.errors![0]!.extensions).toMatchObject({ code: 'PASSKEY_NOT_FOUND' });
      expect((await api.graphql(remove, { id: first.id }, { token: user.token })).body.data.deletePasskey).toEqual({
        success: true,
      });
      const left = (await api.graphql(myPasskeys, {}, { token: user.token })).body.data.myPasskeys;
      expect(left.map((passkey: { id: string }) => passkey.id)).not.toContain(first.id);
      expect((await kit.finishLogin(await kit.beginLogin(user.email), credential, userHandle)).status).toBe(401);
      expect((await auditOf(user.id, 'passkey_rename')).map((entry) => entry.result)).toEqual(['success', 'failure']);
      expect((await auditOf(user.id, 'passkey_delete')).map((entry) => entry.result)).toEqual(['success']);
    });

    it('begins and finishes both ceremonies through the graph as well', async () => {
      const user = await users.newUser();
      const credential = newCredential();
      const begun = await api.graphql(
        'mutation { beginPasskeyRegistration(userVerification: "preferred") { challengeId publicKey } }',
        {},
        { token: user.token },
      );
      const options = begun.body.data.beginPasskeyRegistration;
      const { attestation, assertion } = await import('../../../../test/passkey-authenticator.js');
      const finish = `mutation ($challengeId: String!, $credential: JSONObject!) {
        finishPasskeyRegistration(challengeId: $challengeId, credential: $credential) { success passkey { name } }
      }`;
      const finished = await api.graphql(
        finish,
        { challengeId: options.challengeId, credential: attestation(credential, options.publicKey, origin) },
        { token: user.token },
      );
      expect(finished.body.data.finishPasskeyRegistration).toEqual({ success: true, passkey: { name: 'Passkey' } });
      const login = await api.graphql(
        'mutation ($email: String!) { beginPasskeyLogin(email: $email) { challengeId publicKey } }',
        { email: user.email },
      );
      const loginOptions = login.body.data.beginPasskeyLogin;
      const signedIn = await api.graphql(
        `mutation ($challengeId: String!, $credential: JSONObject!) {
          finishPasskeyLogin(challengeId: $challengeId, credential: $credential) { accessToken }
        }`,
        {
          challengeId: loginOptions.challengeId,
          credential: assertion(credential, loginOptions.publicKey, origin, options.publicKey.user.id),
        },
      );
      expect(signedIn.body.data.finishPasskeyLogin.accessToken).toEqual(expect.any(String));
    });
  });
});
