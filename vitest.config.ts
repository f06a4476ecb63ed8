import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * Tests that start whole layouts as real processes (a cluster, Sentinels, replicas, SIGTERM under load) or bound
 * delivery in time: each loads both cores by itself, so they run after the rest, one file at a time, where another
 * file's load cannot turn their bounds into false failures (or theirs others').
 */
const processTests = [
  'test/cluster.int.test.ts',
  'gateway/src/edge/redis-failover.int.test.ts',
  'lib/src/store/sentinel-failovers.int.test.ts',
  'gateway/src/replicas-start.int.test.ts',
  'gateway/src/distributed-layout.int.test.ts',
  'gateway/src/subscriptions/subscriber-isolation.int.test.ts',
  'lib/src/process/shutdown.int.test.ts',
  'subgraphs/notifications/src/worker-crash.int.test.ts',
];
/**
 * Browser tests: a Chromium and a server of its own each, their steps bounded by the time a page takes to show
 * a change; two at once (with the rest of the suite) starved each other into timeouts, so they run one file at
 * a time after the suite, before the process tests.
 */
const browserTests = ['**/*.browser.int.test.ts'];
/**
 * The suite's files share one module cache per worker (`isolate: false`): importing the product once per file cost
 * about 560 s of a run's vitest time. A file that changes what stays set for the life of a process (the
 * OpenTelemetry provider, registered once and never unregistered: lib/src/tracing.ts) gets a module cache of its own.
 */
const processWideTests = ['gateway/src/edge/tracing.int.test.ts'];
const excluded = ['node_modules/**', 'dist/**', '.data/**'];
const graphqlDir = dirname(require.resolve('graphql/package.json'));

export default defineConfig({
  resolve: {
    // One copy of graphql for test files (ESM) and dependencies (CJS): two copies fail with "Cannot use
    // GraphQLSchema from another module or realm".
    alias: [
      { find: /^graphql$/, replacement: join(graphqlDir, 'index.js') },
      { find: /^graphql\/(.*)$/, replacement: join(graphqlDir, '$1', 'index.js') },
    ],
  },
  // Workspace packages export their TypeScript sources under the `source` condition (their package.json exports).
  ssr: { resolve: { conditions: ['source', 'node', 'development|production'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    setupFiles: ['reflect-metadata'],
    // One id per run: test files that need the compiled product share one build (test/build.ts).
    env: { PLATFORM_TEST_RUN: randomUUID() },
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['**/*.test.ts'],
          exclude: [...excluded, ...processTests, ...browserTests, ...processWideTests],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'process-wide', include: processWideTests, exclude: excluded } },
      {
        extends: true,
        test: {
          name: 'browsers',
          include: browserTests,
          exclude: excluded,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: processTests,
          exclude: excluded,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
