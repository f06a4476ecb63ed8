import { createHash, createSecretKey, randomUUID } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';

// Headers and claims hold whatever the server put there; tests read them and compare them with expect.
type DecodedPart = Record<string, any>;

function decodePart(token: string, index: 0 | 1): DecodedPart {
  return JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString('utf8')) as DecodedPart;
}

/** A JWT's payload, unverified: tests look at the claims the server issued. */
export function decodeJwt(token: string): DecodedPart {
  return decodePart(token, 1);
}

/** A JWT's protected header, unverified. */
export function decodeJwtHeader(token: string): DecodedPart {
  return decodePart(token, 0);
}

/** A header or payload encoded as one part of a compact JWT, for tokens put together by hand. */
export function encodeJwtPart(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** The key id the server derives from a secret (token-codec.ts); tests build tokens the server would. */
export function keyIdOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 12);
}

export interface ForgeOptions {
  secret: string;
  kid?: string;
  typ?: string;
  alg?: string;
  audience?: string;
  issuer?: string;
  expiresInSeconds?: number;
}

/** Signs an arbitrary HS256 token, for tampering and rotation tests. */
export async function forgeToken(claims: JWTPayload, options: ForgeOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({
      alg: options.alg ?? 'HS256',
      typ: options.typ ?? 'at+jwt',
      kid: options.kid ?? keyIdOf(options.secret),
    })
    .setIssuer(options.issuer ?? 'platform-auth')
    .setAudience(options.audience ?? 'platform:access')
    .setSubject(String(claims.id ?? 'subject'))
    .setJti(randomUUID())
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
    .sign(createSecretKey(Buffer.from(options.secret, 'utf8')));
}
