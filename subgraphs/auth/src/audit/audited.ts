import { AppError } from '../../../../lib/src/errors.js';
import type { AuditEvent, AuditWriter } from './audit.service.js';

/** What an operation learns about itself as it goes (user, device, challenge, signature), for its entry. */
export type AuditTrail = Omit<AuditEvent, 'action' | 'result' | 'errorCode'>;

/**
 * Runs an operation and writes one audit entry for it, success or failure alike (decisions: Audit log).
 * The trail is filled while the operation runs, so a failure is recorded with everything known so far.
 */
export async function audited<T>(
  audit: AuditWriter,
  action: string,
  trail: AuditTrail,
  operation: (trail: AuditTrail) => Promise<T>,
): Promise<T> {
  try {
    const result = await operation(trail);
    await audit.record({ ...trail, action, result: 'success' });
    return result;
  } catch (error) {
    const errorCode = error instanceof AppError ? error.code : 'INTERNAL';
    await audit.record({ ...trail, action, result: 'failure', errorCode }).catch(() => undefined);
    throw error;
  }
}
