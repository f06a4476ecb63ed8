/**
 * Every token kind has its own token_use, audience and header typ, so a check accepts exactly the kinds
 * it expects (decisions: "a refresh, confirmation or service token is never an access token").
 */
export const tokenKinds = {
  access: { use: 'access', audience: 'platform:access', typ: 'at+jwt' },
  refresh: { use: 'refresh', audience: 'platform:refresh', typ: 'rt+jwt' },
  biometricAccess: { use: 'biometric_access', audience: 'platform:access', typ: 'at+jwt' },
  biometricRefresh: { use: 'biometric_refresh', audience: 'platform:refresh', typ: 'rt+jwt' },
  service: { use: 'service', audience: 'platform:service', typ: 'st+jwt' },
  actionConfirmation: { use: 'action_confirmation', audience: 'platform:confirmation', typ: 'ct+jwt' },
  internalIdentity: { use: 'internal_identity', audience: 'platform:subgraph', typ: 'it+jwt' },
} as const;

export type TokenKind = (typeof tokenKinds)[keyof typeof tokenKinds];

/** Lifetimes from the auth spec's Token kinds table. */
export const tokenLifetimes = {
  accessMs: 8 * 60 * 60 * 1000,
  biometricAccessMs: 15 * 60 * 1000,
  refreshMs: 3 * 24 * 60 * 60 * 1000,
  rememberedRefreshMs: 30 * 24 * 60 * 60 * 1000,
  internalIdentityMs: 60 * 1000,
  actionConfirmationMs: 5 * 60 * 1000,
} as const;
