import type { Device } from '../devices/device.entity.js';
import type { ClaimsSource } from '../users/user-claims.js';
import type { UserStatus } from '../users/user.entity.js';

/** What a login needs of a device, read at challenge time and kept in the challenge session (JSON). */
export interface LoginDevice extends Pick<
  Device,
  'id' | 'userId' | 'deviceType' | 'deviceFingerprint' | 'publicKeyEncrypted' | 'keyAlgorithm' | 'keyId'
> {
  /** ISO time of the device's previous use, for the trust level. */
  lastUsedAt: string | null;
  /** The user's claims at challenge time; the login's write reads them again. */
  claims: ClaimsSource;
}

/** The outcome of the login's write, with the device's state and the user's claims as they are then. */
export interface RecordedLogin {
  written: boolean;
  deviceActive: boolean;
  user: (ClaimsSource & { status: UserStatus }) | null;
}

/** The user's claims as columns: `email`, `permissions` and the employee's and department's. */
interface ClaimsRow {
  email: string;
  permissions: string[];
  employee_id: string | null;
  employee_name: string | null;
  avatar_file_id: string | null;
  department_id: string | null;
  department_name: string | null;
}

export interface DeviceRow extends ClaimsRow {
  id: string;
  user_id: number;
  device_type: Device['deviceType'];
  device_fingerprint: string;
  public_key_encrypted: string;
  key_algorithm: Device['keyAlgorithm'];
  key_id: string;
  /** The ORM's driver hands timestamps over as text. */
  last_used_at: string | null;
}

export interface RecordedRow extends ClaimsRow {
  written: number;
  device_active: boolean | null;
  id: number;
  status: UserStatus;
}

export function deviceOf(row: DeviceRow): LoginDevice {
  return {
    id: row.id,
    userId: row.user_id,
    deviceType: row.device_type,
    deviceFingerprint: row.device_fingerprint,
    publicKeyEncrypted: row.public_key_encrypted,
    keyAlgorithm: row.key_algorithm,
    keyId: row.key_id,
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
    claims: claimsOf(row.user_id, row),
  };
}

export function recordedLoginOf(row: RecordedRow | undefined): RecordedLogin {
  return {
    written: row?.written === 1,
    deviceActive: row?.device_active === true,
    user: row ? { ...claimsOf(row.id, row), status: row.status } : null,
  };
}

function claimsOf(userId: number, row: ClaimsRow): ClaimsSource {
  return {
    id: userId,
    email: row.email,
    permissions: row.permissions,
    employee: row.employee_id
      ? {
          id: row.employee_id,
          name: row.employee_name!,
          avatarFileId: row.avatar_file_id,
          department: row.department_id ? { id: row.department_id, name: row.department_name! } : null,
        }
      : null,
  };
}
