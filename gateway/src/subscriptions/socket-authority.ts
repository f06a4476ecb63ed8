import type { IncomingMessage } from 'node:http';
import { CloseCode } from 'graphql-ws';
import type { WebSocket } from 'ws';
import { parseBearer, revocationMarkersOf, type Authenticator } from '@platform/lib/auth/authenticator';
import type { UserCaller } from '@platform/lib/auth/caller';
import type { DeviceProofGuard } from '@platform/lib/auth/device-proof-guard';
import type { RevocationMarker, Revocations } from '@platform/lib/auth/revocation';
import { ServiceUnavailableError, UnauthenticatedError } from '@platform/lib/errors';
import type { RequestInfo } from '@platform/lib/graphql/context';
import type { Logger } from '@platform/lib/logger';
import type { Unsubscribe } from '@platform/lib/store/ports';
import { proofTargetOf, verifyBearerOf } from '../edge/request-context.js';

export interface SocketAuthorityOptions {
  authenticator: Authenticator;
  deviceProofs: DeviceProofGuard;
  publicUrl: string | undefined;
  revocations: Revocations;
  logger: Logger;
  now: () => number;
  /** The backstop: every open socket's token checked again this often (an announcement that was never sent). */
  recheckMs: number;
}

interface HeldSocket {
  token: string;
  info: RequestInfo;
  subjects: string[];
  expiry: NodeJS.Timeout;
}

const recheckRetryMs = 1000;

const subjectOf = (marker: RevocationMarker) => `${marker.kind}:${marker.subject}`;

/**
 * A socket lives only as long as the token that opened it (decisions: Subscriptions). Each open socket is held
 * under its session, user and device; a revocation announced by any instance closes the matching ones at once, a
 * timer closes each when its token expires, and every socket is checked again after the announcements' connection
 * comes back (announcements made meanwhile are lost) and on a slow interval. All close with 4403, which graphql-ws
 * clients answer by connecting again with the token they hold now; a check that cannot be made closes too.
 */
const listenRetryMs = 2000;

export class SocketAuthority {
  private readonly held = new Map<WebSocket, HeldSocket>();
  private readonly bySubject = new Map<string, Set<WebSocket>>();
  private unsubscribe?: Unsubscribe;
  private sweep?: NodeJS.Timeout;
  private listening?: NodeJS.Timeout;
  private closed = false;
  /** Counts announcements, so that a socket admitted while one arrived is checked again. */
  private announcements = 0;

  constructor(private readonly options: SocketAuthorityOptions) {}

  async start(): Promise<void> {
    this.sweep = setInterval(() => this.recheckAll(), this.options.recheckMs).unref();
    await this.listen();
  }

  /**
   * Announcements travel through Redis. An instance that starts while Redis is away still starts (decisions:
   * outages) and keeps trying; once it listens, every socket admitted meanwhile is checked again.
   */
  private async listen(afterOutage = false): Promise<void> {
    try {
      this.unsubscribe = await this.options.revocations.onAnnounced(
        (markers) => this.closeHolders(markers),
        () => this.recheckAll(),
      );
    } catch (error) {
      if (this.closed) return;
      this.options.logger.warn({ err: error }, 'revocation announcements unavailable; retrying');
      this.listening = setTimeout(() => void this.listen(true), listenRetryMs).unref();
      return;
    }
    // Only once it listens: a check while Redis is still away cannot be made, and would close every socket.
    if (afterOutage) this.recheckAll();
  }

  /**
   * The user a connection's init `authorization` admits, or null; an admitted socket is held until it closes. A
   * bound token needs the init's `dpop` proof of the upgrade (GET, the socket's URL): once, when it opens; a proof
   * refused throws InvalidDeviceProofError (issue 27). A token that cannot be checked now throws
   * ServiceUnavailableError.
   */
  async admit(
    socket: WebSocket,
    upgrade: IncomingMessage,
    info: RequestInfo,
    init: { authorization?: unknown; dpop?: unknown },
  ): Promise<UserCaller | null> {
    const token = parseBearer(typeof init.authorization === 'string' ? init.authorization : undefined);
    if (!token) return null;
    const announcementsBefore = this.announcements;
    const verified = await verifyBearerOf(info, token, this.options.authenticator).catch((error: unknown) => {
      // A check that cannot be made (the store away or too slow) is no refusal of the token: the caller closes
      // the socket with "try again later", which clients answer by reconnecting, not by dropping their session.
      if (error instanceof ServiceUnavailableError) throw error;
      return null;
    });
    // A socket is a user's; a service token never opens one (decisions: Where each token kind is accepted).
    if (!verified || verified.caller.kind !== 'user' || verified.claims.token_use === 'service') return null;
    const { deviceProofs, publicUrl } = this.options;
    const target = proofTargetOf(upgrade, publicUrl, ['http', 'https', 'ws', 'wss']);
    const proof = typeof init.dpop === 'string' ? init.dpop : null;
    info.deviceProof = await deviceProofs.proofOf(proof, target, info, { token, claims: verified.claims });
    await deviceProofs.checkBinding(verified.claims, info.deviceProof, info);
    const expiresInMs = verified.claims.exp! * 1000 - this.options.now();
    const expiry = setTimeout(() => this.end(socket, 'Token expired'), expiresInMs).unref();
    this.hold(socket, { token, info, subjects: revocationMarkersOf(verified.claims).map(subjectOf), expiry });
    // Its token may have been revoked after it verified and before it was held here.
    if (this.announcements !== announcementsBefore) this.recheck(socket, 1);
    return verified.caller;
  }

  private hold(socket: WebSocket, held: HeldSocket): void {
    this.held.set(socket, held);
    for (const subject of held.subjects) {
      const sockets = this.bySubject.get(subject) ?? new Set();
      sockets.add(socket);
      this.bySubject.set(subject, sockets);
    }
    socket.once('close', () => this.release(socket));
  }

  private release(socket: WebSocket): void {
    const held = this.held.get(socket);
    if (!held) return;
    this.held.delete(socket);
    clearTimeout(held.expiry);
    for (const subject of held.subjects) {
      const sockets = this.bySubject.get(subject);
      sockets?.delete(socket);
      if (sockets?.size === 0) this.bySubject.delete(subject);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweep);
    clearTimeout(this.listening);
    for (const socket of [...this.held.keys()]) this.release(socket);
    await this.unsubscribe?.();
  }

  private closeHolders(markers: RevocationMarker[]): void {
    this.announcements += 1;
    for (const marker of markers) {
      for (const socket of [...(this.bySubject.get(subjectOf(marker)) ?? [])]) this.end(socket, 'Token revoked');
    }
  }

  private recheckAll(): void {
    for (const socket of this.held.keys()) this.recheck(socket, 1);
  }

  /**
   * A token that no longer verifies closes its socket. A check that cannot be made is tried again a second later
   * (the store's other connection may still be reconnecting), then the socket closes: fail closed.
   */
  private recheck(socket: WebSocket, retries: number): void {
    const held = this.held.get(socket);
    if (!held) return;
    verifyBearerOf(held.info, held.token, this.options.authenticator).catch((error: unknown) => {
      if (error instanceof UnauthenticatedError) return this.end(socket, 'Token revoked or expired');
      if (retries > 0) return void setTimeout(() => this.recheck(socket, retries - 1), recheckRetryMs).unref();
      this.options.logger.warn({ err: error }, 'socket closed: its token could not be checked');
      this.end(socket, 'Token could not be checked');
    });
  }

  private end(socket: WebSocket, reason: string): void {
    this.release(socket);
    socket.close(CloseCode.Forbidden, reason);
  }
}
