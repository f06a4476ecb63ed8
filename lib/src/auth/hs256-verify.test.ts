import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { InvalidJwsError, verifyHs256, type Hs256Expectations } from './hs256-verify.js';

const secret = randomBytes(48);
const key = createSecretKey(secret);
const keys = new Map([['k1', key]]);
const keyFor = (kid: string) => keys.get(kid);
const now = Math.floor(Date.now() / 1000);
const expected: Hs256Expectations = {
  issuer: 'platform-auth',
  audiences: ['platform:access'],
  requiredClaims: ['jti', 'iat', 'exp', 'sub'],
  nowSeconds: now,
};

function jwt(claims: JWTPayload = {}, header: Record<string, unknown> = {}) {
  return new SignJWT({
    iss: 'platform-auth',
    aud: 'platform:access',
    sub: '1',
    jti: 'j',
    iat: now,
    exp: now + 60,
    ...claims,
  })
    .setProtectedHeader({ alg: 'HS256', kid: 'k1', typ: 'at+jwt', ...header })
    .sign(secret);
}

/** A token signed by hand, for headers and payloads jose refuses to produce. */
function handSigned(header: object, payload: object | Buffer) {
  const encode = (value: object | Buffer) =>
    (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const claims = { iss: 'platform-auth', aud: 'platform:access', sub: '1', jti: 'j', iat: now, exp: now + 60 };
const refused = (token: string, options = expected) =>
  expect(() => verifyHs256(token, keyFor, options)).toThrow(InvalidJwsError);

describe('verifyHs256', () => {
  it('accepts what jose signs and returns its header and claims', async () => {
    const { header, payload } = verifyHs256(await jwt({ token_use: 'access' }), keyFor, expected);
    expect(header).toEqual({ alg: 'HS256', kid: 'k1', typ: 'at+jwt' });
    expect(payload).toMatchObject({ sub: '1', token_use: 'access' });
  });

  it('accepts an audience array containing an expected audience', async () => {
    expect(() =>
      verifyHs256(
        handSigned({ alg: 'HS256', kid: 'k1' }, { ...claims, aud: ['x', 'platform:access'] }),
        keyFor,
        expected,
      ),
    ).not.toThrow();
  });

  it('refuses a changed payload, header or signature', async () => {
    const [header, payload, signature] = (await jwt()).split('.') as [string, string, string];
    const other = (await jwt({ sub: '2' })).split('.')[1]!;
    refused(`${header}.${other}.${signature}`);
    refused(`${header}.${payload}.${signature.slice(0, -2)}AA`);
    refused(`${header}.${payload}.${signature}A`);
    refused(`${header}.${payload}`);
    refused(`${header}.${payload}.${signature}.x`);
  });

  it('refuses a non-canonical encoding of the right signature', async () => {
    const token = await jwt();
    const last = token.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1]!;
    refused(token.slice(0, -1) + twin);
  });

  it('refuses other algorithms, unknown key ids and critical headers', () => {
    refused(handSigned({ alg: 'none', kid: 'k1' }, claims));
    refused(handSigned({ alg: 'HS512', kid: 'k1' }, claims));
    refused(handSigned({ alg: 'HS256', kid: 'k2' }, claims));
    refused(handSigned({ alg: 'HS256' }, claims));
    refused(handSigned({ alg: 'HS256', kid: 'k1', crit: ['b64'], b64: false }, claims));
  });

  it('refuses a wrong issuer or audience and missing required claims', () => {
    refused(handSigned({ alg: 'HS256', kid: 'k1' }, { ...claims, iss: 'elsewhere' }));
    refused(handSigned({ alg: 'HS256', kid: 'k1' }, { ...claims, aud: 'platform:refresh' }));
    refused(handSigned({ alg: 'HS256', kid: 'k1' }, { ...claims, aud: ['platform:refresh'] }));
    const { jti: _jti, ...withoutJti } = claims;
    refused(handSigned({ alg: 'HS256', kid: 'k1' }, withoutJti));
  });

  it('refuses expired, not yet valid and non-numeric dates', () => {
    refused(handSigned({ alg: 'HS256', kid: 'k1' }, { ...claims, exp: now }));
    refused(handSigned({ alg: 'HS256', kid: 'k1' }, { ...claims, exp: String(now + 60) }));
    refused(handSigned({ alg: 'HS256', kid: 'k1' }, { ...claims, nbf: now + 1 }));
    refused(handSigned({ alg: 'HS256', kid: 'k1' }, { ...claims, iat: 'yesterday' }));
    expect(() =>
      verifyHs256(handSigned({ alg: 'HS256', kid: 'k1' }, { ...claims, nbf: now }), keyFor, expected),
    ).not.toThrow();
  });

  it('refuses payloads that are not a JSON object in strict UTF-8', () => {
    refused(handSigned({ alg: 'HS256', kid: 'k1' }, Buffer.from('[1]')));
    refused(handSigned({ alg: 'HS256', kid: 'k1' }, Buffer.from([0x7b, 0xff, 0x7d])));
    refused(handSigned({ alg: 'HS256', kid: 'k1' }, Buffer.from('not json')));
  });
});
