import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Package boundaries (docs/architecture.md): lib depends on nothing of ours, a subgraph on lib alone, the REST
 * adapters on lib alone; only the gateway and the top-level tools (schema, bench, tests) assemble them. Other
 * workspaces are imported by name, never by a relative path that climbs into them.
 */
const workspaces = {
  lib: { folder: 'lib', name: '@platform/lib' },
  gateway: { folder: 'gateway', name: '@platform/gateway' },
  'rest-adapters': { folder: 'rest-adapters', name: '@platform/rest-adapters' },
  auth: { folder: 'subgraphs/auth', name: '@platform/auth' },
  projects: { folder: 'subgraphs/projects', name: '@platform/projects' },
  notifications: { folder: 'subgraphs/notifications', name: '@platform/notifications' },
};
const subgraphs = ['auth', 'projects', 'notifications'];
const forbiddenFor = {
  lib: Object.keys(workspaces),
  'rest-adapters': ['gateway', ...subgraphs],
  ...Object.fromEntries(subgraphs.map((s) => [s, ['gateway', 'rest-adapters', ...subgraphs.filter((o) => o !== s)]])),
};
const climbing = {
  regex: String.raw`^\.\.?/(?:.*/)?(?:lib|gateway|rest-adapters|auth|projects|notifications)/src(?:/|$)`,
  message: 'Import another workspace by its package name (@platform/...), not by a relative path.',
};
const boundaries = Object.entries(forbiddenFor).map(([workspace, forbidden]) => ({
  files: [`${workspaces[workspace].folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          climbing,
          ...forbidden.map((other) => ({
            regex: `^${workspaces[other].name}(?:/|$)`,
            message: `${workspaces[workspace].name} must not depend on ${workspaces[other].name}.`,
          })),
        ],
      },
    ],
  },
}));

export default tseslint.config(
  // Generated typed operations (npm run operations, untracked).
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'coverage/**', '**/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [climbing] }] } },
  {
    // A GraphQL error gets its code only from an error class, through the boundary (docs/architecture.md: An error).
    files: ['**/*.ts'],
    ignores: ['lib/src/graphql/error-boundary.ts', '**/*.test.ts', 'test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'NewExpression[callee.name="GraphQLError"] Property[key.name="code"]',
          message: 'Throw an AppError subclass (its code is an ErrorCode); graphQLErrorOf makes the GraphQL error.',
        },
      ],
    },
  },
  ...boundaries,
  {
    files: ['**/*.test.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
