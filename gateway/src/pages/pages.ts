import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageSecurityHeaders } from '../edge/security-headers.js';
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

const consolePage = page(
  'Platform console',
  `<main class="console">
<h1>Platform console</h1>
<section id="signed-out">
<form id="sign-in-form">
<input id="email" type="email" autocomplete="username webauthn" placeholder="E-mail" aria-label="E-mail" required>
<input id="password" type="password" autocomplete="current-password" placeholder="Password" aria-label="Password">
<button id="password-sign-in" type="submit">Sign in</button>
<button id="passkey-sign-in" type="button">Sign in with a passkey</button>
</form>
</section>
<section id="signed-in" hidden>
<p><span id="who"></span> <button id="sign-out" type="button">Sign out</button></p>
<h2>Passkeys</h2>
<button id="add-passkey" type="button">Add a passkey</button>
<p id="no-passkeys">No passkeys yet.</p>
<ul id="passkeys"></ul>
</section>
<p id="status" role="status"></p>
</main>`,
  ['pages.css'],
  ['simplewebauthn-browser.js', 'console.js'],
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
  app.get('/console', async (_request, reply) =>
    reply.headers(pageSecurityHeaders).type('text/html; charset=utf-8').send(consolePage),
  );
  app.get('/docs', async (_request, reply) =>
    reply.headers(pageSecurityHeaders).type('text/html; charset=utf-8').send(docsPage),
  );
  app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const asset = await pageAsset(request.params.name);
    if (!asset) return reply.callNotFound();
    return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body);
  });
}
