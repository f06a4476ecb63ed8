import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Headers of the auth spec and decisions (Hardening) on every response, errors and 404s included. */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  baseUri: ["'none'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/**
 * The pages the edge serves (the GraphQL explorer, the REST reference) run only scripts from its own files;
 * their libraries set inline styles and use data: images and fonts.
 */
const pageContentSecurityPolicy = {
  ...contentSecurityPolicy,
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
};

type Directives = Record<string, string[]>;

/**
 * The headers helmet sets, recorded once: they depend only on configuration, and building helmet for each
 * request (what @fastify/helmet does) cost more than the rest of /internal/verify's edge (bench).
 */
function securityHeadersFor(directives: Directives): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true, preload: false },
    frameguard: { action: 'deny' },
    xXssProtection: false,
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  // The spec keeps the legacy value (decisions: Signatures, failures and outages); helmet would send 0.
  return { ...headers, 'x-xss-protection': '1; mode=block' };
}

/** The headers of every answer; also written by hand where Fastify does not answer (a refused WebSocket upgrade). */
export const securityHeaders: Readonly<Record<string, string>> = securityHeadersFor(contentSecurityPolicy);

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(securityHeaders);
    done();
  });
}

/** The headers of a page's HTML: every answer's, with the pages' Content-Security-Policy. */
export const pageSecurityHeaders: Readonly<Record<string, string>> = securityHeadersFor(pageContentSecurityPolicy);
