import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageSecurityHeaders } from '../http/security-headers.js';
import { consoleAsset, consolePage, consoleServiceWorker } from './console-build.js';
import { pageAsset } from './page-assets.js';

const page = (title: string, body: string, styles: string[], scripts: string[]) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${styles.map((name) => `<link rel="stylesheet" href="/assets/${name}">`).join('\n')}
</head>
<body>
${body}
${scripts.map((name) => `<script src="/assets/${name}"></script>`).join('\n')}
</body>
</html>
`;

const explorerPage = page(
  'Platform GraphQL explorer',
  '<div id="graphiql"><p class="page-loading">Loading the GraphQL explorer…</p></div>',
  ['graphiql.css', 'pages.css'],
  ['react.js', 'react-dom.js', 'graphiql.js', 'explorer.js'],
);

const docsPage = page(
  'Platform REST API reference',
  '<div id="swagger-ui"><p class="page-loading">Loading the API reference…</p></div>',
  ['swagger-ui.css', 'pages.css'],
  ['swagger-ui.js', 'docs.js'],
);

/** A browser opening /graphql (an HTML GET without a query) gets the explorer; everything else is GraphQL. */
export function wantsExplorer(request: FastifyRequest): boolean {
  const query = request.query as { query?: unknown } | undefined;
  return request.method === 'GET' && query?.query === undefined && (request.headers.accept ?? '').includes('text/html');
}

export function sendExplorer(reply: FastifyReply): FastifyReply {
  return reply.headers(pageSecurityHeaders).type('text/html; charset=utf-8').send(explorerPage);
}

/** The REST reference at /docs, the console at /console, and the files the pages load, under /assets. */
export function registerPages(app: FastifyInstance): void {
  app.get('/console', async (_request, reply) => {
    const page = await consolePage();
    if (!page) return reply.callNotFound();
    return reply.headers(pageSecurityHeaders).type('text/html; charset=utf-8').send(page);
  });
  // The service worker of the console's Web Push (issue 30, item 5): under /console/, so that its scope is the
  // console's; never cached long, so that a new build's worker replaces the old one at the next visit.
  app.get('/console/push-worker.js', async (_request, reply) => {
    const worker = await consoleServiceWorker();
    if (!worker) return reply.callNotFound();
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(worker);
  });
  app.get<{ Params: { name: string } }>('/console/assets/:name', async (request, reply) => {
    const asset = await consoleAsset(request.params.name);
    if (!asset) return reply.callNotFound();
    // Vite names each file by its content: a new build is a new name.
    return reply.type(asset.type).header('cache-control', 'public, max-age=31536000, immutable').send(asset.body);
  });
  app.get('/docs', async (_request, reply) =>
    reply.headers(pageSecurityHeaders).type('text/html; charset=utf-8').send(docsPage),
  );
  app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const asset = await pageAsset(request.params.name);
    if (!asset) return reply.callNotFound();
    return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body);
  });
}
