import type { EntityManager } from '@mikro-orm/postgresql';
import type { GatewayContext, RequestInfo } from '@platform/lib/graphql/context';
import type { SubgraphShared } from '@platform/lib/graphql/subgraph';
import type { JobEngine } from '@platform/lib/jobs/job-engine';
import type { Platform } from '@platform/lib/platform';
import { FcmProvider } from '@platform/lib/push/fcm';
import { AuditRepository } from '../audit/audit.repository.js';
import { AuditWriter } from '../audit/audit.service.js';
import type { DeviceKeys } from '../devices/device-keys.js';
import type { DeviceRepository } from '../devices/device.repository.js';
import { ConfirmationEvents } from './confirmation-events.js';
import { ConfirmationPushes, type ConfirmationPushQueue } from './confirmation-pushes.js';
import { ConfirmationSweep } from './confirmation-sweep.js';
import { ConfirmationRepository } from './confirmation.repository.js';
import { ConfirmationService } from './confirmation.service.js';

const eventsOf = (platform: Pick<Platform, 'stores' | 'logger'>) =>
  new ConfirmationEvents({ pubSub: platform.stores.pubSub, logger: platform.logger });

/** How confirmations are built for a request (context.ts). */
export const confirmationWiring = {
  confirmations: (scope: {
    em: EntityManager;
    deviceRows: DeviceRepository;
    deviceKeys: DeviceKeys;
    confirmationPushes: ConfirmationPushQueue;
    audit: AuditWriter;
    request: GatewayContext;
    platform: Pick<Platform, 'codec' | 'cipher' | 'rateLimiter' | 'stores' | 'logger' | 'now' | 'config'>;
  }) =>
    new ConfirmationService({
      confirmations: new ConfirmationRepository(scope.em),
      devices: scope.deviceRows,
      keys: scope.deviceKeys,
      codec: scope.platform.codec,
      cipher: scope.platform.cipher,
      rateLimiter: scope.platform.rateLimiter,
      events: eventsOf(scope.platform),
      pushes: scope.confirmationPushes,
      audit: scope.audit,
      numberMatching: scope.platform.config.CONFIRMATION_NUMBER_MATCHING,
      request: scope.request.request,
      now: scope.platform.now,
    }),
};

/** The process's confirmation pushes: one FCM client, and a worker on the push jobs (any instance's). */
export async function openConfirmationPushes(
  shared: SubgraphShared,
  deviceKeys: DeviceKeys,
  jobs: JobEngine,
): Promise<ConfirmationPushes> {
  const { platform, orm } = shared;
  const pushes = new ConfirmationPushes({
    entityManager: () => orm.em.fork(),
    keys: deviceKeys,
    fcm: platform.config.FCM_ENABLED ? new FcmProvider({ config: platform.config, appName: 'auth' }) : null,
    jobs,
    logger: platform.logger,
  });
  await pushes.start();
  return pushes;
}

/** Who the sweep's audit entries name as the requester: the service itself. */
const sweepRequest: RequestInfo = {
  requestId: 'confirmation-sweep',
  ip: '127.0.0.1',
  userAgent: 'confirmation-sweep',
  deviceFingerprint: null,
};

/** One round of the expiry sweep over a fresh entity manager, audited as the service itself. */
export function sweepConfirmations({ platform, orm }: SubgraphShared): Promise<number> {
  const em = orm.em.fork();
  const auditEntries = new AuditRepository(em);
  return new ConfirmationSweep({
    confirmations: new ConfirmationRepository(em),
    events: eventsOf(platform),
    audit: new AuditWriter({ auditEntries, request: sweepRequest, now: platform.now }),
    now: platform.now,
  }).run();
}
