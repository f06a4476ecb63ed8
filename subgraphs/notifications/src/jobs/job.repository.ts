import pg from 'pg';
import type { NotificationJobBody } from '@platform/lib/notifications/job-schema';
import type { SqlClient } from './job-queue.js';
import type { NotificationJobStatus } from './job.types.js';

export interface StoredJob {
  id: string;
  status: string;
  request: Omit<NotificationJobBody, 'recipients'>;
}

export interface Delivery {
  recipientIndex: number;
  userId: number;
  email: string | null;
  channels: string[];
  context: Record<string, unknown>;
  inAppAt: Date | null;
  emailAt: Date | null;
  pushAt: Date | null;
}

export type ChannelColumn = 'in_app_at' | 'email_at' | 'push_at';

const schema = '"notifications"';

/**
 * Jobs and per-recipient delivery state in plain SQL over its own small pool: submission shares one
 * transaction with pg-boss's insert, which speaks positional `$n` parameters.
 */
export class JobRepository {
  readonly pool: pg.Pool;

  constructor(databaseUrl: string) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 6, application_name: 'notifications-jobs' });
    this.pool.on('error', () => undefined);
  }

  async transaction<T>(work: (client: SqlClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async insert(client: SqlClient, id: string, body: NotificationJobBody, requestedBy: string): Promise<void> {
    const { recipients, ...request } = body;
    await client.query(
      `insert into ${schema}."notification_job" (id, status, request, requested_by, schedule_at, created_at, updated_at)
       values ($1, 'queued', $2, $3, $4, now(), now())`,
      [id, JSON.stringify(request), requestedBy, request.scheduleAt ?? null],
    );
    await client.query(
      `insert into ${schema}."notification_delivery" (job_id, recipient_index, user_id, email, channels, context)
       select $1, t.i, t.u, t.e, string_to_array(t.c, ','), t.x::jsonb
       from unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::text[]) as t(i, u, e, c, x)`,
      [
        id,
        recipients.map((_, index) => index),
        recipients.map((recipient) => recipient.userId),
        recipients.map((recipient) => recipient.email ?? null),
        recipients.map((recipient) =>
          (recipient.channels?.length ? [...new Set(recipient.channels)] : ['in_app']).join(','),
        ),
        recipients.map((recipient) => JSON.stringify(recipient.context ?? {})),
      ],
    );
  }

  /** Marks a job active (one more attempt) unless it is completed; null when there is nothing to run. */
  async claim(id: string): Promise<StoredJob | null> {
    const { rows } = await this.pool.query(
      `update ${schema}."notification_job" set status = 'active', attempts = attempts + 1, updated_at = now()
       where id = $1 and status <> 'completed'
       returning id, status, request`,
      [id],
    );
    return (rows[0] as StoredJob | undefined) ?? null;
  }

  async pendingDeliveries(jobId: string): Promise<Delivery[]> {
    const { rows } = await this.pool.query(
      `select recipient_index as "recipientIndex", user_id as "userId", email, channels, context,
              in_app_at as "inAppAt", email_at as "emailAt", push_at as "pushAt"
       from ${schema}."notification_delivery" where job_id = $1 order by recipient_index`,
      [jobId],
    );
    return rows as Delivery[];
  }

  async markDelivered(jobId: string, column: ChannelColumn, recipientIndexes: number[]): Promise<void> {
    if (recipientIndexes.length === 0) return;
    await this.pool.query(
      `update ${schema}."notification_delivery" set ${column} = now()
       where job_id = $1 and recipient_index = any($2::int[])`,
      [jobId, recipientIndexes],
    );
  }

  async markStatus(jobId: string, status: string, lastError: string | null = null): Promise<void> {
    await this.pool.query(
      `update ${schema}."notification_job" set status = $2::varchar, last_error = coalesce($3::text, last_error), updated_at = now(),
         attempts = attempts + case when $2::varchar = 'active' then 1 else 0 end,
         completed_at = case when $2::varchar = 'completed' then now() else completed_at end
       where id = $1`,
      [jobId, status, lastError],
    );
  }

  async status(id: string): Promise<NotificationJobStatus | null> {
    const { rows } = await this.pool.query(
      `select j.id, j.status, j.attempts, j.last_error as "lastError", j.schedule_at as "scheduleAt",
              j.created_at as "createdAt", j.completed_at as "completedAt",
              count(d.*)::int as recipients,
              count(d.*) filter (where ('in_app' <> all(d.channels) or d.in_app_at is not null)
                and ('email' <> all(d.channels) or d.email_at is not null)
                and ('push' <> all(d.channels) or d.push_at is not null))::int as "deliveredRecipients"
       from ${schema}."notification_job" j left join ${schema}."notification_delivery" d on d.job_id = j.id
       where j.id = $1 group by j.id`,
      [id],
    );
    const row = rows[0] as
      | (Omit<NotificationJobStatus, 'scheduleAt' | 'createdAt' | 'completedAt'> & {
          scheduleAt: Date | null;
          createdAt: Date;
          completedAt: Date | null;
        })
      | undefined;
    if (!row) return null;
    return {
      ...row,
      scheduleAt: row.scheduleAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
    };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
