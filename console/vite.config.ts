import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

/** The web console: built by `npm run build` into dist/console, served by the edge at /console. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  // The workspace's shared values (@platform/lib) are read from their TypeScript source, as in the rest of the code.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    // Every script is a file of its own: the pages' CSP allows no inline script.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
