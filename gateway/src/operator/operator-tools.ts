import type { Config } from '@platform/lib/config';
import { DatabasePool } from '@platform/lib/database';
import type { OperatorTools } from './commands.js';
import { OperatorClient, OperatorError } from './operator-client.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Applies each subgraph's checked-in migrations, as the platform does when it starts, and nothing else. */
async function migrate(config: Config): Promise<string[]> {
  if (!config.DATABASE_URL) {
    throw new OperatorError('migrate needs DATABASE_URL: the embedded database is migrated by `npm start` itself');
  }
  // Every subgraph's entities load with the registry: only this command needs them.
  const { subgraphRegistry } = await import('../subgraph-registry.js');
  const database = new DatabasePool(config.DATABASE_URL);
  try {
    for (const entry of subgraphRegistry) await database.open(entry.database);
  } finally {
    await database.close();
  }
  return subgraphRegistry.map((entry) => `${entry.name}: migrations applied`);
}

/** The operator's tools for a configuration: the edge on this machine's loopback at PORT, as the bootstrap admin. */
export function operatorToolsOf(config: Config, baseUrl = `http://127.0.0.1:${config.PORT}`): OperatorTools {
  return {
    connect: () => OperatorClient.signIn(baseUrl, config.BOOTSTRAP_ADMIN_EMAIL, config.BOOTSTRAP_ADMIN_PASSWORD),
    migrate: () => migrate(config),
    readStdin,
    production: config.NODE_ENV === 'production',
  };
}
