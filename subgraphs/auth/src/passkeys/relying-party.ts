import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type Uint8Array_,
} from '@simplewebauthn/server';
import { cose, decodeClientDataJSON, decodeCredentialPublicKey } from '@simplewebauthn/server/helpers';
import type { Config } from '@platform/lib/config';
import { PasskeyVerificationFailedError } from './passkey.errors.js';

/** auth spec, Passkey: ES256 (-7) and RS256 (-257) only; 5 minutes for the person to answer. */
export const passkeyAlgorithms = [-7, -257] as const;
export const passkeyTimeoutMs = 300_000;
/** WebAuthn Level 3, registration step "credentialId ... at most 1023 bytes"; at least 16 bytes of entropy. */
export const credentialIdBytes = { min: 16, max: 1023 } as const;

export type UserVerification = 'required' | 'preferred' | 'discouraged';

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/** WEBAUTHN_ORIGINS, else the edge's own public origin, as browser origins default (gateway/edge/browser-origins.ts). */
export function relyingPartyOf(
  config: Pick<Config, 'WEBAUTHN_RP_ID' | 'WEBAUTHN_RP_NAME' | 'WEBAUTHN_ORIGINS' | 'PUBLIC_URL' | 'PORT'>,
): RelyingParty {
  const fallback = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
  return {
    id: config.WEBAUTHN_RP_ID,
    name: config.WEBAUTHN_RP_NAME,
    origins: config.WEBAUTHN_ORIGINS.length > 0 ? config.WEBAUTHN_ORIGINS : [fallback],
  };
}

export interface VerifiedRegistration {
  credentialId: string;
  publicKey: Uint8Array_;
  algorithm: number;
  counter: number;
  backupEligible: boolean;
  backedUp: boolean;
  userVerified: boolean;
}

export interface StoredCredential {
  credentialId: string;
  publicKey: Uint8Array_;
  counter: number;
  backupEligible: boolean;
}

export interface VerifiedAssertion {
  counter: number;
  backedUp: boolean;
  userVerified: boolean;
}

/**
 * The WebAuthn Level 3 relying-party steps through @simplewebauthn/server, with the checks it leaves to us
 * as guard clauses around it. Every refusal is one answer (decisions: WebAuthn finish -> 401).
 */
export class PasskeyVerifier {
  constructor(private readonly rp: RelyingParty) {}

  async registration(
    response: RegistrationResponseJSON,
    challenge: string,
    userVerification: UserVerification,
    userPresence: 'required' | 'waived' = 'required',
  ): Promise<VerifiedRegistration> {
    refuseCrossOrigin(response.response.clientDataJSON);
    const result = await refusing(() =>
      verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.id,
        // Waived only for a conditional create right after a password sign-in (issue 27, item 5): WebAuthn
        // Level 3 lets such a create complete without a gesture, the sign-in being the person's presence.
        requireUserPresence: userPresence === 'required',
        requireUserVerification: userVerification === 'required',
        supportedAlgorithmIDs: [...passkeyAlgorithms],
      }),
    );
    if (!result.verified) throw new PasskeyVerificationFailedError();
    const info = result.registrationInfo;
    const idBytes = Buffer.from(info.credential.id, 'base64url').length;
    if (info.credential.id !== response.id) throw new PasskeyVerificationFailedError();
    if (idBytes < credentialIdBytes.min || idBytes > credentialIdBytes.max) throw new PasskeyVerificationFailedError();
    return {
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      algorithm: algorithmOf(info.credential.publicKey),
      counter: info.credential.counter,
      backupEligible: info.credentialDeviceType === 'multiDevice',
      backedUp: info.credentialBackedUp,
      userVerified: info.userVerified,
    };
  }

  async assertion(
    response: AuthenticationResponseJSON,
    challenge: string,
    userVerification: UserVerification,
    credential: StoredCredential,
  ): Promise<VerifiedAssertion> {
    refuseCrossOrigin(response.response.clientDataJSON);
    const result = await refusing(() =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.id,
        requireUserVerification: userVerification === 'required',
        credential: { id: credential.credentialId, publicKey: credential.publicKey, counter: credential.counter },
      }),
    );
    if (!result.verified) throw new PasskeyVerificationFailedError();
    const info = result.authenticationInfo;
    // Backup eligibility is fixed when the credential is made (WebAuthn Level 3, authentication step 21).
    if ((info.credentialDeviceType === 'multiDevice') !== credential.backupEligible) {
      throw new PasskeyVerificationFailedError();
    }
    return { counter: info.newCounter, backedUp: info.credentialBackedUp, userVerified: info.userVerified };
  }
}

/**
 * decisions (Hardening): `crossOrigin: true` is refused, and a `topOrigin` with it; the library checks the
 * top origin of an assertion only, and only when the client sends one.
 */
function refuseCrossOrigin(clientDataJSON: string): void {
  let clientData: { crossOrigin?: unknown; topOrigin?: unknown };
  try {
    clientData = decodeClientDataJSON(clientDataJSON) as typeof clientData;
  } catch {
    throw new PasskeyVerificationFailedError();
  }
  if (clientData.crossOrigin === true || clientData.topOrigin !== undefined) throw new PasskeyVerificationFailedError();
}

/** The library throws for each failed step; any of them is the one refusal. */
async function refusing<T>(verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch {
    throw new PasskeyVerificationFailedError();
  }
}

/** The library has already refused a key without an algorithm or with one outside those offered. */
function algorithmOf(publicKey: Uint8Array_): number {
  const algorithm = decodeCredentialPublicKey(publicKey).get(cose.COSEKEYS.alg);
  if (typeof algorithm !== 'number') throw new PasskeyVerificationFailedError();
  return algorithm;
}
