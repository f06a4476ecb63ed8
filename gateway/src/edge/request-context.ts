import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { parseBearer, type Authenticator, type VerifiedBearer } from '@platform/lib/auth/authenticator';
import { InvalidAuthorizationHeaderError } from '@platform/lib/auth/auth.errors';
import type { Caller } from '@platform/lib/auth/caller';
import { normalizedHtu, type ProofTarget } from '@platform/lib/auth/device-proof';
import { type AppError, UnauthenticatedError } from '@platform/lib/errors';
import { fingerprintHash } from '@platform/lib/fingerprint';
import type { GatewayContext, RequestInfo } from '@platform/lib/graphql/context';
import type { Platform } from '@platform/lib/platform';
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
  // The header first: without one, whether the peer is trusted changes nothing (and costs a lookup per request).
  if (typeof forwarded !== 'string' || !trusted(peer)) return peer;
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
    deviceProof: null,
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

/**
 * The URLs a proof's `htu` may name for a request (issue 27): the Host the client sent with the path, over
 * http or https (TLS may end at a proxy in front of the edge), or PUBLIC_URL's origin with the path. A socket's
 * upgrade may also be named with ws or wss.
 */
export function proofTargetOf(
  request: IncomingMessage,
  publicUrl: string | undefined,
  schemes: readonly string[] = ['http', 'https'],
): ProofTarget {
  const path = (request.url ?? '/').split('?')[0]!;
  const host = header(request, 'host');
  const candidates = [
    ...(host ? schemes.map((scheme) => `${scheme}://${host}${path}`) : []),
    ...(publicUrl ? [`${new URL(publicUrl).origin}${path}`] : []),
  ];
  const urls = candidates.flatMap((url) => normalizedHtu(url) ?? []);
  return { method: request.method ?? '', urls };
}

/** What verifies a request's caller, its device proof and reads its client address: the edge's, built once. */
export interface RequestContextParts {
  platform: Platform;
  trusted: ProxyTrust;
}

async function buildContext(request: FastifyRequest, parts: RequestContextParts): Promise<GatewayContext> {
  const { platform } = parts;
  const info = requestInfoOf(request.raw, request.id, parts.trusted);
  const authorization = header(request.raw, 'authorization');
  const token = parseBearer(authorization ?? undefined);
  let caller: Caller | null = null;
  let claims: VerifiedBearer['claims'] | null = null;
  let authFailure: AppError | null = authorization && !token ? new InvalidAuthorizationHeaderError() : null;
  if (token) {
    try {
      ({ caller, claims } = await verifyBearerOf(info, token, platform.authenticator));
    } catch (error) {
      if (!(error instanceof UnauthenticatedError)) throw error;
      authFailure = error;
    }
  }
  const { deviceProofs } = platform;
  const proof = header(request.raw, 'dpop');
  const bearer = token ? { token, claims } : undefined;
  // The URLs a proof may name are parsed only for a request that sends one.
  const verified = proof
    ? await deviceProofs.proofOf(proof, proofTargetOf(request.raw, platform.config.PUBLIC_URL), info, bearer)
    : null;
  info.deviceProof = verified;
  if (claims) await deviceProofs.checkBinding(claims, verified, info);
  return { request: info, caller, authFailure };
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
