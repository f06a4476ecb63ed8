import { deliverEach, type MessageHandler } from './deliver-each.js';
import type { KeyValueStore, PubSub, RateDecision, RateLimitStore, Stores } from './ports.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/** In-process stand-in for Redis: single node only, used in embedded mode. */
class MemoryKeyValueStore implements KeyValueStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async anyExists(keys: string[]): Promise<boolean> {
    return keys.some((key) => this.live(key) !== undefined);
  }

  async existing(keys: string[]): Promise<boolean[]> {
    return keys.map((key) => this.live(key) !== undefined);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    return true;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const entry = this.live(key) ?? { value: '0', expiresAt: this.now() + ttlMs };
    entry.value = String(Number(entry.value) + 1);
    this.entries.set(key, entry);
    return Number(entry.value);
  }

  async consume(key: string): Promise<string | null> {
    const entry = this.live(key);
    this.entries.delete(key);
    return entry?.value ?? null;
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async ping(): Promise<void> {}

  /** In the process itself: never lost, never reached again. */
  onReconnected() {}
}

class MemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly windows = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  async takeToken(key: string, capacity: number, refillPerMinute: number): Promise<RateDecision> {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now };
    const tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) * refillPerMinute) / 60_000);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return { allowed: false, retryAfterSeconds: Math.ceil(((1 - tokens) * 60) / refillPerMinute) };
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    return { allowed: true, retryAfterSeconds: 0 };
  }

  async hitWindow(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const now = this.now();
    const hits = (this.windows.get(key) ?? []).filter((at) => at > now - windowMs);
    if (hits.length >= limit) {
      this.windows.set(key, hits);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((hits[0]! + windowMs - now) / 1000)) };
    }
    hits.push(now);
    this.windows.set(key, hits);
    return { allowed: true, retryAfterSeconds: 0 };
  }
}

class MemoryPubSub implements PubSub {
  private readonly channels = new Map<string, Set<MessageHandler>>();

  async publish(channel: string, message: string): Promise<void> {
    deliverEach(this.channels.get(channel) ?? [], message);
  }

  async subscribe(channel: string, onMessage: MessageHandler) {
    const handlers = this.channels.get(channel) ?? new Set<MessageHandler>();
    handlers.add(onMessage);
    this.channels.set(channel, handlers);
    return async () => {
      handlers.delete(onMessage);
      if (handlers.size === 0 && this.channels.get(channel) === handlers) this.channels.delete(channel);
    };
  }
}

export function createMemoryStores(now: () => number = Date.now): Stores {
  return {
    keyValue: new MemoryKeyValueStore(now),
    rateLimits: new MemoryRateLimitStore(now),
    pubSub: new MemoryPubSub(),
    close: async () => {},
  };
}
