import type { JobEngine } from '@platform/lib/jobs/job-engine';
import type { Logger } from '@platform/lib/logger';
import type { AuditWriter } from '../audit/audit.service.js';
import type { ConfirmationEvents } from './confirmation-events.js';
import type { ConfirmationRepository } from './confirmation.repository.js';

export interface ConfirmationSweepDependencies {
  confirmations: ConfirmationRepository;
  events: ConfirmationEvents;
  audit: AuditWriter;
  now: () => number;
}

/**
 * Records pending confirmations past their window as expired, with an audit entry and a subscription event
 * each. Readers never wait for it (a pending row past its window already reads expired); it makes the stored
 * status, the audit log and live clients catch up. One sweep job per interval in the cluster (scheduleSweep);
 * should two ever overlap, one statement hands each row to one sweeper.
 */
export class ConfirmationSweep {
  constructor(private readonly deps: ConfirmationSweepDependencies) {}

  async run(): Promise<number> {
    const expired = await this.deps.confirmations.expireDue(new Date(this.deps.now()));
    for (const { id, userId, challenge } of expired) {
      await this.deps.audit.record({
        action: 'confirmation_expire',
        result: 'success',
        userId,
        challenge,
        details: { confirmationId: id },
      });
      await this.deps.events.publish(userId, { confirmationId: id, status: 'expired' });
    }
    return expired.length;
  }
}

export const sweepQueue = 'confirmation-sweep';

/**
 * Runs the sweep once per `seconds` (0: never) in the whole cluster, whatever the replica count: each instance's
 * timer sends a sweep job, pg-boss keeps one per time slot (singleton key and seconds), one worker runs it. A
 * failed round is logged and the next slot's job retries; a sweep job is never retried itself.
 */
export async function scheduleSweep(
  jobs: JobEngine,
  sweep: () => Promise<unknown>,
  seconds: number,
  logger: Logger,
): Promise<() => Promise<void>> {
  if (seconds === 0) return () => Promise.resolve();
  await jobs.queue(sweepQueue, { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 + seconds });
  await jobs.work(sweepQueue, async () => {
    await sweep().catch((error: unknown) => logger.error({ err: error }, 'confirmation sweep failed'));
  });
  const timer = setInterval(() => {
    jobs
      .send(sweepQueue, {}, { singletonKey: sweepQueue, singletonSeconds: seconds })
      .catch((error: unknown) => logger.error({ err: error }, 'confirmation sweep not queued'));
  }, seconds * 1000).unref();
  return () => {
    clearInterval(timer);
    return jobs.stopWork(sweepQueue);
  };
}
