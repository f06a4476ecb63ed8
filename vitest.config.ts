import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
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
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', '.data/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    setupFiles: ['reflect-metadata'],
    // One id per run: test files that need the compiled product share one build (test/build.ts).
    env: { PLATFORM_TEST_RUN: randomUUID() },
  },
});
