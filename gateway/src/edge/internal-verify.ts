import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { InvalidDeviceProofError } from '@platform/lib/auth/auth.errors';
import { parseBearer } from '@platform/lib/auth/authenticator';
import { normalizedHtu, type ProofTarget } from '@platform/lib/auth/device-proof';
import { AppError, UnauthenticatedError, ValidationError } from '@platform/lib/errors';
import { fingerprintHash } from '@platform/lib/fingerprint';
import type { Metrics } from '@platform/lib/metrics';
import type { Platform } from '@platform/lib/platform';
import { MissingBearerTokenError, VerificationRefusedError } from './edge.errors.js';
import { errorBodyOf, httpStatusOf } from '../http/http-status.js';
import { proofChallengeOf } from './error-handler.js';
import { requestInfoOf } from './request-context.js';
import type { ProxyTrust } from './trusted-proxies.js';

const serviceName = /^[\w.-]{1,64}$/;

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The request a proxy asks about (issue 27): its method and URL as forward-auth proxies send them
 * (X-Forwarded-Method, -Proto, -Host, -Uri; Traefik's names, which nginx and Envoy can be told to send), or
 * PUBLIC_URL's origin with that path. Without them no proof can match, and a bound token is refused.
 */
export function forwardedTargetOf(headers: IncomingHttpHeaders, publicUrl: string | undefined): ProofTarget {
  const method = single(headers['x-forwarded-method']) ?? '';
  const uri = single(headers['x-forwarded-uri']);
  const host = single(headers['x-forwarded-host']);
  const proto = single(headers['x-forwarded-proto']) ?? 'https';
  if (!uri?.startsWith('/')) return { method, urls: [] };
  const path = uri.split('?')[0]!;
  const candidates = [
    ...(host ? [`${proto}://${host}${path}`] : []),
    ...(publicUrl ? [`${new URL(publicUrl).origin}${path}`] : []),
  ];
  return { method, urls: candidates.flatMap((url) => normalizedHtu(url) ?? []) };
}

/**
 * Forward-auth verification (decisions: /internal/verify): 200 with claims and X-User-* headers for a
 * valid, unrevoked token; 401 `{ valid: false, message, statusCode }` otherwise.
 */
export function registerInternalVerify(
  app: FastifyInstance,
  platform: Platform,
  metrics: Metrics,
  trusted: ProxyTrust,
): void {
  app.get('/internal/verify', async (request, reply) => {
    const service = request.headers['x-service-name'];
    if (typeof service !== 'string' || !serviceName.test(service)) {
      throw ValidationError.field('X-Service-Name', 'header is required (letters, digits, dot, dash, underscore)');
    }
    const token = parseBearer(request.headers.authorization);
    try {
      if (!token) throw new MissingBearerTokenError();
      const fingerprint = request.headers['x-device-fingerprint'];
      const { claims } = await platform.authenticator.verifyBearer(token, {
        deviceFingerprintHash: fingerprintHash(typeof fingerprint === 'string' ? fingerprint : undefined),
      });
      const info = requestInfoOf(request.raw, request.id, trusted);
      const target = forwardedTargetOf(request.headers, platform.config.PUBLIC_URL);
      const proof = typeof request.headers.dpop === 'string' ? request.headers.dpop : null;
      info.deviceProof = await platform.deviceProofs.proofOf(proof, target, info, { token, claims });
      await platform.deviceProofs.checkBinding(claims, info.deviceProof, info);
      const verifiedService = claims.token_use === 'service' ? claims.service : undefined;
      metrics.internalVerify.inc({ service: metrics.serviceLabel(service, verifiedService), result: 'valid' });
      const user = claims.token_use === 'service' ? null : claims;
      void reply
        .header('cache-control', 'no-store')
        .header('x-user-id', user ? String(user.id) : '')
        .header('x-user-email', user?.email ?? '')
        .header('x-user-permissions', user?.permissions.join(',') ?? '');
      return {
        valid: true,
        claims: {
          id: user?.id ?? null,
          email: user?.email ?? null,
          permissions: user?.permissions ?? [],
          token_use: claims.token_use,
          device_id: user?.device_id ?? null,
          trust_level: user?.trust_level ?? null,
          ...(user?.cnf ? { cnf: user.cnf } : {}),
          ...(claims.token_use === 'service' ? { service: claims.service } : {}),
        },
      };
    } catch (error) {
      if (!(error instanceof AppError) || httpStatusOf(error.code) >= 500) throw error;
      if (error.code === 'INVALID_DPOP_PROOF') void reply.header(...proofChallengeOf(error));
      metrics.internalVerify.inc({ service: metrics.serviceLabel(service), result: 'invalid' });
      const refusal =
        error instanceof UnauthenticatedError || error instanceof InvalidDeviceProofError
          ? error
          : new VerificationRefusedError(error);
      const body = errorBodyOf(refusal);
      return reply.code(body.statusCode).send({ valid: false, ...body });
    }
  });
}
