import type { CodegenConfig } from '@graphql-codegen/cli';
import { fileURLToPath } from 'node:url';

/**
 * Typed GraphQL operations (issue 24): every operation the project sends itself is written with `graphql(...)`
 * beside its use and generated from the committed supergraph into a `generated/` folder of its package, with
 * its variables' and result's types. `npm run operations` writes them (untracked) before `check`, `build` and
 * `test`; an operation the schema refuses fails the generation, a use that does not fit fails the type-check.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

/** The operations' texts stay strings (the edge parses each once, when it starts), typed by their result. */
const typedStrings = {
  preset: 'client',
  presetConfig: { fragmentMasking: false },
  config: {
    documentMode: 'string',
    enumsAsTypes: true,
    useTypeImports: true,
    onlyOperationTypes: true,
    emitLegacyCommonJSImports: false,
    // The graph's own scalars, as their values arrive in JSON.
    scalars: { JSON: 'unknown', JSONObject: 'Record<string, unknown>', SafeInt: 'number' },
  },
} as const;

/** Each package's operations, read from its sources (never from its generated folder or its tests). */
const operationsOf = (folder: string) => ({
  ...typedStrings,
  documents: [`${root}${folder}/**/*.ts`, `!${root}${folder}/generated/**`, `!${root}${folder}/**/*.test.ts`],
});

export const operationsFolders = ['rest-adapters/src', 'console/src', 'gateway/src/operator'];

const config: CodegenConfig = {
  schema: `${root}schema/supergraph.graphql`,
  generates: Object.fromEntries(
    operationsFolders.map((folder) => [`${root}${folder}/generated/`, operationsOf(folder)]),
  ),
};

export default config;
