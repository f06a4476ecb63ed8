import type { EntityManager } from '@mikro-orm/postgresql';
import { auditColumns, auditParameters, auditPlaceholders, type AuditEntryValues } from '../audit/audit.service.js';
import type { Device } from '../devices/device.entity.js';
import type { TokenFamily } from '../sessions/token-family.entity.js';
import type { ClaimsSource } from '../users/user-claims.js';
import type { UserStatus } from '../users/user.entity.js';

export type CandidateDevice = Pick<
  Device,
  'id' | 'userId' | 'deviceType' | 'deviceFingerprint' | 'publicKeyEncrypted' | 'keyAlgorithm' | 'keyId' | 'lastUsedAt'
>;

export interface LoginCandidate {
  device: CandidateDevice;
  user: ClaimsSource & { status: UserStatus };
}

export interface LoginWrite {
  family: TokenFamily;
  refresh: { jti: string; tokenHash: string; expiresAt: Date };
  audit: AuditEntryValues;
}

interface CandidateRow {
  id: string;
  user_id: number;
  device_type: Device['deviceType'];
  device_fingerprint: string;
  public_key_encrypted: string;
  key_algorithm: Device['keyAlgorithm'];
  key_id: string;
  /** The ORM's driver hands timestamps over as text. */
  last_used_at: string | null;
  email: string;
  status: UserStatus;
  permissions: string[];
  employee_id: string | null;
  employee_name: string | null;
  avatar_file_id: string | null;
  department_id: string | null;
  department_name: string | null;
}

const candidatesSql = (count: number) => `
  select d."id", d."user_id", d."device_type", d."device_fingerprint", d."public_key_encrypted", d."key_algorithm",
    d."key_id", d."last_used_at", u."email", u."status", u."permissions", e."id" as "employee_id",
    e."name" as "employee_name", e."avatar_file_id", dep."id" as "department_id", dep."name" as "department_name"
  from "auth"."device" d
  join "auth"."user_account" u on u."id" = d."user_id"
  left join "auth"."employee" e on e."id" = u."employee_id"
  left join "auth"."department" dep on dep."id" = e."department_id"
  where d."is_active" and d."id" in (${Array(count).fill('?').join(', ')})`;

/**
 * Everything a successful login writes, in one autocommitted statement: the device's lastUsedAt, the new token
 * family, its first refresh token and the success audit entry. The device row is the guard: a device removed
 * (or a user disabled) since the signature was checked matches nothing, and then nothing is written.
 */
const recordLoginSql = `
  with "used_device" as (
    update "auth"."device" d set "last_used_at" = ?, "updated_at" = ?
    where d."id" = ? and d."is_active"
      and exists (select 1 from "auth"."user_account" u where u."id" = d."user_id" and u."status" = 'active')
    returning d."id", d."user_id"
  ), "family" as (
    insert into "auth"."token_family"
      ("id", "user_id", "kind", "device_id", "remember_me", "rotation_count", "absolute_expires_at", "created_at")
    select ?::uuid, "user_id", ?, "id", ?::boolean, ?::int, ?::timestamptz, ?::timestamptz from "used_device"
    returning "id"
  ), "refresh" as (
    insert into "auth"."refresh_token" ("jti", "token_hash", "family_id", "expires_at", "created_at")
    select ?::uuid, ?, "id", ?::timestamptz, ?::timestamptz from "family"
    returning "jti"
  ), "entry" as (
    insert into "auth"."audit_entry" (${auditColumns})
    select ${auditPlaceholders} from "used_device"
  )
  select count(*)::int as "written" from "refresh"`;

/**
 * The biometric login's storage in plain SQL, because the login is the mobile app's hot path (issue 3's
 * benchmark): one read before the signature check and one atomic write after it, no unit of work.
 */
export class LoginRecords {
  constructor(private readonly em: EntityManager) {}

  /** The session's devices that are still active, each with its user's claims and status. */
  async candidates(deviceIds: string[]): Promise<LoginCandidate[]> {
    if (deviceIds.length === 0) return [];
    const rows = await this.em.getConnection().execute<CandidateRow[]>(candidatesSql(deviceIds.length), deviceIds);
    return rows.map(candidateOf);
  }

  /** False when the device or its user stopped being active meanwhile; nothing was written then. */
  async recordLogin({ family, refresh, audit }: LoginWrite): Promise<boolean> {
    const [row] = await this.em
      .getConnection()
      .execute<{ written: number }[]>(recordLoginSql, [
        audit.createdAt,
        audit.createdAt,
        family.deviceId,
        family.id,
        family.kind,
        family.rememberMe,
        family.rotationCount,
        family.absoluteExpiresAt,
        family.createdAt,
        refresh.jti,
        refresh.tokenHash,
        refresh.expiresAt,
        family.createdAt,
        ...auditParameters(audit),
      ]);
    return row?.written === 1;
  }
}

function candidateOf(row: CandidateRow): LoginCandidate {
  return {
    device: {
      id: row.id,
      userId: row.user_id,
      deviceType: row.device_type,
      deviceFingerprint: row.device_fingerprint,
      publicKeyEncrypted: row.public_key_encrypted,
      keyAlgorithm: row.key_algorithm,
      keyId: row.key_id,
      lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
    },
    user: {
      id: row.user_id,
      email: row.email,
      status: row.status,
      permissions: row.permissions,
      employee: row.employee_id
        ? {
            id: row.employee_id,
            name: row.employee_name!,
            avatarFileId: row.avatar_file_id,
            department: row.department_id ? { id: row.department_id, name: row.department_name! } : null,
          }
        : null,
    },
  };
}
