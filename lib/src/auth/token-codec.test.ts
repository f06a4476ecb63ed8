import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { decodeJwt, decodeJwtHeader, encodeJwtPart } from '../../../test/jwt.js';
import { UnauthenticatedError } from '../errors.js';
import { InvalidTokenError } from './auth.errors.js';

const invalidToken = () => new InvalidTokenError();
import { TokenCodec } from './token-codec.js';
import { tokenKinds } from './token-kinds.js';

const secret = randomBytes(48).toString('base64url');
const previous = randomBytes(48).toString('base64url');
const issuer = 'platform-auth';
const startMs = Date.UTC(2026, 10, 22, 12, 0, 0);

/** Signs any header and payload with HS256 the way the codec does, to build edge cases by hand. */
function handMade(header: Record<string, unknown>, payload: Record<string, unknown>, key = secret): string {
  const signingInput = `${encodeJwtPart(header)}.${encodeJwtPart(payload)}`;
  return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
}

async function issued(codec = new TokenCodec({ secret, previousSecrets: [previous], issuer, now: () => startMs })) {
  const { token } = await codec.sign(tokenKinds.access, '7', { id: 7 }, 60_000);
  return { token, header: decodeJwtHeader(token), payload: decodeJwt(token) };
}

async function refused(codec: TokenCodec, token: string) {
  await expect(codec.verify(token, [tokenKinds.access], invalidToken)).rejects.toBeInstanceOf(UnauthenticatedError);
}

describe('TokenCodec', () => {
  const codec = new TokenCodec({ secret, previousSecrets: [previous], issuer, now: () => startMs });

  it('signs HS256 with typ, kid, issuer, audience, jti, iat and exp, and verifies its own tokens', async () => {
    const { token, header, payload } = await issued();
    expect(header).toMatchObject({ alg: 'HS256', typ: 'at+jwt' });
    expect(typeof header.kid).toBe('string');
    expect(payload).toMatchObject({
      id: 7,
      token_use: 'access',
      iss: issuer,
      aud: 'platform:access',
      sub: '7',
      iat: startMs / 1000,
      exp: startMs / 1000 + 60,
    });
    await expect(codec.verify(token, [tokenKinds.access], invalidToken)).resolves.toMatchObject({ id: 7 });
    const independent = await jwtVerify(token, Buffer.from(secret), { currentDate: new Date(startMs), issuer });
    expect(independent.payload.jti).toBe(payload.jti);
  });

  it('expires exactly at exp, with no tolerance', async () => {
    const { token } = await issued();
    await expect(
      new TokenCodec({ secret, previousSecrets: [], issuer, now: () => startMs + 59_999 }).verify(
        token,
        [tokenKinds.access],
        invalidToken,
      ),
    ).resolves.toBeTruthy();
    await refused(new TokenCodec({ secret, previousSecrets: [], issuer, now: () => startMs + 60_000 }), token);
  });

  it('verifies with a previous secret, refuses once that secret is gone', async () => {
    const old = new TokenCodec({ secret: previous, previousSecrets: [], issuer, now: () => startMs });
    const { token } = await issued(old);
    await expect(codec.verify(token, [tokenKinds.access], invalidToken)).resolves.toBeTruthy();
    await refused(new TokenCodec({ secret, previousSecrets: [], issuer, now: () => startMs }), token);
  });

  it('refuses the wrong kind even with a valid signature', async () => {
    const { token } = await codec.sign(tokenKinds.refresh, '7', { token_family: 'f' }, 60_000);
    await refused(codec, token);
    const service = await codec.sign(tokenKinds.service, 'service:x', { service: 'x' }, 60_000);
    await expect(codec.verify(service.token, [tokenKinds.service], invalidToken)).resolves.toBeTruthy();
    await refused(codec, service.token);
  });

  describe('hand-made tokens', () => {
    const goodHeader = async () => (await issued()).header;
    const goodPayload = async () => (await issued()).payload;

    it('control: a hand-made token like the codec makes verifies', async () => {
      const token = handMade(await goodHeader(), await goodPayload());
      await expect(codec.verify(token, [tokenKinds.access], invalidToken)).resolves.toBeTruthy();
    });

    it.each([
      ['alg none', { alg: 'none' }],
      ['alg HS512', { alg: 'HS512' }],
      ['alg missing', { alg: undefined }],
      ['kid missing', { kid: undefined }],
      ['kid not a string', { kid: 42 }],
      ['kid unknown', { kid: 'unknown-kid' }],
      ['a critical extension', { crit: ['b64'], b64: false }],
      ['typ of another kind', { typ: 'rt+jwt' }],
      ['typ missing', { typ: undefined }],
    ])('refuses a header with %s', async (_label, change) => {
      await refused(codec, handMade({ ...(await goodHeader()), ...change }, await goodPayload()));
    });

    it.each([
      ['a string exp', { exp: String(startMs / 1000 + 60) }],
      ['no exp', { exp: undefined }],
      ['a string iat', { iat: String(startMs / 1000) }],
      ['no iat', { iat: undefined }],
      ['no jti', { jti: undefined }],
      ['no sub', { sub: undefined }],
      ['no token_use', { token_use: undefined }],
      ['token_use of another kind', { token_use: 'refresh' }],
      ['a future nbf', { nbf: startMs / 1000 + 10 }],
      ['another issuer', { iss: 'someone-else' }],
      ['no issuer', { iss: undefined }],
      ['another audience', { aud: 'platform:refresh' }],
      ['no audience', { aud: undefined }],
    ])('refuses a payload with %s', async (_label, change) => {
      await refused(codec, handMade(await goodHeader(), { ...(await goodPayload()), ...change }));
    });

    it('accepts an audience array that contains the expected audience', async () => {
      const token = handMade(await goodHeader(), { ...(await goodPayload()), aud: ['other', 'platform:access'] });
      await expect(codec.verify(token, [tokenKinds.access], invalidToken)).resolves.toBeTruthy();
    });

    it('refuses malformed compact serialisations and altered signatures', async () => {
      const { token } = await issued();
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
      const variants = [
        '',
        'a.b',
        `${header}.${payload}`,
        `${header}.${payload}.`,
        `${header}.${payload}.${signature}.extra`,
        `${header}.${payload}.${flipped}`,
        `${header}.${payload}.${signature}=`,
        `${header}=.${payload}.${signature}`,
        ` ${token}`,
        `${header}.${encodeJwtPart('not an object')}.${signature}`,
        handMade(await goodHeader(), [1, 2] as never),
        handMade(await goodHeader(), await goodPayload(), randomBytes(48).toString('base64url')),
      ];
      for (const variant of variants) await refused(codec, variant);
    });
  });
});
