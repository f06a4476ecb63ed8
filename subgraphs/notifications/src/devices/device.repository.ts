import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import { PushDevice } from './device.entity.js';

const schema = '"notifications"';

/** A device's push addresses as the worker reads them: the FCM token still encrypted. */
export interface PushTarget {
  id: string;
  fcm_token: string | null;
  provider_player_id: string | null;
}

/** Read for every push recipient of every job: prepared once per connection, no entity tracked by the worker. */
const pushTargetsStatement: PreparedStatement = {
  name: 'notifications.device.push-targets',
  text: `select id, fcm_token, provider_player_id from ${schema}."device" where user_id = $1 and not token_invalid`,
};

/** All the tokens one send was refused for in one statement; coalesce keeps the first invalid_since. */
const markTokensInvalidStatement: PreparedStatement = {
  name: 'notifications.device.tokens-invalid',
  text: `update ${schema}."device" set token_invalid = true, invalid_since = coalesce(invalid_since, now())
       where id = any($1::uuid[])`,
};

/**
 * The version of the user's device list (issue 28, conditional requests): each device's id, update time and
 * token state in the list's order, as one row. `markTokensInvalidStatement` sets the token state without
 * `updated_at`, so the state is read beside it; every other change of a device sets `updated_at`.
 */
const listVersionStatement: PreparedStatement = {
  name: 'notifications.device.list-version',
  text: `select json_agg(json_build_array("device_id", to_json("updated_at") #>> '{}', "token_invalid",
      to_json("invalid_since") #>> '{}') order by "created_at", "id") as "items"
    from ${schema}."device" where "user_id" = $1`,
};

/** A device's version as the list's version statement reads it: device_id, updated_at, token_invalid, invalid_since. */
export type DeviceVersionRow = [string, string, boolean, string | null];

/** The device table: the user's own devices through the entity manager, the worker's reads and marks in SQL. */
export class DeviceRepository {
  constructor(private readonly em: EntityManager) {}

  list(userId: number): Promise<PushDevice[]> {
    return this.em.find(PushDevice, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** What `list` would answer but the devices' names and tokens, in one statement (`listVersionStatement`). */
  async listVersion(userId: number): Promise<DeviceVersionRow[]> {
    const [row] = await runStatement<{ items: DeviceVersionRow[] | null }>(this.em, listVersionStatement, [userId]);
    return row?.items ?? [];
  }

  find(userId: number, deviceId: string): Promise<PushDevice | null> {
    return this.em.findOne(PushDevice, { userId, deviceId });
  }

  /** A new device, inserted by the next save. */
  add(userId: number, deviceId: string): PushDevice {
    return this.em.create(PushDevice, { userId, deviceId });
  }

  /** Writes the devices added or changed here. */
  save(): Promise<void> {
    return this.em.flush();
  }

  /** Saves an added device; false (and nothing kept) when a concurrent registration took its device_id. */
  async saveNew(): Promise<boolean> {
    try {
      await this.em.flush();
      return true;
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      this.em.clear();
      return false;
    }
  }

  pushTargets(userId: number): Promise<PushTarget[]> {
    return runStatement<PushTarget>(this.em, pushTargetsStatement, [userId]);
  }

  async markTokensInvalid(deviceIds: string[]): Promise<void> {
    await runStatement(this.em, markTokensInvalidStatement, [deviceIds]);
  }
}
