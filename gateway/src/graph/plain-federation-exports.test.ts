import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import './plain-federation-exports.js';

const require = createRequire(import.meta.url);
const indexPath = require.resolve('@apollo/federation-internals');
const plain = require(indexPath) as Record<string, unknown>;
/** The modules the index re-exports (every module it requires). */
const reexported = require.cache[indexPath]!.children;

describe("@apollo/federation-internals' index as plain data", () => {
  it('holds every export as a data property, the value its defining module exports', () => {
    const names = Object.keys(plain);
    expect(names.filter((name) => 'get' in Object.getOwnPropertyDescriptor(plain, name)!)).toEqual([]);
    // Nothing left out: every name of every `export * from` module of the index (which also picks single names
    // of one module; the value check below covers those).
    const starred = [...readFileSync(indexPath, 'utf8').matchAll(/__exportStar\(require\("([^"]+)"\)/g)].map(
      ([, path]) => require(require.resolve(path!, { paths: [dirname(indexPath)] })) as object,
    );
    expect(starred.length).toBeGreaterThan(20);
    expect(starred.flatMap((exports) => Object.keys(exports)).filter((name) => !(name in plain))).toEqual([]);
    const differing = names.filter(
      (name) =>
        !reexported.some((module) => {
          const exports = module.exports as Record<string, unknown>;
          return Object.hasOwn(exports, name) && exports[name] === plain[name];
        }),
    );
    expect(differing).toEqual([]);
  });

  it('has no live binding to lose: no module assigns an export after it has loaded, none defines a getter', () => {
    expect(reexported.length).toBeGreaterThan(20);
    const late = reexported.flatMap((module) => {
      const source = readFileSync(module.filename, 'utf8');
      // TypeScript's CommonJS output assigns an export at the top level of the module (no indentation) unless
      // the assignment sits in a function, which is the live binding a plain object would not follow.
      const inFunctions = source.split('\n').filter((line) => /^\s+.*\bexports\.\w+\s*=[^=]/.test(line));
      const getters = /Object\.defineProperty\(exports, "\w+", \{[^}]*\bget\b/.test(source) ? ['a getter'] : [];
      return [...inFunctions, ...getters].map((line) => `${module.filename}: ${line.trim()}`);
    });
    expect(late).toEqual([]);
  });

  it('is the copy @apollo/gateway and @apollo/query-planner load (one copy of the package in the tree)', () => {
    for (const dependent of ['@apollo/gateway', '@apollo/query-planner']) {
      expect(createRequire(require.resolve(dependent)).resolve('@apollo/federation-internals'), dependent).toBe(
        indexPath,
      );
    }
  });
});
