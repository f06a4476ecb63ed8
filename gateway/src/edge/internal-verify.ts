import type { FastifyInstance } from 'fastify';
import { parseBearer } from '@platform/lib/auth/authenticator';
import { AppError, UnauthenticatedError, ValidationError } from '@platform/lib/errors';
import { fingerprintHash } from '@platform/lib/fingerprint';
import type { Metrics } from '@platform/lib/metrics';
import type { Platform } from '@platform/lib/platform';
import { MissingBearerTokenError, VerificationRefusedError } from './edge.errors.js';
import { errorBodyOf, httpStatusOf } from '../http/http-status.js';

const serviceName = /^[\w.-]{1,64}$/;

/**
 * Forward-auth verification (decisions: /internal/verify): 200 with claims and X-User-* headers for a
 * valid, unrevoked token; 401 `{ valid: false, message, statusCode }` otherwise.
 */
export function registerInternalVerify(app: FastifyInstance, platform: Platform, metrics: Metrics): void {
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
          ...(claims.token_use === 'service' ? { service: claims.service } : {}),
        },
      };
    } catch (error) {
      if (!(error instanceof AppError) || httpStatusOf(error.code) >= 500) throw error;
      metrics.internalVerify.inc({ service: metrics.serviceLabel(service), result: 'invalid' });
      const refusal = error instanceof UnauthenticatedError ? error : new VerificationRefusedError(error);
      const body = errorBodyOf(refusal);
      return reply.code(body.statusCode).send({ valid: false, ...body });
    }
  });
}
