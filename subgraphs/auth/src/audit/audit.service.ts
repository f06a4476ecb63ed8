import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestInfo } from '../../../../lib/src/graphql/context.js';
import { AuditEntry, type AuditResult, type SignatureMetadata } from './audit-entry.entity.js';

export interface AuditEvent {
  action: string;
  result: AuditResult;
  userId?: number | null;
  deviceId?: string | null;
  errorCode?: string | null;
  details?: Record<string, unknown>;
  challenge?: string;
  signature?: SignatureMetadata;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Writes audit entries on their own entity manager: a failed operation rolls its own changes back, but
 * the record that it failed must stay.
 */
export class AuditWriter {
  constructor(
    private readonly em: EntityManager,
    private readonly request: RequestInfo,
  ) {}

  /** One autocommitted INSERT: a single row needs no begin and commit round trips of its own. */
  async record(event: AuditEvent): Promise<void> {
    await this.em.fork({ clear: true }).insert(AuditEntry, this.entryOf(event));
  }

  /**
   * Adds an entry to the caller's own unit of work, so that a success is recorded in the same commit as the
   * change it records (one commit fewer on hot paths such as biometric login).
   */
  stage(em: EntityManager, event: AuditEvent): void {
    em.create(AuditEntry, this.entryOf(event));
  }

  private entryOf(event: AuditEvent) {
    return {
      action: event.action,
      result: event.result,
      userId: event.userId ?? null,
      deviceId: event.deviceId ?? null,
      ipAddress: this.request.ip,
      userAgent: this.request.userAgent?.slice(0, 512) ?? null,
      errorCode: event.errorCode ?? null,
      details: event.details ?? null,
      challengeHash: event.challenge ? sha256(event.challenge) : null,
      signature: event.signature ?? null,
      createdAt: new Date(),
    };
  }
}
