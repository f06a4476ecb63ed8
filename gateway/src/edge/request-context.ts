import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { parseBearer, type Authenticator, type VerifiedBearer } from '@platform/lib/auth/authenticator';
import { InvalidAuthorizationHeaderError } from '@platform/lib/auth/auth.errors';
import { UnauthenticatedError } from '@platform/lib/errors';
import { fingerprintHash } from '@platform/lib/fingerprint';
import type { GatewayContext, RequestInfo } from '@platform/lib/graphql/context';
import type { ProxyTrust } from './trusted-proxies.js';

/**
 * The one request-context factory (STYLE 15): HTTP routes and WebSocket connections build their request facts
 * and verify their caller here, so that identity, client address and device binding mean the same on each.
 * Producers inside the system queue their jobs with a service name and no request (lib/src/notifications).
 */

/**
 * The client of a request or an upgrade: behind a trusted proxy (TRUSTED_PROXIES), the last address of
 * X-Forwarded-For that is not itself a trusted proxy (addresses to its left were sent by the client and prove
 * nothing); otherwise the peer, whatever the header says.
 */
export function clientAddressOf(request: IncomingMessage, trusted: ProxyTrust): string {
  const peer = request.socket.remoteAddress ?? '';
  const forwarded = request.headers['x-forwarded-for'];
  if (!trusted(peer) || typeof forwarded !== 'string') return peer;
  const hops = forwarded
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.findLast((hop) => !trusted(hop)) ?? hops[0] ?? peer;
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

/** The facts of an HTTP request or of a WebSocket upgrade (whose X-Device-Fingerprint binds the socket's bearer). */
export function requestInfoOf(request: IncomingMessage, requestId: string, trusted: ProxyTrust): RequestInfo {
  return {
    requestId,
    ip: clientAddressOf(request, trusted),
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

/** What verifies a request's caller and reads its client address: the edge's, built once. */
export interface RequestContextParts {
  authenticator: Authenticator;
  trusted: ProxyTrust;
}

async function buildContext(request: FastifyRequest, parts: RequestContextParts): Promise<GatewayContext> {
  const { authenticator } = parts;
  const info = requestInfoOf(request.raw, request.id, parts.trusted);
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
export function gatewayContextOf(request: FastifyRequest, parts: RequestContextParts): Promise<GatewayContext> {
  let context = contexts.get(request);
  if (!context) {
    context = buildContext(request, parts);
    contexts.set(request, context);
  }
  return context;
}
