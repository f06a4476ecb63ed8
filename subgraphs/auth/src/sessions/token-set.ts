import type { IssuedToken } from '@platform/lib/auth/token-codec';

/** The spec's Token set: what every login and refresh returns. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt: string;
}

export function tokenSetOf(access: IssuedToken, refresh: IssuedToken): TokenSet {
  return {
    accessToken: access.token,
    refreshToken: refresh.token,
    accessTokenExpiresAt: access.expiresAt.toISOString(),
    refreshTokenExpiresAt: refresh.expiresAt.toISOString(),
  };
}
