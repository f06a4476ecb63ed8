import { runSubgraphProcess } from '../../../lib/src/graphql/subgraph-main.js';
import { createProjectsSubgraph } from './app.js';

runSubgraphProcess('projects', 4002, createProjectsSubgraph);
