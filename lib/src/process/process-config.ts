import { loadConfig, type Config, type ConfigNeeds } from '../config.js';
import { ensureEmbeddedSecrets } from '../embedded.js';

export interface ProcessKind {
  /** Its name in logs and traces (gateway, auth, projects, notifications, notifications-worker). */
  name: string;
  /** What it needs of the environment beyond what every process needs (checked in the config schema). */
  needs?: Omit<ConfigNeeds, 'fill'>;
  /**
   * It runs on an embedded PostgreSQL under DATA_DIR when DATABASE_URL is unset outside production (the single
   * process, the operator's command line): the secrets it keeps there fill the environment first.
   */
  embedded?: boolean;
}

/** Embedded mode: no DATABASE_URL outside production (production requires one). */
const embeddedSecrets: ConfigNeeds['fill'] = (env) =>
  !env.DATABASE_URL && env.NODE_ENV !== 'production' ? { ...ensureEmbeddedSecrets(env.DATA_DIR ?? '.data', env) } : {};

/**
 * The configuration of a process started from the command line, from its environment. A process without an
 * embedded mode requires DATABASE_URL (in the schema, like every other requirement).
 */
export function processConfig(kind: ProcessKind): Config {
  if (kind.embedded) return loadConfig(undefined, { ...kind.needs, fill: embeddedSecrets });
  const requires = { DATABASE_URL: `required for ${kind.name}`, ...kind.needs?.requires };
  return loadConfig(undefined, { ...kind.needs, requires });
}
