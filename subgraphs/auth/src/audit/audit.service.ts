import { createHash } from 'node:crypto';
import type { RequestInfo } from '@platform/lib/graphql/context';
import type { AuditAction, AuditResult, SignatureMetadata } from './audit-entry.entity.js';
import type { AuditEntryValues, AuditRepository } from './audit.repository.js';

export interface AuditEvent {
  action: AuditAction;
  result: AuditResult;
  userId?: number | null;
  deviceId?: string | null;
  errorCode?: string | null;
  details?: Record<string, unknown>;
  challenge?: string;
  signature?: SignatureMetadata;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Writes audit entries outside the operation's unit of work: a failed operation rolls its own changes back,
 * but the record that it failed must stay.
 */
export interface AuditWriterDependencies {
  auditEntries: AuditRepository;
  /** Who asked: each entry names the request's address and user agent. */
  request: RequestInfo;
  now: () => number;
}

export class AuditWriter {
  constructor(private readonly deps: AuditWriterDependencies) {}

  async record(event: AuditEvent): Promise<void> {
    await this.deps.auditEntries.record(this.entryOf(event));
  }

  entryOf(event: AuditEvent): AuditEntryValues {
    const { request, now } = this.deps;
    return {
      action: event.action,
      result: event.result,
      userId: event.userId ?? null,
      deviceId: event.deviceId ?? null,
      ipAddress: request.ip,
      userAgent: request.userAgent?.slice(0, 512) ?? null,
      errorCode: event.errorCode ?? null,
      details: event.details ?? null,
      challengeHash: event.challenge ? sha256(event.challenge) : null,
      signature: event.signature ?? null,
      createdAt: new Date(now()),
    };
  }
}
