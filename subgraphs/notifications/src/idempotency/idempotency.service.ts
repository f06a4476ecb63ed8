import { createHash } from 'node:crypto';
import { ValidationError } from '@platform/lib/errors';
import type { SqlClient } from '@platform/lib/jobs/job-engine';
import { IdempotencyKeyInUseError, IdempotencyKeyReusedError } from './idempotency.errors.js';
import type { IdempotencyRepository } from './idempotency.repository.js';

/** The draft's retention: a key answers the same for 24 hours (issue 30, item 7). */
const retentionMs = 24 * 60 * 60 * 1000;
/**
 * How long a request in progress holds its key: far beyond the largest job's submission (a single transaction),
 * so only a holder that died (its transaction rolled back) loses it, and a retry after that may run.
 */
const leaseMs = 2 * 60 * 1000;
/** The draft leaves the key's form to the server: printable ASCII, as a producer's UUID or hash is. */
const keyForm = /^[\x21-\x7e]{1,255}$/;

export const idempotencyKeyDescription =
  'Idempotency-Key (IETF httpapi draft): the same key and input within 24 hours answer the first answer and ' +
  'create nothing; another input under the key is refused (422), a retry while the first runs too (409).';

/** Which create operation, with which validated body: the same key on another operation is another body. */
export interface IdempotentRequest {
  key: string | null | undefined;
  caller: string;
  operation: string;
  body: unknown;
}

/** Records the answer in the creation's own transaction (on its connection). */
export type Completion<T> = (client: SqlClient, answer: T) => Promise<void>;

export interface IdempotencyServiceDependencies {
  repository: IdempotencyRepository;
  now: () => number;
}

/** JSON with sorted keys, so that the same body hashes the same whatever the order of its fields. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The Idempotency-Key of the internal create operations (IETF httpapi draft): per producer, the first request
 * with a key claims it; its answer is stored in the same transaction as what it created, so a retry of the same
 * body within 24 hours gets that answer and creates nothing, on any instance (the key lives in PostgreSQL).
 * Another body under the key is 422, a retry while the first is running 409. A failed request frees its key.
 */
export class IdempotencyService {
  constructor(private readonly deps: IdempotencyServiceDependencies) {}

  async once<T>(request: IdempotentRequest, create: (complete: Completion<T>) => Promise<T>): Promise<T> {
    const { key, caller } = request;
    if (key === null || key === undefined) return create(async () => undefined);
    if (!keyForm.test(key))
      throw ValidationError.field('Idempotency-Key', 'must be 1 to 255 printable ASCII characters');
    const fingerprint = createHash('sha256')
      .update(canonical({ operation: request.operation, body: request.body }))
      .digest('hex');
    const now = this.deps.now();
    const claimed = await this.deps.repository.claim(caller, key, fingerprint, {
      now: new Date(now),
      expiredBefore: new Date(now - retentionMs),
      leaseUntil: new Date(now + leaseMs),
    });
    if (!claimed) return this.replay<T>(caller, key, fingerprint);
    try {
      const answer = await create((client, result) => this.deps.repository.complete(client, caller, key, result));
      await this.deps.repository.purge(new Date(now - retentionMs));
      return answer;
    } catch (error) {
      await this.deps.repository.release(caller, key).catch(() => undefined);
      throw error;
    }
  }

  private async replay<T>(caller: string, key: string, fingerprint: string): Promise<T> {
    const stored = await this.deps.repository.read(caller, key);
    // Freed between the claim and this read (the first request failed): the producer may simply retry.
    if (!stored) throw new IdempotencyKeyInUseError();
    if (stored.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
    if (stored.state !== 'done') throw new IdempotencyKeyInUseError();
    return stored.answer as T;
  }
}
