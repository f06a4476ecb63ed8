import type { SqlClient } from '@platform/lib/jobs/job-engine';
import { notificationRequestDeadLetter, notificationRequestQueue } from '@platform/lib/notifications/request-queue';
import { notificationJobDeadLetter, notificationJobQueue } from './job-queue.js';

/**
 * pg-boss's schema of the notification queues before the one job engine (decisions: One way (issue 24)). Left in
 * place: an instance of the previous version may still queue into it during a rolling upgrade; each start of the
 * notification subgraph moves what it finds. Dropped by hand once no such instance runs.
 */
export const legacyQueueSchema = 'notifications_boss';

const queues = [
  notificationJobQueue,
  notificationJobDeadLetter,
  notificationRequestQueue,
  notificationRequestDeadLetter,
];

/**
 * One statement, so two instances starting at once move each job once (the second waits on the first's row
 * locks and then finds the rows gone). A job that was active is queued again for when pg-boss would have
 * expired it (its worker may still be finishing it: at least once, as any expired job). Completed and failed
 * jobs stay where they are: they are history, not work.
 */
const moveStatement = `
  with moved as (
    delete from ${legacyQueueSchema}.job where name = any($1) and state in ('created', 'retry', 'active')
    returning *
  )
  insert into platform_jobs.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay,
    retry_backoff, start_after, singleton_key, singleton_on, expire_in, created_on, keep_until, dead_letter, policy)
  select id, name, priority, data,
    (case when state = 'active' then 'retry' else state::text end)::platform_jobs.job_state,
    retry_limit, retry_count, retry_delay, retry_backoff,
    case when state = 'active' then started_on + expire_in else start_after end,
    singleton_key, singleton_on, expire_in, created_on, keep_until, dead_letter, policy
  from moved
  on conflict do nothing
  returning id`;

/**
 * Moves the notification jobs and requests still waiting in the previous version's pg-boss schema onto the job
 * engine's queues (which must exist already); answers how many. Nothing to do (one lookup) once it is gone.
 */
export async function moveLegacyJobs(client: SqlClient): Promise<number> {
  const { rows } = await client.query(`select to_regclass('${legacyQueueSchema}.job') is not null as present`);
  if (!(rows[0] as { present: boolean }).present) return 0;
  return (await client.query(moveStatement, [queues])).rows.length;
}
