import type { MikroORM } from '@mikro-orm/postgresql';
import type { ProofRefusalLog, ProofRefusalRecord } from '@platform/lib/auth/device-proof-guard';
import { runStatement, type DatabasePool, type PreparedStatement } from '@platform/lib/database';
import { auditColumns, auditParameters, auditPlaceholders, type AuditEntryValues } from './audit.repository.js';

const recordStatement: PreparedStatement = {
  name: 'auth.audit.proof_refused',
  text: `insert into "auth"."audit_entry" (${auditColumns}) values (${auditPlaceholders(1)})`,
};

/**
 * The edge's refusals of device proofs (issue 27) as audit entries: the edge refuses them before any subgraph
 * runs, in every layout, so it writes this one kind of entry itself on its own pool, as it reads revocations
 * (revocations/revocation-reader.ts); the auth subgraph still owns the table and its migrations.
 */
export class ProofRefusalAudit implements ProofRefusalLog {
  constructor(
    private readonly orm: MikroORM,
    private readonly now: () => number,
  ) {}

  async record(refusal: ProofRefusalRecord): Promise<void> {
    const entry: AuditEntryValues = {
      action: 'device_proof_refused',
      result: 'failure',
      userId: refusal.userId,
      deviceId: refusal.deviceId,
      ipAddress: refusal.request.ip,
      userAgent: refusal.request.userAgent?.slice(0, 512) ?? null,
      errorCode: 'INVALID_DPOP_PROOF',
      details: { reason: refusal.reason },
      challengeHash: null,
      signature: null,
      createdAt: new Date(this.now()),
    };
    await runStatement(this.orm.em, recordStatement, auditParameters(entry));
  }
}

export async function openProofRefusalAudit(database: DatabasePool, now: () => number): Promise<ProofRefusalAudit> {
  return new ProofRefusalAudit(await database.open({ schema: 'auth', entities: [], migrations: [] }), now);
}
