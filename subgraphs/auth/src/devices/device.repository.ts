import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { auditColumns, auditParameters, auditPlaceholders, type AuditEntryValues } from '../audit/audit.repository.js';
import { Device } from './device.entity.js';

/** A verified registration; the public key arrives sealed. */
export type NewDevice = Pick<
  Device,
  'id' | 'userId' | 'deviceName' | 'deviceType' | 'deviceFingerprint' | 'publicKeyEncrypted' | 'keyAlgorithm' | 'keyId'
>;

/**
 * The version of the list `listActiveOf` answers for user $1 (issue 28, conditional requests), as one row: each
 * active device's id, update time and latest use in the list's order; with the list's audit entry ($2..), written
 * by the same statement, so that a list answered 304 is audited as every list is and still costs one round trip.
 * A device's name, type and fingerprint are fixed at registration; every write of it through the entity manager
 * sets `updated_at`, the biometric login's own statement sets it with `last_used_at`.
 */
const activeVersionStatement: PreparedStatement = {
  name: 'auth.device.active_version',
  text: `with "entry" as (insert into "auth"."audit_entry" (${auditColumns}) values (${auditPlaceholders(2)}))
    select json_agg(json_build_array("id", to_json("updated_at") #>> '{}', to_json("last_used_at") #>> '{}')
      order by "created_at", "id") as "items"
    from "auth"."device" where "user_id" = $1 and "is_active"`,
};

/** An active device's version: its id, update time and latest use (ISO 8601). */
export type DeviceVersion = [string, string, string | null];

/** The device table (the biometric login's own statements aside: mobile/login.repository.ts). */
export class DeviceRepository {
  constructor(private readonly em: EntityManager) {}

  /** Oldest first (decisions: Messages). */
  listActiveOf(userId: number): Promise<Device[]> {
    return this.em.find(Device, { userId, isActive: true }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** What `listActiveOf` answers but the devices' fixed fields, writing the list's audit entry (one statement). */
  async activeVersionOf(userId: number, entry: AuditEntryValues): Promise<DeviceVersion[]> {
    const [row] = await runStatement<{ items: DeviceVersion[] | null }>(this.em, activeVersionStatement, [
      userId,
      ...auditParameters(entry),
    ]);
    return row?.items ?? [];
  }

  findActiveOf(userId: number, id: string): Promise<Device | null> {
    return this.em.findOne(Device, { id, userId, isActive: true });
  }

  /** The user's active devices holding a push token, oldest first. */
  listPushTargetsOf(userId: number): Promise<Device[]> {
    return this.em.find(
      Device,
      { userId, isActive: true, fcmTokenEncrypted: { $ne: null } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  /** Only the token that was refused: one the device set meanwhile stays. */
  async removePushToken(id: string, sealedToken: string): Promise<void> {
    await this.em.nativeUpdate(Device, { id, fcmTokenEncrypted: sealedToken }, { fcmTokenEncrypted: null });
  }

  findActive(id: string): Promise<Device | null> {
    return this.em.findOne(Device, { id, isActive: true });
  }

  async fingerprintRegistered(userId: number, deviceFingerprint: string): Promise<boolean> {
    return (await this.em.count(Device, { userId, deviceFingerprint })) > 0;
  }

  countActiveOf(userId: number): Promise<number> {
    return this.em.count(Device, { userId, isActive: true });
  }

  async add(values: NewDevice): Promise<Device> {
    const device = this.em.create(Device, values);
    await this.em.flush();
    return device;
  }

  async remove(id: string): Promise<void> {
    await this.em.nativeDelete(Device, { id });
  }

  async setPushToken(device: Device, sealedToken: string): Promise<void> {
    device.fcmTokenEncrypted = sealedToken;
    await this.em.flush();
  }

  /** Written by the commit of the unit of work it is staged in. */
  stageLastUse(device: Device, at: Date): void {
    device.lastUsedAt = at;
  }
}
