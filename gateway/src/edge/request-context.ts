import type { FastifyRequest } from 'fastify';
import { parseBearer, type Authenticator } from '@platform/lib/auth/authenticator';
import { InvalidAuthorizationHeaderError } from '@platform/lib/auth/auth.errors';
import { UnauthenticatedError } from '@platform/lib/errors';
import { fingerprintHash } from '@platform/lib/fingerprint';
import type { GatewayContext, RequestInfo } from '@platform/lib/graphql/context';

const contexts = new WeakMap<FastifyRequest, Promise<GatewayContext>>();

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

export function requestInfoOf(request: FastifyRequest): RequestInfo {
  return {
    requestId: request.id,
    ip: request.ip,
    userAgent: header(request, 'user-agent'),
    deviceFingerprint: header(request, 'x-device-fingerprint'),
  };
}

async function buildContext(request: FastifyRequest, authenticator: Authenticator): Promise<GatewayContext> {
  const info = requestInfoOf(request);
  const authorization = header(request, 'authorization');
  const token = parseBearer(authorization ?? undefined);
  if (!token) {
    const authFailure = authorization ? new InvalidAuthorizationHeaderError() : null;
    return { request: info, caller: null, authFailure };
  }
  try {
    const { caller } = await authenticator.verifyBearer(token, {
      deviceFingerprintHash: fingerprintHash(info.deviceFingerprint ?? undefined),
    });
    return { request: info, caller, authFailure: null };
  } catch (error) {
    if (error instanceof UnauthenticatedError) return { request: info, caller: null, authFailure: error };
    throw error;
  }
}

/** The one auth context of the edge: the bearer is verified once per request, whichever route serves it. */
export function gatewayContextOf(request: FastifyRequest, authenticator: Authenticator): Promise<GatewayContext> {
  let context = contexts.get(request);
  if (!context) {
    context = buildContext(request, authenticator);
    contexts.set(request, context);
  }
  return context;
}
