import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UnauthenticatedError } from '../errors.js';
import { InvalidTokenError } from './auth.errors.js';

const invalidToken = () => new InvalidTokenError();
import { TokenCodec } from './token-codec.js';
import { tokenKinds } from './token-kinds.js';

const secret = randomBytes(48).toString('base64url');

/** A remembered bearer skips only the signature work: expiry and kinds are checked on every presentation. */
describe('TokenCodec remembered bearers', () => {
  it('refuses a remembered token once it has expired', async () => {
    let nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
    const codec = new TokenCodec({ secret, previousSecrets: [], issuer: 'platform-auth', now: () => nowMs });
    const { token } = await codec.sign(tokenKinds.access, '7', { id: 7 }, 60_000);
    await codec.verify(token, [tokenKinds.access], invalidToken, { remember: true });
    nowMs += 60_000;
    await expect(codec.verify(token, [tokenKinds.access], invalidToken, { remember: true })).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
  });

  it('refuses a remembered token presented as another kind', async () => {
    const codec = new TokenCodec({ secret, previousSecrets: [], issuer: 'platform-auth', now: Date.now });
    const { token } = await codec.sign(tokenKinds.access, '7', { id: 7 }, 60_000);
    await codec.verify(token, [tokenKinds.access], invalidToken, { remember: true });
    await expect(codec.verify(token, [tokenKinds.refresh], invalidToken)).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(codec.verify(token, [tokenKinds.service], invalidToken, { remember: true })).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
  });

  it('hands out claims nobody can change for the next request', async () => {
    const codec = new TokenCodec({ secret, previousSecrets: [], issuer: 'platform-auth', now: Date.now });
    const { token } = await codec.sign(tokenKinds.access, '7', { id: 7, permissions: ['tasks:read'] }, 60_000);
    const first = await codec.verify<{ permissions: string[] }>(token, [tokenKinds.access], invalidToken, {
      remember: true,
    });
    expect(() => first.permissions.push('admin')).toThrow(TypeError);
    const again = await codec.verify<{ permissions: string[] }>(token, [tokenKinds.access], invalidToken, {
      remember: true,
    });
    expect(again.permissions).toEqual(['tasks:read']);
  });

  it('does not remember a forged token', async () => {
    const codec = new TokenCodec({ secret, previousSecrets: [], issuer: 'platform-auth', now: Date.now });
    const { token } = await codec.sign(tokenKinds.access, '7', { id: 7 }, 60_000);
    const forged = `${token.slice(0, -4)}AAAA`;
    for (let i = 0; i < 2; i += 1) {
      await expect(codec.verify(forged, [tokenKinds.access], invalidToken, { remember: true })).rejects.toBeInstanceOf(
        UnauthenticatedError,
      );
    }
  });
});
