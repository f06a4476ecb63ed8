import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The request's transactions, opened by services. Every repository of a request is built over the same
 * entity manager (context.ts), so the repository calls made inside `run` join its transaction without being
 * handed anything; repositories themselves never begin or commit one.
 */
export class UnitOfWork {
  constructor(private readonly em: EntityManager) {}

  /** Commits when `work` resolves, writing what repositories staged in it; rolls back when it throws. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.transaction(work, () => true);
  }

  /** As `run`, for work that may find nothing to do: an `undefined` result rolls back instead of committing. */
  attempt<T extends object>(work: () => Promise<T | undefined>): Promise<T | undefined> {
    return this.transaction(work, (result) => result !== undefined);
  }

  private async transaction<T>(work: () => Promise<T>, keep: (result: T) => boolean): Promise<T> {
    await this.em.begin();
    try {
      const result = await work();
      await (keep(result) ? this.em.commit() : this.em.rollback());
      return result;
    } catch (error) {
      // The operation's own error is the one to report; a rollback on a lost connection fails as well.
      await this.em.rollback().catch(() => undefined);
      throw error;
    }
  }
}
