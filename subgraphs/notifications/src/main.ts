import { runSubgraphProcess } from '../../../lib/src/graphql/subgraph-main.js';
import { createNotificationsSubgraph } from './app.js';

runSubgraphProcess('notifications', 4003, createNotificationsSubgraph);
