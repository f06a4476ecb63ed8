import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { composeSchemas } from './compose.js';

const schemaDir = fileURLToPath(new URL('../../schema/', import.meta.url));

const { subgraphs, supergraph } = await composeSchemas();
for (const [name, sdl] of Object.entries(subgraphs)) writeFileSync(`${schemaDir}${name}.graphql`, `${sdl.trim()}\n`);
writeFileSync(`${schemaDir}supergraph.graphql`, `${supergraph.trim()}\n`);
console.log(`schema: wrote ${Object.keys(subgraphs).join(', ')} and supergraph to ${schemaDir}`);
