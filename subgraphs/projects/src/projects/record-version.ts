import { PreconditionFailedError } from '@platform/lib/errors';
import { z } from '@platform/lib/validation';

/**
 * The `updatedAt` a write was given (`expectedUpdatedAt`): the version of the record the caller read, compared under
 * the row's lock in the write's transaction (decisions: Dashboards that integrate (issue 28)).
 */
export const expectedVersionInput = z.object({
  expectedUpdatedAt: z
    .string()
    .datetime({ offset: true, message: 'must be an ISO 8601 time' })
    .nullish()
    .transform((value) => (value ? new Date(value) : null)),
});

/** Refused when the record's version under its lock is not the one the caller read; nothing asked, nothing checked. */
export function refuseIfChanged(current: Date | null, expected: Date | null): void {
  if (expected && current?.getTime() !== expected.getTime()) throw new PreconditionFailedError();
}

/**
 * A write given the `updatedAt` the caller read compares it under the row's lock in its own transaction: refused with
 * PRECONDITION_FAILED, nothing written, when the record changed since (decisions: Dashboards that integrate).
 */
export const versionDescription =
  'The updatedAt the caller read: the write is refused (PRECONDITION_FAILED) if the record changed since';
