import { revocationLifetimeMs, type Revocation, type RevocationMarker } from '@platform/lib/auth/revocation';
import type { Revocations } from '@platform/lib/auth/revocation';
import type { UnitOfWork } from '@platform/lib/unit-of-work';
import type { RevocationRepository } from './revocation.repository.js';

/** Adds a revocation to the change being made; `expiresAt` defaults to the longest life of a covered token. */
export type Revoke = (marker: RevocationMarker, expiresAt?: Date) => void;

export interface RevocationServiceDependencies {
  ledger: RevocationRepository;
  unitOfWork: UnitOfWork;
  cache: Revocations;
  now: () => number;
}

/**
 * Revocation is recorded in PostgreSQL, in the transaction of the change that revokes, and cached as markers in
 * Redis (decisions: Durable revocation). The markers are set before the commit, so a Redis that cannot take them
 * rolls the change back (503, nothing half revoked), and again after it, so a reload from PostgreSQL that ran
 * between the two (Redis lost its data meanwhile) cannot have missed them. Then they are announced, so that every
 * gateway closes the sockets the revoked tokens opened.
 */
export class RevocationService {
  constructor(private readonly deps: RevocationServiceDependencies) {}

  async run<T>(work: (revoke: Revoke) => Promise<T>): Promise<T> {
    const revoked: Revocation[] = [];
    const revoke: Revoke = (marker, expiresAt) =>
      revoked.push({ ...marker, expiresAt: expiresAt ?? new Date(this.deps.now() + revocationLifetimeMs) });
    const result = await this.deps.unitOfWork.run(async () => {
      const value = await work(revoke);
      await this.deps.ledger.record(revoked);
      await this.deps.cache.mark(revoked);
      return value;
    });
    await this.deps.cache.mark(revoked);
    // Committed and marked: a lost announcement only delays closing sockets to the gateway's periodic check.
    await this.deps.cache.announce(revoked).catch(() => undefined);
    return result;
  }

  /** Lifts a revocation (the bootstrap admin reinstated at start-up). */
  async lift(marker: RevocationMarker): Promise<void> {
    await this.deps.ledger.remove(marker);
    await this.deps.cache.unmark(marker);
  }
}
