import { z } from '@platform/lib/validation';
import { dataOf } from './response.shapes.js';
import { defineRoutes } from './route.js';
import { challengeShape, tokenSetFields, tokenSetShape } from './token.shapes.js';

/** Mobile biometric login (auth spec); public: the device's signature is the credential. */
export const mobileRoutes = defineRoutes([
  {
    method: 'POST',
    url: '/api/v1/auth/mobile/challenge',
    summary: 'A 2-minute login challenge for the devices with this fingerprint',
    tag: 'mobile',
    auth: 'none',
    body: z.object({ deviceFingerprint: z.string() }).strict(),
    operation: `mutation MobileChallenge($deviceFingerprint: String!) {
      mobileChallenge(deviceFingerprint: $deviceFingerprint) { challenge expiresAt sessionId }
    }`,
    variables: ({ body }) => body as Record<string, unknown>,
    response: dataOf(challengeShape),
    refusals: [404],
    result: (data) => ({ data: data.mobileChallenge }),
    noStore: true,
  },
  {
    method: 'POST',
    url: '/api/v1/auth/mobile/biometric',
    summary: 'Log in with the signed challenge; returns a biometric token set',
    tag: 'mobile',
    auth: 'none',
    body: z.object({ sessionId: z.string(), signedChallenge: z.string(), rememberMe: z.boolean().optional() }).strict(),
    operation: `mutation MobileBiometricLogin($sessionId: String!, $signedChallenge: String!, $rememberMe: Boolean) {
      mobileBiometricLogin(sessionId: $sessionId, signedChallenge: $signedChallenge, rememberMe: $rememberMe) {
        success tokens { ${tokenSetFields} }
      }
    }`,
    variables: ({ body }) => body as Record<string, unknown>,
    response: dataOf(z.strictObject({ success: z.boolean(), tokens: tokenSetShape })),
    refusals: [401],
    result: (data) => ({ data: data.mobileBiometricLogin }),
    noStore: true,
  },
  {
    method: 'POST',
    url: '/api/v1/auth/mobile/refresh',
    summary: 'Rotate a biometric refresh token (needs X-Device-Fingerprint)',
    tag: 'mobile',
    auth: 'none',
    body: z.object({ refreshToken: z.string() }).strict(),
    operation: `mutation MobileRefresh($refreshToken: String!) { mobileRefresh(refreshToken: $refreshToken) { ${tokenSetFields} } }`,
    variables: ({ body }) => body as Record<string, unknown>,
    response: dataOf(tokenSetShape),
    refusals: [401],
    result: (data) => ({ data: data.mobileRefresh }),
    noStore: true,
  },
]);
