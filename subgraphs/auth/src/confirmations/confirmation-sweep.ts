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
 * status, the audit log and live clients catch up. Every instance may run it: one statement hands each row to
 * one sweeper.
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

/** Runs the sweep every `seconds` (0: never) until stopped; a failed round is logged and the next one retries. */
export function scheduleSweep(sweep: () => Promise<unknown>, seconds: number, logger: Logger): () => void {
  if (seconds === 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch((error: unknown) => logger.error({ err: error }, 'confirmation sweep failed'))
      .finally(() => (running = false));
  }, seconds * 1000).unref();
  return () => clearInterval(timer);
}
