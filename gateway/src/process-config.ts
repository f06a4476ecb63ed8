import { loadConfig, type Config } from '@platform/lib/config';

/** Loaded only in embedded mode: a process given DATABASE_URL never reads it. */
const loadEmbedded = () => import('@platform/lib/embedded');

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
