import type { FastifyInstance } from 'fastify';
import type { Platform } from '@platform/lib/platform';

export type ServiceHealth = 'healthy' | 'unhealthy' | 'disabled';

export interface HealthChecks {
  /** Every database the answers rely on: the process's own and, in the distributed layout, the subgraphs'. */
  database(): Promise<void>;
  /**
   * The databases this process opens itself (its local subgraphs'), the readiness path's check: an edge whose
   * subgraphs run elsewhere stays in its load balancer's rotation while one of them restarts, instead of every
   * edge leaving it at once (found by the soak: a subgraph replica's restart emptied the edges' backend).
   */
  ownDatabase(): Promise<void>;
  cache(): Promise<void>;
  /** Undefined when push is disabled (FCM_ENABLED is not true). */
  push?: () => Promise<void>;
  /** False once the process drains: both answers turn 503 (`degraded`) so that no new work is routed here. */
  ready(): boolean;
}

const checkTimeoutMs = 1000;

async function probe(check: (() => Promise<void>) | undefined): Promise<ServiceHealth> {
  if (!check) return 'disabled';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), checkTimeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'healthy';
  } catch {
    return 'unhealthy';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The auth spec's health record with real checks; `degraded` and 503 when an enabled service fails, or while the
 * process drains.
 */
export function registerHealth(app: FastifyInstance, platform: Platform, checks: HealthChecks, version: string): void {
  const startedAt = platform.now();
  app.get('/health', async (_request, reply) => {
    const [database, cache, push] = await Promise.all([
      probe(checks.database),
      probe(checks.cache),
      probe(checks.push),
    ]);
    const services = { database, cache, push };
    const healthy = Object.values(services).every((state) => state !== 'unhealthy') && checks.ready();
    return reply.code(healthy ? 200 : 503).send({
      status: healthy ? 'ok' : 'degraded',
      timestamp: new Date(platform.now()).toISOString(),
      version,
      uptime: Math.floor((platform.now() - startedAt) / 1000),
      services,
    });
  });
  app.get('/health/db', async (_request, reply) => {
    const database = await probe(checks.ownDatabase);
    const healthy = database === 'healthy' && checks.ready();
    return reply.code(healthy ? 200 : 503).send({
      status: healthy ? 'ok' : 'degraded',
      timestamp: new Date(platform.now()).toISOString(),
      database,
    });
  });
}
