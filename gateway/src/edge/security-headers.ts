import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Headers of the auth spec and decisions (Hardening) on every response, errors and 404s included. */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

const apolloCdn = [
  'https://apollo-server-landing-page.cdn.apollographql.com',
  'https://embeddable-sandbox.cdn.apollographql.com',
  'https://embeddable-explorer.cdn.apollographql.com',
];

/** Apollo's embedded explorer loads from its CDN; only the explorer page gets these extra sources. */
export const explorerContentSecurityPolicy = {
  ...contentSecurityPolicy,
  scriptSrc: ["'self'", "'unsafe-inline'", ...apolloCdn],
  styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com', ...apolloCdn],
  imgSrc: ["'self'", 'data:', ...apolloCdn],
  manifestSrc: apolloCdn,
  frameSrc: ['https://sandbox.embed.apollographql.com', 'https://explorer.embed.apollographql.com'],
  fontSrc: ["'self'", 'https://fonts.gstatic.com'],
  connectSrc: ["'self'"],
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true, preload: false },
    frameguard: { action: 'deny' },
    xXssProtection: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    // The spec keeps the legacy value (decisions: Signatures, failures and outages); helmet would send 0.
    void reply.header('x-xss-protection', '1; mode=block');
  });
}
