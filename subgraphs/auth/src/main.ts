import { runSubgraphProcess } from '@platform/lib/graphql/subgraph-main';
import { createAuthSubgraph } from './app.js';

runSubgraphProcess('auth', 4001, createAuthSubgraph);
