import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { parseBearer, type Authenticator, type VerifiedBearer } from '@platform/lib/auth/authenticator';
import { InvalidAuthorizationHeaderError } from '@platform/lib/auth/auth.errors';
import { UnauthenticatedError } from '@platform/lib/errors';
import { fingerprintHash } from '@platform/lib/fingerprint';
import type { GatewayContext, RequestInfo } from '@platform/lib/graphql/context';

/**
 * The one request-context factory (STYLE 15): HTTP routes and WebSocket connections build their request facts
 * and verify their caller here, so that identity, client address and device binding mean the same on each.
 * Producers inside the system queue their jobs with a service name and no request (lib/src/notifications).
 */

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Only a loopback peer, a local reverse proxy, may name the client (decisions: Client IP). */
export const isTrustedProxy = (address: string): boolean => loopback.has(address);

/**
 * The client of a request or an upgrade: behind a trusted proxy, the last address of X-Forwarded-For that is not
 * itself a trusted proxy (addresses to its left were sent by the client and prove nothing); otherwise the peer.
 */
export function clientAddressOf(request: IncomingMessage): string {
  const peer = request.socket.remoteAddress ?? '';
  const forwarded = request.headers['x-forwarded-for'];
  if (!isTrustedProxy(peer) || typeof forwarded !== 'string') return peer;
  const hops = forwarded
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.findLast((hop) => !isTrustedProxy(hop)) ?? hops[0] ?? peer;
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

/** The facts of an HTTP request or of a WebSocket upgrade (whose X-Device-Fingerprint binds the socket's bearer). */
export function requestInfoOf(request: IncomingMessage, requestId: string): RequestInfo {
  return {
    requestId,
    ip: clientAddressOf(request),
    userAgent: header(request, 'user-agent'),
    deviceFingerprint: header(request, 'x-device-fingerprint'),
  };
}

/** A bearer checked against its request's facts: a biometric token holds only with its own device's fingerprint. */
export function verifyBearerOf(
  info: RequestInfo,
  token: string,
  authenticator: Authenticator,
): Promise<VerifiedBearer> {
  return authenticator.verifyBearer(token, {
    deviceFingerprintHash: fingerprintHash(info.deviceFingerprint ?? undefined),
  });
}

async function buildContext(request: FastifyRequest, authenticator: Authenticator): Promise<GatewayContext> {
  const info = requestInfoOf(request.raw, request.id);
  const authorization = header(request.raw, 'authorization');
  const token = parseBearer(authorization ?? undefined);
  if (!token) {
    const authFailure = authorization ? new InvalidAuthorizationHeaderError() : null;
    return { request: info, caller: null, authFailure };
  }
  try {
    const { caller } = await verifyBearerOf(info, token, authenticator);
    return { request: info, caller, authFailure: null };
  } catch (error) {
    if (error instanceof UnauthenticatedError) return { request: info, caller: null, authFailure: error };
    throw error;
  }
}

const contexts = new WeakMap<FastifyRequest, Promise<GatewayContext>>();

/** The context of an HTTP request: the bearer is verified once per request, whichever route serves it. */
export function gatewayContextOf(request: FastifyRequest, authenticator: Authenticator): Promise<GatewayContext> {
  let context = contexts.get(request);
  if (!context) {
    context = buildContext(request, authenticator);
    contexts.set(request, context);
  }
  return context;
}
