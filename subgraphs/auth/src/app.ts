import { pingDatabase, type DatabasePool } from '@platform/lib/database';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Platform } from '@platform/lib/platform';
import { AuditRepository } from './audit/audit.repository.js';
import { AuditWriter } from './audit/audit.service.js';
import { ConfirmationEvents } from './confirmations/confirmation-events.js';
import { ConfirmationRepository } from './confirmations/confirmation.repository.js';
import { ConfirmationSweep, scheduleSweep } from './confirmations/confirmation-sweep.js';
import { ConfirmationPushes } from './confirmations/confirmation-pushes.js';
import { createAuthServices, deviceKeysOf, type AuthContext } from './context.js';
import { FcmProvider } from '@platform/lib/push/fcm';
import { authEntities } from './entities.js';
import { authMigrations } from './migrations/index.js';
import { RevocationReader } from './revocations/revocation-reader.js';
import { buildAuthSchema } from './schema.js';

export interface AuthSubgraph extends Subgraph<AuthContext> {
  /** Services outside any GraphQL request (start-up bootstrap, /internal/verify helpers). */
  services(base: GatewayContext): AuthContext['auth'];
}

export async function createAuthSubgraph(platform: Platform, database: DatabasePool): Promise<AuthSubgraph> {
  const orm = await database.open({
    schema: 'auth',
    entities: authEntities,
    migrations: authMigrations,
  });
  const { schema, sdl } = await buildAuthSchema();
  const confirmationPushes = new ConfirmationPushes(
    () => orm.em.fork(),
    deviceKeysOf(platform),
    platform.config.FCM_ENABLED ? new FcmProvider(platform.config, 'auth') : null,
    platform.logger,
    platform.now,
  );
  const services = (base: GatewayContext) => createAuthServices(platform, orm, base, confirmationPushes);
  const { BOOTSTRAP_ADMIN_EMAIL: adminEmail, BOOTSTRAP_ADMIN_PASSWORD: adminPassword } = platform.config;
  if (adminEmail && adminPassword) {
    await services(systemContext).users.ensureAdmin(adminEmail, adminPassword);
  }
  const stopSweep = scheduleSweep(
    async () => {
      const em = orm.em.fork();
      const audit = new AuditWriter(new AuditRepository(em), sweepRequest);
      const events = new ConfirmationEvents(platform.stores.pubSub, platform.logger);
      await new ConfirmationSweep(new ConfirmationRepository(em), events, audit, platform.now).run();
      await confirmationPushes.resume();
    },
    platform.config.CONFIRMATION_SWEEP_SECONDS,
    platform.logger,
  );
  return {
    name: 'auth',
    schema,
    sdl,
    services,
    createContext: (base) => ({ ...base, auth: services(base) }),
    health: () => pingDatabase(orm),
    revocations: new RevocationReader(orm),
    close: async () => {
      stopSweep();
      await confirmationPushes.close();
    },
  };
}

const systemContext: GatewayContext = {
  request: { requestId: 'startup', ip: '127.0.0.1', userAgent: 'startup', deviceFingerprint: null },
  caller: null,
  authFailure: null,
};

/** Who the sweep's audit entries name as the requester: the service itself. */
const sweepRequest = {
  requestId: 'confirmation-sweep',
  ip: '127.0.0.1',
  userAgent: 'confirmation-sweep',
  deviceFingerprint: null,
};
