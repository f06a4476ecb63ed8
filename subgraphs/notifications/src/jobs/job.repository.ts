import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, transactionClient, type PreparedStatement } from '@platform/lib/database';
import type { SqlClient } from '@platform/lib/jobs/job-engine';
import type { NotificationJobBody } from '@platform/lib/notifications/job-schema';
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
  webPushAt: Date | null;
}

/** A channel's stamp; in_app_at is stamped once the inbox rows are announced, not when they are written. */
export type ChannelColumn = 'in_app_at' | 'email_at' | 'push_at' | 'web_push_at';

/** A channel a recipient's preferences can mute: done for the job, recorded as skipped (not failed). */
export type SkippableChannel = 'in_app' | 'email' | 'push' | 'web_push';

/** A connection of the process's pool inside a transaction: our prepared statements and pg-boss's SQL. */
export interface JobTransaction extends SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  query(statement: PreparedStatement & { values: unknown[] }): Promise<{ rows: unknown[] }>;
}

const schema = '"notifications"';

/**
 * On the connection of pg-boss's insert, so that the job and its queue entry commit together; an id already
 * taken (a queued request accepted twice) inserts nothing.
 */
const insertJobStatement: PreparedStatement = {
  name: 'notifications.job.insert',
  text: `insert into ${schema}."notification_job" (id, status, request, requested_by, schedule_at, created_at, updated_at)
       values ($1, 'queued', $2, $3, $4, now(), now()) on conflict (id) do nothing returning id`,
};

/** Every recipient in one statement whatever their number (unnest), in the same transaction. */
const insertDeliveriesStatement: PreparedStatement = {
  name: 'notifications.delivery.insert',
  text: `insert into ${schema}."notification_delivery" (job_id, recipient_index, user_id, email, channels, context)
       select $1, t.i, t.u, t.e, string_to_array(t.c, ','), t.x::jsonb
       from unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::text[]) as t(i, u, e, c, x)`,
};

/** Every attempt claims its job in one compare-and-set round trip. */
const claimStatement: PreparedStatement = {
  name: 'notifications.job.claim',
  text: `update ${schema}."notification_job" set status = 'active', attempts = attempts + 1, updated_at = now()
       where id = $1 and status <> 'completed'
       returning id, status, request`,
};

/** Every attempt reads all of a job's recipients in one round trip. */
const pendingDeliveriesStatement: PreparedStatement = {
  name: 'notifications.delivery.pending',
  text: `select recipient_index as "recipientIndex", user_id as "userId", email, channels, context,
              in_app_at as "inAppAt", email_at as "emailAt", push_at as "pushAt",
              web_push_at as "webPushAt"
       from ${schema}."notification_delivery" where job_id = $1 order by recipient_index`,
};

/** Runs after every single e-mail or push: one round trip each, without reading the row first. */
const markDeliveredStatement = (column: ChannelColumn): PreparedStatement => ({
  name: `notifications.delivery.${column}`,
  text: `update ${schema}."notification_delivery" set ${column} = now()
       where job_id = $1 and recipient_index = any($2::int[])`,
});

const markDeliveredStatements: Record<ChannelColumn, PreparedStatement> = {
  in_app_at: markDeliveredStatement('in_app_at'),
  email_at: markDeliveredStatement('email_at'),
  push_at: markDeliveredStatement('push_at'),
  web_push_at: markDeliveredStatement('web_push_at'),
};

/** A muted channel is done (its stamp set) and named in `skipped`, for every muted recipient in one statement. */
const markSkippedStatement = (channel: SkippableChannel): PreparedStatement => ({
  name: `notifications.delivery.skip.${channel}`,
  text: `update ${schema}."notification_delivery" set ${channel}_at = now(), skipped = array_append(skipped, '${channel}')
       where job_id = $1 and recipient_index = any($2::int[]) and ${channel}_at is null`,
});

const markSkippedStatements: Record<SkippableChannel, PreparedStatement> = {
  in_app: markSkippedStatement('in_app'),
  email: markSkippedStatement('email'),
  push: markSkippedStatement('push'),
  web_push: markSkippedStatement('web_push'),
};

/** Ends every attempt: status, error and counters in one round trip. */
const markStatusStatement: PreparedStatement = {
  name: 'notifications.job.status.mark',
  text: `update ${schema}."notification_job" set status = $2::varchar, last_error = coalesce($3::text, last_error), updated_at = now(),
         attempts = attempts + case when $2::varchar = 'active' then 1 else 0 end,
         completed_at = case when $2::varchar = 'completed' then now() else completed_at end
       where id = $1`,
};

/** The job and its delivery counts in one aggregate instead of loading every recipient. */
const statusStatement: PreparedStatement = {
  name: 'notifications.job.status',
  text: `select j.id, j.status, j.attempts, j.last_error as "lastError", j.schedule_at as "scheduleAt",
              j.created_at as "createdAt", j.completed_at as "completedAt",
              count(d.*)::int as recipients,
              coalesce(sum(cardinality(d.skipped)), 0)::int as "skippedChannels",
              count(d.*) filter (where ('in_app' <> all(d.channels) or d.in_app_at is not null)
                and ('email' <> all(d.channels) or d.email_at is not null)
                and ('push' <> all(d.channels) or d.push_at is not null)
                and ('web_push' <> all(d.channels) or d.web_push_at is not null))::int as "deliveredRecipients"
       from ${schema}."notification_job" j left join ${schema}."notification_delivery" d on d.job_id = j.id
       where j.id = $1 group by j.id`,
};

type DeliveryRow = Omit<Delivery, 'inAppAt' | 'emailAt' | 'pushAt' | 'webPushAt'> &
  Record<'inAppAt' | 'emailAt' | 'pushAt' | 'webPushAt', string | null>;

/**
 * Jobs and per-recipient delivery state: no entities, fixed statements on the process's one pool (MikroORM's),
 * each prepared once per pooled connection. Submission shares one transaction with pg-boss's insert, which
 * speaks positional `$n` parameters. Timestamps arrive as text from this pool and are parsed here.
 */
export class JobRepository {
  constructor(private readonly em: EntityManager) {}

  /** Runs `work` in one transaction on one pooled connection; pg-boss's insert joins it through `query`. */
  transaction<T>(work: (client: JobTransaction) => Promise<T>): Promise<T> {
    return this.em.transactional(async (em) => work(await transactionClient<JobTransaction>(em)));
  }

  /** False when a job of this id exists already (then nothing is written). */
  async insert(client: JobTransaction, id: string, body: NotificationJobBody, requestedBy: string): Promise<boolean> {
    const { recipients, ...request } = body;
    const { rows } = await client.query({
      ...insertJobStatement,
      values: [id, JSON.stringify(request), requestedBy, request.scheduleAt ?? null],
    });
    if (rows.length === 0) return false;
    await client.query({
      ...insertDeliveriesStatement,
      values: [
        id,
        recipients.map((_, index) => index),
        recipients.map((recipient) => recipient.userId),
        recipients.map((recipient) => recipient.email ?? null),
        recipients.map((recipient) =>
          (recipient.channels?.length ? [...new Set(recipient.channels)] : ['in_app']).join(','),
        ),
        recipients.map((recipient) => JSON.stringify(recipient.context ?? {})),
      ],
    });
    return true;
  }

  /** Marks a job active (one more attempt) unless it is completed; null when there is nothing to run. */
  async claim(id: string): Promise<StoredJob | null> {
    const [row] = await runStatement<StoredJob>(this.em, claimStatement, [id]);
    return row ?? null;
  }

  async pendingDeliveries(jobId: string): Promise<Delivery[]> {
    const rows = await runStatement<DeliveryRow>(this.em, pendingDeliveriesStatement, [jobId]);
    return rows.map((row) => ({
      ...row,
      inAppAt: this.date(row.inAppAt),
      emailAt: this.date(row.emailAt),
      pushAt: this.date(row.pushAt),
      webPushAt: this.date(row.webPushAt),
    }));
  }

  async markDelivered(jobId: string, column: ChannelColumn, recipientIndexes: number[]): Promise<void> {
    if (recipientIndexes.length === 0) return;
    await runStatement(this.em, markDeliveredStatements[column], [jobId, recipientIndexes]);
  }

  async markSkipped(jobId: string, channel: SkippableChannel, recipientIndexes: number[]): Promise<void> {
    if (recipientIndexes.length === 0) return;
    await runStatement(this.em, markSkippedStatements[channel], [jobId, recipientIndexes]);
  }

  async markStatus(jobId: string, status: string, lastError: string | null = null): Promise<void> {
    await runStatement(this.em, markStatusStatement, [jobId, status, lastError]);
  }

  async status(id: string): Promise<NotificationJobStatus | null> {
    const [row] = await runStatement<NotificationJobStatus>(this.em, statusStatement, [id]);
    if (!row) return null;
    return {
      ...row,
      scheduleAt: this.date(row.scheduleAt)?.toISOString() ?? null,
      createdAt: this.date(row.createdAt).toISOString(),
      completedAt: this.date(row.completedAt)?.toISOString() ?? null,
    };
  }

  /** PostgreSQL's timestamp text, parsed as the pg driver's default parser would. */
  private date(value: string): Date;
  private date(value: string | null): Date | null;
  private date(value: string | null): Date | null {
    return value === null ? null : this.em.getPlatform().parseDate(value);
  }
}
