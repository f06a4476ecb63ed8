import { z } from '@platform/lib/validation';
import { dataOf } from './response.shapes.js';
import { graphql } from './generated/index.js';
import { defineRoutes, route } from './route.js';
import { challengeShape, tokenSetShape } from './token.shapes.js';

/** issue 27: the proof of possession of the device key that binds the issued tokens to it. */
const proofHeader = {
  name: 'DPoP',
  required: false,
  description:
    'An RFC 9449 proof (`typ: dpop+jwt`, `jwk`: the registered key, its registered algorithm; `htm`, `htu`, ' +
    '`iat`, `jti`): the tokens then carry `cnf.jkt`. Required with DEVICE_PROOF=required, and to refresh a bound ' +
    'token; a refused proof answers 401 with `WWW-Authenticate: DPoP error="invalid_dpop_proof"`.',
};

/** Mobile biometric login (auth spec); public: the device's signature is the credential. */
export const mobileRoutes = defineRoutes([
  route({
    method: 'POST',
    url: '/api/v1/auth/mobile/challenge',
    summary: 'A 2-minute login challenge for the devices with this fingerprint',
    tag: 'mobile',
    auth: 'none',
    body: z.object({ deviceFingerprint: z.string() }).strict(),
    operation: graphql(`
      mutation MobileChallenge($deviceFingerprint: String!) {
        mobileChallenge(deviceFingerprint: $deviceFingerprint) {
          challenge
          expiresAt
          sessionId
        }
      }
    `),
    variables: ({ body }) => body,
    response: dataOf(challengeShape),
    refusals: [404],
    result: (data) => ({ data: data.mobileChallenge }),
    noStore: true,
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/mobile/biometric',
    summary: 'Log in with the signed challenge; returns a biometric token set',
    tag: 'mobile',
    auth: 'none',
    body: z.object({ sessionId: z.string(), signedChallenge: z.string(), rememberMe: z.boolean().optional() }).strict(),
    operation: graphql(`
      mutation MobileBiometricLogin($sessionId: String!, $signedChallenge: String!, $rememberMe: Boolean) {
        mobileBiometricLogin(sessionId: $sessionId, signedChallenge: $signedChallenge, rememberMe: $rememberMe) {
          success
          tokens {
            ...TokenSetFields
          }
        }
      }
    `),
    variables: ({ body }) => body,
    response: dataOf(z.strictObject({ success: z.boolean(), tokens: tokenSetShape })),
    refusals: [401],
    headers: [proofHeader],
    result: (data) => ({ data: data.mobileBiometricLogin }),
    noStore: true,
  }),
  route({
    method: 'POST',
    url: '/api/v1/auth/mobile/refresh',
    summary: 'Rotate a biometric refresh token (needs X-Device-Fingerprint)',
    tag: 'mobile',
    auth: 'none',
    body: z.object({ refreshToken: z.string() }).strict(),
    operation: graphql(`
      mutation MobileRefresh($refreshToken: String!) {
        mobileRefresh(refreshToken: $refreshToken) {
          ...TokenSetFields
        }
      }
    `),
    variables: ({ body }) => body,
    response: dataOf(tokenSetShape),
    refusals: [401],
    headers: [{ name: 'X-Device-Fingerprint', required: true, description: "The token's device" }, proofHeader],
    result: (data) => ({ data: data.mobileRefresh }),
    noStore: true,
  }),
]);
