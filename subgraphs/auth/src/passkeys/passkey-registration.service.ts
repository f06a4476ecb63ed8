import { randomBytes, randomUUID } from 'node:crypto';
import type { UserCaller } from '@platform/lib/auth/caller';
import type { RateLimiter } from '@platform/lib/rate-limit';
import { ValidationError } from '@platform/lib/errors';
import { validate } from '@platform/lib/validation';
import type { TokenFamilyRepository } from '../sessions/token-family.repository.js';
import { audited } from '../audit/audited.js';
import type { AuditWriter } from '../audit/audit.service.js';
import { SessionNotFoundError } from '../challenges/challenge.errors.js';
import { challengeLifetimes, type ChallengeSessions } from '../challenges/challenge-sessions.js';
import { UserNotFoundError } from '../users/user.errors.js';
import type { UserRepository } from '../users/user.repository.js';
import { algorithmName, type PasskeyKeys } from './passkey-keys.js';
import { PasskeyVerificationFailedError } from './passkey.errors.js';
import type { PasskeyRepository } from './passkey.repository.js';
import { registerBeginInput, registerFinishInput } from './passkey.validation.js';
import { passkeyView, type PasskeyView } from './passkey.views.js';
import {
  passkeyAlgorithms,
  passkeyTimeoutMs,
  type PasskeyVerifier,
  type RelyingParty,
  type UserVerification,
} from './relying-party.js';

/** What a registration challenge is bound to until its finish. */
interface RegistrationData {
  userId: number;
  userHandle: string;
  userVerification: UserVerification;
  /** Issued for a conditional create right after a password sign-in: accepted without user presence. */
  conditional?: boolean;
}

/** How soon after a password sign-in the console may offer the automatic passkey upgrade (issue 27, item 5). */
export const conditionalCreateWindowMs = 5 * 60_000;

type Requirement = 'required' | 'preferred' | 'discouraged';

/** auth spec, Passkey: Begin registration's publicKey. */
export interface RegistrationOptions {
  challengeId: string;
  publicKey: {
    challenge: string;
    rp: { name: string; id: string };
    user: { id: string; name: string; displayName: string };
    pubKeyCredParams: { type: 'public-key'; alg: number }[];
    timeout: number;
    attestation: 'none';
    authenticatorSelection: { residentKey: Requirement; userVerification: UserVerification };
    excludeCredentials: { type: 'public-key'; id: string }[];
  };
}

export interface RegistrationResult {
  success: true;
  passkey: PasskeyView;
}

export interface PasskeyRegistrationServiceDependencies {
  passkeys: PasskeyRepository;
  users: UserRepository;
  sessions: ChallengeSessions;
  verifier: PasskeyVerifier;
  keys: PasskeyKeys;
  rp: RelyingParty;
  rateLimiter: RateLimiter;
  audit: AuditWriter;
  tokenFamilies: TokenFamilyRepository;
  now: () => number;
}

/** Adding a passkey to the signed-in account (auth spec, Passkey (WebAuthn)). */
export class PasskeyRegistrationService {
  constructor(private readonly deps: PasskeyRegistrationServiceDependencies) {}

  begin(caller: UserCaller, input: unknown): Promise<RegistrationOptions> {
    return audited(this.deps.audit, 'passkey_register_begin', { userId: caller.userId }, async (trail) => {
      await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const values = validate(registerBeginInput, input);
      const userVerification =
        values.authenticatorSelection?.userVerification ?? values.userVerification ?? 'preferred';
      const residentKey = values.authenticatorSelection?.residentKey ?? 'preferred';
      const conditional = values.conditional === true;
      if (conditional && !(await this.justSignedInWithPassword(caller))) {
        throw ValidationError.field('conditional', 'is offered only right after a password sign-in');
      }
      const user = await this.deps.users.findWithClaims(caller.userId);
      if (!user) throw new UserNotFoundError();
      const existing = await this.deps.passkeys.listOf(caller.userId);
      // One handle per account, random (WebAuthn: the user handle carries no personal data).
      const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url');
      const session = await this.deps.sessions.open<RegistrationData>(
        'passkeyRegistration',
        { userId: caller.userId, userHandle, userVerification, conditional },
        challengeLifetimes.passkeyMs,
      );
      trail.challenge = session.challenge;
      trail.details = { userVerification, residentKey, ...(conditional ? { conditional } : {}) };
      return {
        challengeId: session.sessionId,
        publicKey: {
          challenge: session.challenge,
          rp: { name: this.deps.rp.name, id: this.deps.rp.id },
          user: { id: userHandle, name: user.email, displayName: user.employee?.name ?? user.email },
          pubKeyCredParams: passkeyAlgorithms.map((alg) => ({ type: 'public-key' as const, alg })),
          timeout: passkeyTimeoutMs,
          attestation: 'none',
          authenticatorSelection: { residentKey, userVerification },
          excludeCredentials: existing.map((passkey) => ({ type: 'public-key' as const, id: passkey.credentialId })),
        },
      };
    });
  }

  /**
   * Verifies against the challenge as read, and only then consumes it: a refused response leaves it usable
   * (decisions: Signatures), and of concurrent correct finishes only the consumer that wins stores the passkey.
   */
  finish(caller: UserCaller, input: unknown): Promise<RegistrationResult> {
    return audited(this.deps.audit, 'passkey_register_finish', { userId: caller.userId }, async (trail) => {
      await this.deps.rateLimiter.charge('deviceManagement', `user:${caller.userId}`);
      const values = validate(registerFinishInput, input);
      const session = await this.deps.sessions.read<RegistrationData>('passkeyRegistration', values.challengeId);
      if (session.data.userId !== caller.userId) throw new SessionNotFoundError();
      trail.challenge = session.challenge;
      trail.signature = { algorithm: 'unknown', keyId: values.credential.id, verified: false };
      const verified = await this.deps.verifier.registration(
        values.credential,
        session.challenge,
        session.data.userVerification,
        session.data.conditional === true ? 'waived' : 'required',
      );
      trail.signature = { algorithm: algorithmName(verified.algorithm), keyId: verified.credentialId, verified: true };
      if (await this.deps.passkeys.credentialRegistered(verified.credentialId))
        throw new PasskeyVerificationFailedError();
      await this.deps.sessions.consume('passkeyRegistration', values.challengeId);
      const id = randomUUID();
      const passkey = await this.deps.passkeys.add({
        id,
        userId: caller.userId,
        credentialId: verified.credentialId,
        userHandle: session.data.userHandle,
        publicKeyEncrypted: this.deps.keys.seal(id, verified.publicKey),
        algorithm: verified.algorithm,
        counter: verified.counter,
        backupEligible: verified.backupEligible,
        backedUp: verified.backedUp,
        userVerified: verified.userVerified,
        name: 'Passkey',
      });
      if (!passkey) throw new PasskeyVerificationFailedError();
      trail.details = { passkeyId: passkey.id };
      return { success: true, passkey: passkeyView(passkey) };
    });
  }

  /** The caller's session began with a password, moments ago, and has not been renewed since. */
  private async justSignedInWithPassword(caller: UserCaller): Promise<boolean> {
    const family = await this.deps.tokenFamilies.findFamily(caller.sessionId);
    if (!family || family.method !== 'password' || family.revokedAt || family.rotationCount > 0) return false;
    return this.deps.now() - family.createdAt.getTime() <= conditionalCreateWindowMs;
  }
}
