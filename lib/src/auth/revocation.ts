import { ServiceUnavailableError } from '../errors.js';
import type { KeyValueStore, PubSub, Unsubscribe } from '../store/ports.js';
import { tokenLifetimes } from './token-kinds.js';

/**
 * A session's, user's or device's marker outlives every token it can cover (the longest refresh); a service
 * token's lives as long as the token (decisions: Durable revocation).
 */
export const revocationLifetimeMs = tokenLifetimes.rememberedRefreshMs;

export type RevocationKind = 'session' | 'user' | 'device' | 'token';

export interface RevocationMarker {
  kind: RevocationKind;
  subject: string;
}

export interface Revocation extends RevocationMarker {
  /** When every token it covers has expired. */
  expiresAt: Date;
}

export const revocationMarkers = {
  session: (sessionId: string): RevocationMarker => ({ kind: 'session', subject: sessionId }),
  user: (userId: number): RevocationMarker => ({ kind: 'user', subject: String(userId) }),
  device: (deviceId: string): RevocationMarker => ({ kind: 'device', subject: deviceId }),
  token: (tokenId: string): RevocationMarker => ({ kind: 'token', subject: tokenId }),
};

const keyOf = (marker: RevocationMarker) => `revoked:${marker.kind}:${marker.subject}`;

/** Where revocations are announced as they are committed, for whoever holds what a token opened (sockets). */
const announcementChannel = 'revocations';

/** Present only while the markers in the store are all of PostgreSQL's: absent after Redis lost its data. */
const epochKey = 'revocations:loaded';
/**
 * The epoch lives an hour, so a marker lost any other way (an eviction) is back within the hour, at the cost of
 * one reload an hour per deployment.
 */
const epochLifetimeMs = 3_600_000;
/** One instance reloads at a time; a reload that dies releases the others after this long. */
const reloadLockKey = 'revocations:loading';
const reloadLockMs = 5_000;

/**
 * The durable record of revocations (PostgreSQL, owned by the auth subgraph), read by whichever process
 * verifies bearers. Handed to `Revocations.bindSource` at start-up.
 */
export interface RevocationSource {
  /** Every revocation whose tokens may still be alive. */
  unexpired(): Promise<Revocation[]>;
  /** True when any of the markers is recorded and unexpired. */
  anyRecorded(markers: RevocationMarker[]): Promise<boolean>;
}

export interface RevocationsDependencies {
  store: KeyValueStore;
  pubSub: PubSub;
  now: () => number;
}

/**
 * Redis is a cache of the revocations recorded in PostgreSQL (decisions: Durable revocation). A check reads the
 * markers and the epoch key in one round trip; without the epoch the markers cannot be trusted, so one instance
 * reloads them from PostgreSQL while the others answer that moment's checks from PostgreSQL directly.
 */
export class Revocations {
  private source?: RevocationSource;

  constructor(private readonly deps: RevocationsDependencies) {
    // A failover may promote a replica that had not yet received the last markers, and the epoch it did
    // receive would vouch for them: each instance drops the epoch as it reaches Redis again, before it reads,
    // so the markers are reloaded from PostgreSQL (decisions: Beyond one host, Redis through Sentinel).
    deps.store.onReconnected(() => void deps.store.delete(epochKey).catch(() => undefined));
  }

  bindSource(source: RevocationSource): void {
    this.source = source;
  }

  /** Sets the cached marker of a revocation that its caller records in PostgreSQL. */
  async mark(revocations: Revocation[]): Promise<void> {
    const now = this.deps.now();
    await Promise.all(
      revocations.map((revocation) =>
        this.deps.store.set(keyOf(revocation), '1', Math.max(1, revocation.expiresAt.getTime() - now)),
      ),
    );
  }

  /** Tells every instance about committed revocations, so that what their tokens opened closes at once. */
  async announce(markers: RevocationMarker[]): Promise<void> {
    if (markers.length === 0) return;
    await this.deps.pubSub.publish(
      announcementChannel,
      JSON.stringify(markers.map(({ kind, subject }) => ({ kind, subject }))),
    );
  }

  /** `onResumed`: announcements may have been lost while the connection was down (PubSub port). */
  onAnnounced(listener: (markers: RevocationMarker[]) => void, onResumed: () => void): Promise<Unsubscribe> {
    return this.deps.pubSub.subscribe(
      announcementChannel,
      (message) => listener(JSON.parse(message) as RevocationMarker[]),
      onResumed,
    );
  }

  async unmark(marker: RevocationMarker): Promise<void> {
    await this.deps.store.delete(keyOf(marker));
  }

  async anyRevoked(markers: RevocationMarker[]): Promise<boolean> {
    const found = await this.deps.store.existing([...markers.map(keyOf), epochKey]);
    const loaded = found.pop();
    if (loaded) return found.some(Boolean);
    return this.answerFromSource(markers);
  }

  private async answerFromSource(markers: RevocationMarker[]): Promise<boolean> {
    // Fail closed: a process that verifies bearers without the durable record cannot tell revoked from not.
    if (!this.source) throw new ServiceUnavailableError();
    if (!(await this.deps.store.setIfAbsent(reloadLockKey, '1', reloadLockMs))) return this.source.anyRecorded(markers);
    let revocations: Revocation[];
    try {
      revocations = await this.source.unexpired();
      await this.mark(revocations);
    } catch (error) {
      await this.deps.store.delete(reloadLockKey).catch(() => undefined);
      throw error;
    }
    // A lock gone meanwhile means Redis lost its data again during the reload: the epoch would claim too much.
    if (await this.deps.store.consume(reloadLockKey)) {
      await this.deps.store.set(epochKey, String(this.deps.now()), epochLifetimeMs);
    }
    const wanted = new Set(markers.map(keyOf));
    return revocations.some((revocation) => wanted.has(keyOf(revocation)));
  }
}
