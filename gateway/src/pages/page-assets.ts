import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectRoot } from '@platform/lib/project-root';

interface PageAsset {
  /** Relative to the project root: a dependency's prebuilt file, or one of ours under gateway/public. */
  file: string;
  type: string;
}

const script = 'text/javascript; charset=utf-8';
const style = 'text/css; charset=utf-8';

/**
 * Every file a page of the edge loads, by its public name: served from the project's own files, never a CDN,
 * so the explorer and the REST reference work offline and under the API's Content-Security-Policy.
 */
const pageAssets: Record<string, PageAsset> = {
  'react.js': { file: 'node_modules/react/umd/react.production.min.js', type: script },
  'react-dom.js': { file: 'node_modules/react-dom/umd/react-dom.production.min.js', type: script },
  'graphiql.js': { file: 'node_modules/graphiql/graphiql.min.js', type: script },
  'graphiql.css': { file: 'node_modules/graphiql/graphiql.min.css', type: style },
  'swagger-ui.js': { file: 'node_modules/swagger-ui-dist/swagger-ui-bundle.js', type: script },
  'swagger-ui.css': { file: 'node_modules/swagger-ui-dist/swagger-ui.css', type: style },
  'explorer.js': { file: 'gateway/public/explorer.js', type: script },
  'docs.js': { file: 'gateway/public/docs.js', type: script },
  'pages.css': { file: 'gateway/public/pages.css', type: style },
};

const loaded = new Map<string, Promise<Buffer>>();

/** The asset's bytes and content type, read once per process; undefined for a name that is not an asset. */
export async function pageAsset(name: string): Promise<{ body: Buffer; type: string } | undefined> {
  const asset = Object.hasOwn(pageAssets, name) ? pageAssets[name] : undefined;
  if (!asset) return undefined;
  let body = loaded.get(name);
  if (!body) {
    body = readFile(join(projectRoot(), asset.file));
    loaded.set(name, body);
  }
  return { body: await body, type: asset.type };
}

export const pageAssetNames = Object.keys(pageAssets);
