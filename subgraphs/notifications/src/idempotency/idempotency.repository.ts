import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import type { SqlClient } from '@platform/lib/jobs/job-engine';

const schema = '"notifications"';

export interface StoredKey {
  fingerprint: string;
  state: 'in_progress' | 'done';
  answer: unknown;
}

/**
 * An upsert that returns whether it claimed the key (the entity manager cannot say it): a new key, one older
 * than the retention ($5), or one whose holder died with the same request in progress (lease over) is taken.
 */
const claimStatement: PreparedStatement = {
  name: 'notifications.idempotency.claim',
  text: `insert into ${schema}."idempotency_key" as k (caller, key, fingerprint, state, answer, created_at, lease_until)
       values ($1, $2, $3, 'in_progress', null, $4, $6)
       on conflict (caller, key) do update
         set fingerprint = excluded.fingerprint, state = 'in_progress', answer = null,
             created_at = excluded.created_at, lease_until = excluded.lease_until
         where k.created_at < $5
            or (k.state = 'in_progress' and k.lease_until < $4 and k.fingerprint = excluded.fingerprint)
       returning true as claimed`,
};

const readStatement: PreparedStatement = {
  name: 'notifications.idempotency.read',
  text: `select fingerprint, state, answer from ${schema}."idempotency_key" where caller = $1 and key = $2`,
};

/** Runs on the connection of the creation's transaction: the answer commits with what it created, or neither. */
const completeStatement: PreparedStatement = {
  name: 'notifications.idempotency.complete',
  text: `update ${schema}."idempotency_key" set state = 'done', answer = $3::jsonb
       where caller = $1 and key = $2 and state = 'in_progress'`,
};

const releaseStatement: PreparedStatement = {
  name: 'notifications.idempotency.release',
  text: `delete from ${schema}."idempotency_key" where caller = $1 and key = $2 and state = 'in_progress'`,
};

/** Bounded, so that no request pays for a large backlog: expired keys go a hundred at a time. */
const purgeStatement: PreparedStatement = {
  name: 'notifications.idempotency.purge',
  text: `delete from ${schema}."idempotency_key" where (caller, key) in
         (select caller, key from ${schema}."idempotency_key" where created_at < $1 limit 100)`,
};

/** The idempotency_key table: each statement autocommits, but `complete`, which joins the creation's. */
export class IdempotencyRepository {
  constructor(private readonly em: EntityManager) {}

  async claim(
    caller: string,
    key: string,
    fingerprint: string,
    times: { now: Date; expiredBefore: Date; leaseUntil: Date },
  ): Promise<boolean> {
    const rows = await runStatement(this.em, claimStatement, [
      caller,
      key,
      fingerprint,
      times.now,
      times.expiredBefore,
      times.leaseUntil,
    ]);
    return rows.length === 1;
  }

  async read(caller: string, key: string): Promise<StoredKey | null> {
    const [row] = await runStatement<StoredKey>(this.em, readStatement, [caller, key]);
    return row ?? null;
  }

  async complete(client: SqlClient, caller: string, key: string, answer: unknown): Promise<void> {
    await client.query(completeStatement.text, [caller, key, JSON.stringify(answer)]);
  }

  async release(caller: string, key: string): Promise<void> {
    await runStatement(this.em, releaseStatement, [caller, key]);
  }

  async purge(expiredBefore: Date): Promise<void> {
    await runStatement(this.em, purgeStatement, [expiredBefore]);
  }
}
