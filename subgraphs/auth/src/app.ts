import { withOrmClusterLock } from '@platform/lib/cluster-lock';
import { pingDatabase, type DatabasePool } from '@platform/lib/database';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Platform } from '@platform/lib/platform';
import { scheduleSweep } from './confirmations/confirmation-sweep.js';
import { openConfirmationPushes, sweepConfirmations } from './confirmations/confirmation.wiring.js';
import { createAuthServices, type AuthContext, type AuthShared } from './context.js';
import { openDeviceKeys } from './devices/device.wiring.js';
import { authEntities } from './entities.js';
import { authMigrations } from './migrations/index.js';
import { RevocationReader } from './revocations/revocation-reader.js';
import { ProofRefusalAudit } from './audit/proof-refusal-log.js';
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
  const deviceKeys = openDeviceKeys(platform.cipher);
  const jobs = database.jobs(platform);
  const confirmationPushes = await openConfirmationPushes({ orm, platform }, deviceKeys, jobs);
  const shared: AuthShared = { orm, platform, deviceKeys, confirmationPushes };
  const services = (base: GatewayContext) => createAuthServices(shared, base);
  const { BOOTSTRAP_ADMIN_EMAIL: adminEmail, BOOTSTRAP_ADMIN_PASSWORD: adminPassword } = platform.config;
  if (adminEmail && adminPassword) {
    // Every auth replica ensures it at start; one at a time, so the first creates it and the others find it.
    await withOrmClusterLock(orm, 'platform.bootstrap-admin', () =>
      services(systemContext).users.ensureAdmin(adminEmail, adminPassword),
    );
  }
  const stopSweep = await scheduleSweep(
    jobs,
    () => sweepConfirmations(shared),
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
    proofRefusals: new ProofRefusalAudit(orm, platform.now),
    close: async () => {
      await stopSweep();
      await confirmationPushes.close();
    },
  };
}

const systemContext: GatewayContext = {
  request: { requestId: 'startup', ip: '127.0.0.1', userAgent: 'startup', deviceFingerprint: null },
  caller: null,
  authFailure: null,
};
