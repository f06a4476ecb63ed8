import 'reflect-metadata';
import type { DatabasePool } from '../database.js';
import type { Platform } from '../platform.js';
import { openProcess, runProcess } from '../process/open-process.js';
import { serveSubgraph } from './serve-subgraph.js';
import type { Subgraph } from './subgraph.js';

/** Process entry shared by the three standalone subgraphs: the process life cycle around the subgraph's server. */
export function runSubgraphProcess(
  name: string,
  defaultPort: number,
  create: (platform: Platform, database: DatabasePool) => Promise<Subgraph>,
): void {
  runProcess(async () => {
    const running = await openProcess({ name, needs: { defaults: { PORT: String(defaultPort) } } });
    const app = await serveSubgraph(await create(running.platform, running.database), running);
    running.onStop(() => app.close());
    await running.listen(app);
  });
}
