import { runSubgraphProcess } from '@platform/lib/graphql/subgraph-main';
import { createProjectsSubgraph } from './app.js';

runSubgraphProcess('projects', 4002, createProjectsSubgraph);
