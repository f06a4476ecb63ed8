import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { auditColumns, auditParameters, auditPlaceholders, type AuditEntryValues } from '../audit/audit.repository.js';
import type { TokenFamily } from '../sessions/token-family.entity.js';
import type { StoredRefreshToken } from '../sessions/token-family.repository.js';
import {
  deviceOf,
  recordedLoginOf,
  type DeviceRow,
  type LoginDevice,
  type RecordedLogin,
  type RecordedRow,
} from './login-rows.js';

export interface LoginWrite {
  family: TokenFamily;
  refresh: StoredRefreshToken;
  audit: AuditEntryValues;
}

const claimsColumns = `u."email", u."permissions", e."id" as "employee_id", e."name" as "employee_name",
  e."avatar_file_id", dep."id" as "department_id", dep."name" as "department_name"`;

const claimsJoins = `left join "auth"."employee" e on e."id" = u."employee_id"
  left join "auth"."department" dep on dep."id" = e."department_id"`;

/** The challenge's read: every candidate device with its user's claims, once. */
const devicesStatement: PreparedStatement = {
  name: 'auth.login.devices',
  text: `
  select d."id", d."user_id", d."device_type", d."device_fingerprint", d."public_key_encrypted", d."key_algorithm",
    d."key_id", d."last_used_at", ${claimsColumns}
  from "auth"."device" d join "auth"."user_account" u on u."id" = d."user_id"
  ${claimsJoins}
  where d."device_fingerprint" = $1 and d."is_active" and u."status" = 'active'
  order by d."created_at" limit 50`,
};

/**
 * Everything a successful login writes, in one autocommitted statement: the device's lastUsedAt, the new token
 * family, its first refresh token and the success audit entry. Two guards: the device row (a device removed
 * or a user disabled since the challenge matches nothing, nor does a session already consumed, so a replay
 * leaves lastUsedAt alone), and the family's unique login_session_id, which consumes the challenge session
 * (of concurrent logins with one session exactly one inserts its family). The user's claims are read in the
 * same statement, so the access token carries them as they are now.
 */
const recordLoginStatement: PreparedStatement = {
  name: 'auth.login.record',
  text: `
  with "used_device" as (
    update "auth"."device" d set "last_used_at" = $1, "updated_at" = $1
    where d."id" = $2 and d."is_active"
      and exists (select 1 from "auth"."user_account" u where u."id" = d."user_id" and u."status" = 'active')
      and not exists (select 1 from "auth"."token_family" f where f."login_session_id" = $3)
    returning d."id", d."user_id"
  ), "family" as (
    insert into "auth"."token_family" ("id", "user_id", "kind", "device_id", "remember_me", "rotation_count",
      "absolute_expires_at", "created_at", "login_session_id", "method", "ip_address", "user_agent", "client_family")
    select $4::uuid, "user_id", $5, "id", $6::boolean, $7::int, $8::timestamptz, $9::timestamptz, $3::uuid, $28,
      $25, $26, $27
    from "used_device"
    on conflict ("login_session_id") do nothing
    returning "id"
  ), "refresh" as (
    insert into "auth"."refresh_token" ("jti", "token_hash", "family_id", "expires_at", "created_at")
    select $10::uuid, $11, "id", $12::timestamptz, $9::timestamptz from "family"
    returning "jti"
  ), "entry" as (
    insert into "auth"."audit_entry" (${auditColumns})
    select ${auditPlaceholders(13)} from "family"
  )
  select (select count(*)::int from "refresh") as "written",
    (select d."is_active" from "auth"."device" d where d."id" = $2) as "device_active",
    u."id", u."status", ${claimsColumns}
  from "auth"."user_account" u
  ${claimsJoins}
  where u."id" = $24`,
};

/**
 * Hand-written prepared statements: one round trip for the login's whole write halves the login (decisions.md,
 * Biometric login storage). That write is the one statement spanning other features' tables.
 */
export class LoginRepository {
  constructor(private readonly em: EntityManager) {}

  /** The active devices of active users with this fingerprint: the signature decides among them. */
  async devicesWithFingerprint(fingerprint: string): Promise<LoginDevice[]> {
    const rows = await runStatement<DeviceRow>(this.em, devicesStatement, [fingerprint]);
    return rows.map(deviceOf);
  }

  async recordLogin(write: LoginWrite): Promise<RecordedLogin> {
    const [row] = await runStatement<RecordedRow>(this.em, recordLoginStatement, recordLoginParameters(write));
    return recordedLoginOf(row);
  }
}

function recordLoginParameters({ family, refresh, audit }: LoginWrite): unknown[] {
  return [
    audit.createdAt,
    family.deviceId,
    family.loginSessionId,
    family.id,
    family.kind,
    family.rememberMe,
    family.rotationCount,
    family.absoluteExpiresAt,
    family.createdAt,
    refresh.jti,
    refresh.tokenHash,
    refresh.expiresAt,
    ...auditParameters(audit),
    family.userId,
    family.ipAddress,
    family.userAgent,
    family.clientFamily,
    family.method,
  ];
}
