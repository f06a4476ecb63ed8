import { runSubgraphProcess } from '../../../lib/src/graphql/subgraph-main.js';
import { createAuthSubgraph } from './app.js';

runSubgraphProcess('auth', 4001, createAuthSubgraph);
