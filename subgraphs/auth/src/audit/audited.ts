import { AppError } from '@platform/lib/errors';
import type { AuditAction } from './audit-entry.entity.js';
import type { AuditEntryValues } from './audit.repository.js';
import type { AuditEvent, AuditWriter } from './audit.service.js';

/** What an operation learns about itself as it goes (user, device, challenge, signature), for its entry. */
export type AuditTrail = Omit<AuditEvent, 'action' | 'result' | 'errorCode'>;

/**
 * Hands the success entry to the operation, to be written by the operation's own final commit instead of a
 * commit of its own; once called, the wrapper writes no success entry itself.
 */
export type StageSuccess = () => AuditEntryValues;

/**
 * Runs an operation and writes one audit entry for it, success or failure alike (decisions: Audit log).
 * The trail is filled while the operation runs, so a failure is recorded with everything known so far.
 * An operation may stage its success entry into its final write; if that write fails, the entry rolls
 * back with it and the failure is recorded instead.
 */
export async function audited<T>(
  audit: AuditWriter,
  action: AuditAction,
  trail: AuditTrail,
  operation: (trail: AuditTrail, stageSuccess: StageSuccess) => Promise<T>,
): Promise<T> {
  let staged = false;
  const stageSuccess: StageSuccess = () => {
    staged = true;
    return audit.entryOf({ ...trail, action, result: 'success' });
  };
  try {
    const result = await operation(trail, stageSuccess);
    if (!staged) await audit.record({ ...trail, action, result: 'success' });
    return result;
  } catch (error) {
    const errorCode = error instanceof AppError ? error.code : 'INTERNAL';
    await audit.record({ ...trail, action, result: 'failure', errorCode }).catch(() => undefined);
    throw error;
  }
}
