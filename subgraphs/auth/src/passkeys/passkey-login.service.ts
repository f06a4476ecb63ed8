import { createHmac } from 'node:crypto';
import type { RequestInfo } from '@platform/lib/graphql/context';
import { sentField, type RateLimiter } from '@platform/lib/rate-limit';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import { validate } from '@platform/lib/validation';
import { audited } from '../audit/audited.js';
import type { AuditWriter } from '../audit/audit.service.js';
import { challengeLifetimes, type ChallengeSessions } from '../challenges/challenge-sessions.js';
import type { SessionService } from '../sessions/session.service.js';
import type { TokenSet } from '../sessions/token-set.js';
import type { UserRepository } from '../users/user.repository.js';
import { algorithmName, type PasskeyKeys } from './passkey-keys.js';
import { PasskeyVerificationFailedError } from './passkey.errors.js';
import type { PasskeyRepository } from './passkey.repository.js';
import { loginBeginInput, loginFinishInput } from './passkey.validation.js';
import { passkeyTimeoutMs, type PasskeyVerifier, type RelyingParty, type UserVerification } from './relying-party.js';

/** What a login challenge is bound to: the account the e-mail named, or none (an unknown e-mail). */
interface LoginData {
  userId: number | null;
  userVerification: UserVerification;
  /** Autofill (conditional mediation, issue 27, item 5): no account named; the credential names it. */
  discoverable?: boolean;
}

/** auth spec, Passkey: Begin login's publicKey. */
export interface LoginOptions {
  challengeId: string;
  publicKey: {
    challenge: string;
    timeout: number;
    rpId: string;
    allowCredentials: { type: 'public-key'; id: string }[];
    userVerification: UserVerification;
  };
}

export interface PasskeyLoginServiceDependencies {
  passkeys: PasskeyRepository;
  users: UserRepository;
  sessions: ChallengeSessions;
  signIn: SessionService;
  unitOfWork: UnitOfWork;
  verifier: PasskeyVerifier;
  keys: PasskeyKeys;
  rp: RelyingParty;
  /** Keys the decoy credential ids of unknown e-mails: the same on every call and every instance. */
  decoySecret: string;
  rateLimiter: RateLimiter;
  audit: AuditWriter;
  request: RequestInfo;
  now: () => number;
}

/** Signing in with a passkey (auth spec, Passkey (WebAuthn)); public. */
export class PasskeyLoginService {
  constructor(private readonly deps: PasskeyLoginServiceDependencies) {}

  /**
   * An unknown e-mail, a disabled account and an account without passkeys answer alike (decisions: no account
   * enumeration): one credential id derived from the e-mail, the same on every call.
   */
  begin(input: unknown): Promise<LoginOptions> {
    return audited(this.deps.audit, 'passkey_login_begin', {}, async (trail) => {
      const sentEmail = sentField(input, 'email')?.trim().toLowerCase();
      await this.deps.rateLimiter.charge(
        'authentication',
        `ip:${this.deps.request.ip}`,
        ...(sentEmail ? [`email:${sentEmail}`] : []),
      );
      const values = validate(loginBeginInput, input);
      const userVerification = values.userVerification ?? 'preferred';
      const user = await this.deps.users.findByEmail(values.email);
      const owned = user?.status === 'active' ? await this.deps.passkeys.listOf(user.id) : [];
      const allowed = owned.length > 0 ? owned.map((passkey) => passkey.credentialId) : [this.decoyId(values.email)];
      const session = await this.deps.sessions.open<LoginData>(
        'passkeyLogin',
        { userId: owned.length > 0 && user ? user.id : null, userVerification },
        challengeLifetimes.passkeyMs,
      );
      trail.userId = user?.id ?? null;
      trail.challenge = session.challenge;
      trail.details = { email: values.email, userVerification };
      return {
        challengeId: session.sessionId,
        publicKey: {
          challenge: session.challenge,
          timeout: passkeyTimeoutMs,
          rpId: this.deps.rp.id,
          allowCredentials: allowed.map((id) => ({ type: 'public-key' as const, id })),
          userVerification,
        },
      };
    });
  }

  /**
   * Autofill (conditional mediation, issue 27, item 5): a challenge bound to no account and no credential list, so
   * the browser offers the passkeys it holds for this site in the e-mail field's suggestions. Nothing about any
   * account is in the answer, so it cannot enumerate accounts.
   */
  beginAutofill(): Promise<LoginOptions> {
    return audited(this.deps.audit, 'passkey_login_begin', {}, async (trail) => {
      await this.deps.rateLimiter.charge('authentication', `ip:${this.deps.request.ip}`);
      const userVerification: UserVerification = 'preferred';
      const session = await this.deps.sessions.open<LoginData>(
        'passkeyLogin',
        { userId: null, userVerification, discoverable: true },
        challengeLifetimes.passkeyMs,
      );
      trail.challenge = session.challenge;
      trail.details = { autofill: true, userVerification };
      return {
        challengeId: session.sessionId,
        publicKey: {
          challenge: session.challenge,
          timeout: passkeyTimeoutMs,
          rpId: this.deps.rp.id,
          allowCredentials: [],
          userVerification,
        },
      };
    });
  }

  /**
   * Checks in this order: body (400), challenge (400), the credential among the account's (401, the same as a
   * bad signature), the user handle (401), the WebAuthn steps (401), the account still active (401), then the
   * single use of the challenge (400) and the counter, which must increase (401, a cloned authenticator).
   */
  finish(input: unknown): Promise<TokenSet> {
    return audited(this.deps.audit, 'passkey_login_finish', {}, async (trail) => {
      await this.deps.rateLimiter.charge('authentication', `ip:${this.deps.request.ip}`);
      const values = validate(loginFinishInput, input);
      const session = await this.deps.sessions.read<LoginData>('passkeyLogin', values.challengeId);
      trail.challenge = session.challenge;
      trail.userId = session.data.userId;
      trail.signature = { algorithm: 'unknown', keyId: values.credential.id, verified: false };
      const discoverable = session.data.discoverable === true;
      const passkey =
        session.data.userId === null && !discoverable
          ? null
          : await this.deps.passkeys.findByCredentialId(values.credential.id);
      if (!passkey || (!discoverable && passkey.userId !== session.data.userId)) {
        throw new PasskeyVerificationFailedError();
      }
      trail.userId = passkey.userId;
      const userHandle = values.credential.response.userHandle;
      // A discoverable credential names its account by the handle (WebAuthn Level 3, 7.2 step 6): it must be there.
      if (discoverable && !userHandle) throw new PasskeyVerificationFailedError();
      if (userHandle && userHandle !== passkey.userHandle) throw new PasskeyVerificationFailedError();
      trail.signature.algorithm = algorithmName(passkey.algorithm);
      const assertion = await this.deps.verifier.assertion(
        values.credential,
        session.challenge,
        session.data.userVerification,
        {
          credentialId: passkey.credentialId,
          publicKey: this.deps.keys.open(passkey),
          counter: passkey.counter,
          backupEligible: passkey.backupEligible,
        },
      );
      trail.signature.verified = true;
      trail.details = { passkeyId: passkey.id, userVerified: assertion.userVerified };
      const user = await this.deps.users.findWithClaims(passkey.userId);
      if (!user || user.status !== 'active') throw new PasskeyVerificationFailedError();
      await this.deps.sessions.consume('passkeyLogin', values.challengeId);
      const signedIn = await this.deps.unitOfWork.run(async () => {
        const at = new Date(this.deps.now());
        const used = await this.deps.passkeys.recordUse(passkey.id, {
          counter: assertion.counter,
          backedUp: assertion.backedUp,
          at,
        });
        if (!used) throw new PasskeyVerificationFailedError();
        return this.deps.signIn.openSession(user, false, 'passkey');
      });
      await this.deps.signIn.noticeNewClient(user, signedIn.family);
      return signedIn.tokens;
    });
  }

  private decoyId(email: string): string {
    return createHmac('sha256', this.deps.decoySecret).update(`passkey-decoy:${email}`).digest('base64url');
  }
}
