import { runSubgraphProcess } from '@platform/lib/graphql/subgraph-main';
import { createNotificationsSubgraph } from './app.js';

runSubgraphProcess('notifications', 4003, createNotificationsSubgraph);
