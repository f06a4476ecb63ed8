/**
 * Small interfaces over the shared fast store. Redis backs them when REDIS_URL or REDIS_SENTINELS is set (shared by every
 * instance); the in-process implementation serves embedded single-node mode and unit tests.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** True when any of the keys exists: one round trip for several revocation markers. */
  anyExists(keys: string[]): Promise<boolean>;
  /** Which of the keys exist, in their order: one round trip (revocation markers with their epoch key). */
  existing(keys: string[]): Promise<boolean[]>;
  /** Sets the key only where it is absent; true when this call set it (a short lock). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Atomic counter; the TTL starts with the first increment (a fixed window). */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Reads and deletes in one atomic step: of N concurrent consumers exactly one gets the value. */
  consume(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
  ping(): Promise<void>;
  /**
   * `listener` runs each time the store is reached again after its connection was lost, before any later
   * command: the writes just before the loss may be gone (a replica promoted before it received them).
   */
  onReconnected(listener: () => void): void;
}

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimitStore {
  /** Token bucket: capacity tokens, refilled continuously at refillPerMinute. */
  takeToken(key: string, capacity: number, refillPerMinute: number): Promise<RateDecision>;
  /** Sliding window log: at most limit hits within the last windowMs. */
  hitWindow(key: string, limit: number, windowMs: number): Promise<RateDecision>;
}

export type Unsubscribe = () => Promise<void>;

export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /**
   * `onResumed` runs when the subscription is back after its connection was lost, with the time (ms since the
   * epoch, the machine's clock) it was lost: messages published meanwhile never arrive, so a subscriber that must
   * not miss one checks again what they would have told it.
   */
  subscribe(
    channel: string,
    onMessage: (message: string) => void,
    onResumed?: (downSince: number) => void,
  ): Promise<Unsubscribe>;
}

export interface Stores {
  keyValue: KeyValueStore;
  rateLimits: RateLimitStore;
  pubSub: PubSub;
  close(): Promise<void>;
}
