import { z } from '@platform/lib/validation';
import { graphql } from './generated/index.js';
import { timestamp } from './response.shapes.js';

graphql(`
  fragment TokenSetFields on TokenSetType {
    accessToken
    refreshToken
    accessTokenExpiresAt
    refreshTokenExpiresAt
  }
`);

/** The auth spec's Token set. */
export const tokenSetShape = z.strictObject({
  accessToken: z.string().describe('A signed JWT'),
  refreshToken: z.string().describe('A signed JWT'),
  accessTokenExpiresAt: timestamp,
  refreshTokenExpiresAt: timestamp,
});

/** A challenge for a device's key to sign (auth spec, Challenge sessions). */
export const challengeShape = z.strictObject({
  challenge: z.string().describe('64 random bytes, base64url; the device signs the raw bytes'),
  expiresAt: timestamp,
  sessionId: z.string().uuid(),
});
