import { createRequire } from 'node:module';

/**
 * Replaces the CommonJS module cache's exports of @apollo/federation-internals' index with a plain object of data
 * properties holding the same values. It must run before @apollo/gateway and @apollo/query-planner load (they keep
 * what their first `require` of the index returned): every module of ours that loads either imports this module
 * first, so whichever of them a process (the single node, the distributed edge, the bench, a test) evaluates first
 * runs it first.
 *
 * Why: the index is TypeScript's CommonJS output of `export * from './x'` lines, which defines each export as a
 * non-configurable getter (`__createBinding`: `get: function () { return m[k]; }`), and the gateway's and the
 * planner's compiled code reads through it on every call (`(0, federation_internals_1.isCompositeType)(type)`).
 * Issue 29's profiles put that one getter at 8-12% of our gateway's CPU on the nested tasks page.
 *
 * Why it is safe: the getters exist to keep live bindings, and no export of the package is live. Every module of
 * @apollo/federation-internals 2.14.4 (pinned in package.json) assigns its exports (`exports.x = ...`) in top-level
 * statements only, run as it loads, and none of them defines a getter of its own; the index requires every one of
 * them before this module reads it, so the values read here are final. plain-federation-exports.test.ts holds that
 * every value is still the one its defining module exports.
 */
const require = createRequire(import.meta.url);
const indexPath = require.resolve('@apollo/federation-internals');
const index = require(indexPath) as Record<string, unknown>;
// Object.fromEntries builds an object in V8's fast-properties mode; assigning 300 keys one by one would leave it a
// dictionary, a hash lookup per read.
const plain = Object.fromEntries(Object.keys(index).map((name) => [name, index[name]]));
// TypeScript's interop helpers (`__importStar`, `__importDefault`) read it; the index defines it the same way.
Object.defineProperty(plain, '__esModule', { value: true });
require.cache[indexPath]!.exports = plain;
