#!/usr/bin/env node
/* global console, process, URL */
// The operator command line (README: Operators). It runs the build's output: `npm run build` first, or use
// `npm run platform -- <command>`, which builds and runs it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../dist/gateway/src/operator/cli.js', import.meta.url));
if (!existsSync(entry)) {
  console.error('error: the platform is not built: run `npm run build` first (or use `npm run platform -- <command>`)');
  process.exit(1);
}
await import(entry);
