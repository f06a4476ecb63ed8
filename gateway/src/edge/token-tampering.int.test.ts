import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp } from '../../../test/client-address.js';
import { loginAs, type HttpClient } from '../../../test/client.js';
import { adminCredentials, startIsolatedServer } from '../../../test/harness.js';
import { decodeJwt, decodeJwtHeader, encodeJwtPart, forgeToken, keyIdOf } from '../../../test/jwt.js';
import { servicesMissing } from '../../../test/services.js';
import { meQuery } from '../../../test/users.js';

const verifyHeaders = { 'x-service-name': 'tamper-test' };

async function expectRefusedEverywhere(api: HttpClient, token: string, label: string) {
  const verify = await api.get('/internal/verify', { token, headers: verifyHeaders });
  expect(verify.status, label).toBe(401);
  expect(verify.body, label).toMatchObject({ valid: false, statusCode: 401 });
  expect(typeof verify.body.message, label).toBe('string');
  expect(verify.headers.get('x-user-id'), label).toBeNull();
  const me = await api.graphql(meQuery, undefined, { token });
  expect(me.body.data ?? null, label).toBeNull();
  expect(me.body.errors?.[0]?.extensions, label).toMatchObject({ code: 'UNAUTHENTICATED', statusCode: 401 });
}

describe.skipIf(servicesMissing)('token tampering and key rotation', () => {
  const previousSecret = randomBytes(48).toString('base64url');
  let server: Awaited<ReturnType<typeof startIsolatedServer>>;
  let api: HttpClient;
  let tokens: Awaited<ReturnType<typeof loginAs>>;
  let claims: Record<string, any>;

  beforeAll(async () => {
    server = await startIsolatedServer({ JWT_PREVIOUS_SECRETS: previousSecret });
    api = clientFromNewIp(server.url);
    tokens = await loginAs(api, adminCredentials.email, adminCredentials.password);
    claims = decodeJwt(tokens.accessToken);
  });
  afterAll(async () => server?.close());

  /** Claims and options of a genuine access token, re-signed: the control case that must pass. */
  const genuine = (overrides: Record<string, unknown> = {}) => {
    const { iss: _iss, aud: _aud, sub: _sub, jti: _jti, iat: _iat, exp: _exp, ...rest } = claims;
    return { ...rest, ...overrides };
  };

  it('control: a token re-signed with the current secret and the same claims is accepted', async () => {
    const token = await forgeToken(genuine(), { secret: server.shared.jwtSecret });
    const verify = await api.get('/internal/verify', { token, headers: verifyHeaders });
    expect(verify.status).toBe(200);
    const me = await api.graphql(meQuery, undefined, { token });
    expect(me.body.data.me.email).toBe(adminCredentials.email);
  });

  it('refuses a changed payload', async () => {
    const [header, , signature] = tokens.accessToken.split('.');
    const payload = encodeJwtPart({ ...claims, permissions: ['admin', 'superuser'] });
    await expectRefusedEverywhere(api, `${header}.${payload}.${signature}`, 'changed payload');
    const otherUser = encodeJwtPart({ ...claims, id: claims.id + 1 });
    await expectRefusedEverywhere(api, `${header}.${otherUser}.${signature}`, 'changed user id');
  });

  it('refuses alg none and any algorithm other than HS256', async () => {
    const [, payload] = tokens.accessToken.split('.');
    const none = encodeJwtPart({ alg: 'none', typ: 'at+jwt', kid: keyIdOf(server.shared.jwtSecret) });
    await expectRefusedEverywhere(api, `${none}.${payload}.`, 'alg none');
    const hs512 = await forgeToken(genuine(), { secret: server.shared.jwtSecret, alg: 'HS512' });
    await expectRefusedEverywhere(api, hs512, 'HS512');
  });

  it('refuses a wrong key, an unknown key id and a missing key id', async () => {
    const wrongKey = await forgeToken(genuine(), {
      secret: randomBytes(48).toString('base64url'),
      kid: keyIdOf(server.shared.jwtSecret),
    });
    await expectRefusedEverywhere(api, wrongKey, 'wrong key, right kid');
    const unknownKid = await forgeToken(genuine(), { secret: randomBytes(48).toString('base64url') });
    await expectRefusedEverywhere(api, unknownKid, 'unknown kid');
    const [, payload, signature] = tokens.accessToken.split('.');
    const noKid = encodeJwtPart({ alg: 'HS256', typ: 'at+jwt' });
    await expectRefusedEverywhere(api, `${noKid}.${payload}.${signature}`, 'no kid');
  });

  it('refuses an expired token', async () => {
    const expired = await forgeToken(genuine(), { secret: server.shared.jwtSecret, expiresInSeconds: -60 });
    await expectRefusedEverywhere(api, expired, 'expired');
  });

  it('refuses the wrong kind: refresh token as bearer, wrong typ, token_use, audience or issuer', async () => {
    await expectRefusedEverywhere(api, tokens.refreshToken, 'refresh token as bearer');
    const secret = server.shared.jwtSecret;
    await expectRefusedEverywhere(api, await forgeToken(genuine(), { secret, typ: 'rt+jwt' }), 'typ rt+jwt');
    await expectRefusedEverywhere(api, await forgeToken(genuine(), { secret, typ: 'JWT' }), 'typ JWT');
    await expectRefusedEverywhere(
      api,
      await forgeToken(genuine({ token_use: 'refresh' }), { secret }),
      'token_use refresh',
    );
    await expectRefusedEverywhere(
      api,
      await forgeToken(genuine({ token_use: 'action_confirmation' }), { secret, typ: 'ct+jwt' }),
      'confirmation kind',
    );
    await expectRefusedEverywhere(
      api,
      await forgeToken(genuine(), { secret, audience: 'platform:refresh' }),
      'refresh audience',
    );
    await expectRefusedEverywhere(api, await forgeToken(genuine(), { secret, issuer: 'someone-else' }), 'issuer');
    await expectRefusedEverywhere(
      api,
      await forgeToken(genuine({ token_use: 'internal_identity' }), {
        secret,
        typ: 'it+jwt',
        audience: 'platform:subgraph',
      }),
      'internal identity',
    );
  });

  it('refuses a malformed authorization header on an operation that needs a caller', async () => {
    const response = await api.graphql(meQuery, undefined, { headers: { authorization: 'Token abc' } });
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const garbage = await api.get('/internal/verify', { token: 'a.b.c', headers: verifyHeaders });
    expect(garbage.status).toBe(401);
  });

  it('rotation: a token signed with a secret in JWT_PREVIOUS_SECRETS still verifies', async () => {
    const old = await forgeToken(genuine(), { secret: previousSecret });
    expect(decodeJwtHeader(old).kid).toBe(keyIdOf(previousSecret));
    const verify = await api.get('/internal/verify', { token: old, headers: verifyHeaders });
    expect(verify.status).toBe(200);
    expect(verify.body.claims.email).toBe(adminCredentials.email);
    const me = await api.graphql(meQuery, undefined, { token: old });
    expect(me.body.errors).toBeUndefined();
    expect(me.body.data.me.id).toBe(claims.id);
  });

  it('rotation: new tokens are signed with the current key', () => {
    expect(decodeJwtHeader(tokens.accessToken)).toMatchObject({
      alg: 'HS256',
      typ: 'at+jwt',
      kid: keyIdOf(server.shared.jwtSecret),
    });
    expect(decodeJwtHeader(tokens.refreshToken)).toMatchObject({
      typ: 'rt+jwt',
      kid: keyIdOf(server.shared.jwtSecret),
    });
  });
});
