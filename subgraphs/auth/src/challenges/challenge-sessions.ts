import { randomBytes, randomUUID } from 'node:crypto';
import { SessionNotFoundError } from './challenge.errors.js';
import type { KeyValueStore } from '@platform/lib/store/ports';

/** auth spec, Challenge sessions: 64 random bytes (512 bits) from a CSPRNG, base64url, single use. */
export const challengeBytes = 64;

export const challengeLifetimes = {
  registrationMs: 5 * 60_000,
  loginMs: 2 * 60_000,
  /** issue 13: a passkey ceremony's challenge is kept 5 minutes, its `timeout`. */
  passkeyMs: 5 * 60_000,
} as const;

export type ChallengeKind = 'registration' | 'login' | 'passkeyRegistration' | 'passkeyLogin';

export interface ChallengeSession<T> {
  sessionId: string;
  challenge: string;
  expiresAt: string;
  data: T;
}

export interface ChallengeSessionsDependencies {
  store: KeyValueStore;
  now: () => number;
  /** The CSPRNG; `randomBytes` unless a test fixes it. */
  random?: (bytes: number) => Buffer;
}

/**
 * Single-use challenge sessions in the shared store (every instance sees them). A verifier first reads the
 * session to check the signature, so a wrong signature leaves it usable (decisions: Signatures), and only
 * then consumes it atomically, so that of N concurrent verifiers exactly one wins: registration with one
 * GETDEL here; a biometric login inside the statement that issues its tokens (mobile/login.repository.ts), after
 * which it ends the copy here.
 */
export class ChallengeSessions {
  constructor(private readonly deps: ChallengeSessionsDependencies) {}

  async open<T>(kind: ChallengeKind, data: T, lifetimeMs: number): Promise<ChallengeSession<T>> {
    const session: ChallengeSession<T> = {
      sessionId: randomUUID(),
      challenge: (this.deps.random ?? randomBytes)(challengeBytes).toString('base64url'),
      expiresAt: new Date(this.deps.now() + lifetimeMs).toISOString(),
      data,
    };
    await this.deps.store.set(keyOf(kind, session.sessionId), JSON.stringify(session), lifetimeMs);
    return session;
  }

  /** The live session, or 400 `Session expired or not found`. */
  async read<T>(kind: ChallengeKind, sessionId: string): Promise<ChallengeSession<T>> {
    return this.live<T>(await this.deps.store.get(keyOf(kind, sessionId)));
  }

  /** Takes the session for good; a loser of a race (or a replay) gets 400 `Session expired or not found`. */
  async consume<T>(kind: ChallengeKind, sessionId: string): Promise<ChallengeSession<T>> {
    return this.live<T>(await this.deps.store.consume(keyOf(kind, sessionId)));
  }

  async end(kind: ChallengeKind, sessionId: string): Promise<void> {
    await this.deps.store.delete(keyOf(kind, sessionId));
  }

  private live<T>(stored: string | null): ChallengeSession<T> {
    if (!stored) throw new SessionNotFoundError();
    const session = JSON.parse(stored) as ChallengeSession<T>;
    if (Date.parse(session.expiresAt) <= this.deps.now()) throw new SessionNotFoundError();
    return session;
  }
}

function keyOf(kind: ChallengeKind, sessionId: string): string {
  return `challenge:${kind}:${sessionId}`;
}

/** The bytes a device signs: the 64 raw bytes the base64url challenge encodes, not its text. */
export function challengeMessage(challenge: string): Buffer {
  return Buffer.from(challenge, 'base64url');
}
