import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { RedisConnection } from '../config.js';
import { ServiceUnavailableError } from '../errors.js';
import { deliverEach, type MessageHandler } from './deliver-each.js';
import type { KeyValueStore, PubSub, RateDecision, RateLimitStore, Stores } from './ports.js';
import { SentinelFailovers } from './sentinel-failovers.js';

/** Token bucket in one script so concurrent instances never double-spend; Redis TIME is the one clock. */
const takeTokenScript = `
local capacity = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2]) / 60000
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + (now - at) * perMs)
local allowed = 0
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  wait = math.ceil((1 - tokens) / perMs)
end
redis.call('HSET', KEYS[1], 'tokens', tokens, 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / perMs) + 1000)
return {allowed, wait}
`;

const hitWindowScript = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', KEYS[1], now, now .. ':' .. ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}
`;

/**
 * How long a request waits on one Redis command (decisions: outages, and Defects (issue 23)). A hanging Redis
 * (stopped, not closed: no connection error ever comes) answers nothing; a request may wait on two commands in a
 * row (a failure it tolerates, then the next), and 500 ms each keeps its 503 well within 2 s. Redis answers in
 * well under a millisecond when it answers at all.
 */
const commandDeadlineMs = 500;

/**
 * Fail closed and fast: no offline queue, one retry, a command timeout (decisions: outages).
 * Auto-pipelining holds each command back to the next turn of the event loop: about 0.2 ms more per
 * biometric login when alone, but about 10% more /internal/verify throughput under load (bench, issue 3).
 * It also sends a pipeline only once the one before it has answered, so against a hanging Redis a command's
 * own timeout starts late: the deadline a request waits on is kept here (`unavailableOnFailure`) instead.
 */
const failFast: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  // A backstop only: the deadline a request waits on is `unavailableOnFailure`'s, which a stalled event loop
  // cannot turn into a false 503 (ioredis's own timer would reject a reply already waiting in the socket).
  commandTimeout: commandDeadlineMs * 3,
  connectTimeout: 1000,
  enableAutoPipelining: true,
  retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
};

/**
 * A lost or hanging store is the decided 503, at the latest after the command deadline. One promise for the
 * command and its reading (`read`), not one per layer: revocation is read on every request. The deadline's
 * refusal waits for the event loop's next check phase: after an event-loop stall (a busy machine) the timer
 * fires before the loop reads the sockets, and a reply that arrived meanwhile must win over it.
 */
function unavailableOnFailure<T>(operation: Promise<T>): Promise<T>;
function unavailableOnFailure<T, R>(operation: Promise<T>, read: (value: T) => R): Promise<R>;
function unavailableOnFailure(operation: Promise<unknown>, read?: (value: unknown) => unknown) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new ServiceUnavailableError())), commandDeadlineMs);
    operation.then(
      (value) => {
        clearTimeout(timer);
        try {
          resolve(read ? read(value) : value);
        } catch (error) {
          reject(error);
        }
      },
      () => {
        clearTimeout(timer);
        reject(new ServiceUnavailableError());
      },
    );
  });
}

function decision([allowed, waitMs]: [number, number]): RateDecision {
  return { allowed: allowed === 1, retryAfterSeconds: allowed === 1 ? 0 : Math.max(1, Math.ceil(waitMs / 1000)) };
}

class RedisKeyValueStore implements KeyValueStore {
  private readonly reconnectListeners = new Set<() => void>();

  constructor(private readonly redis: Redis) {
    let readyBefore = false;
    // 'ready' is emitted as the connection becomes usable: what a listener sends goes before any later command.
    redis.on('ready', () => {
      if (readyBefore) this.reconnectListeners.forEach((listener) => listener());
      readyBefore = true;
    });
  }

  onReconnected(listener: () => void) {
    this.reconnectListeners.add(listener);
  }

  get(key: string) {
    return unavailableOnFailure(this.redis.get(key));
  }

  async set(key: string, value: string, ttlMs: number) {
    await unavailableOnFailure(this.redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs))));
  }

  async anyExists(keys: string[]) {
    return (await unavailableOnFailure(this.redis.exists(...keys))) > 0;
  }

  existing(keys: string[]) {
    return unavailableOnFailure(this.redis.mget(...keys), (values) => values.map((value) => value !== null));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    const answer = await unavailableOnFailure(this.redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'));
    return answer === 'OK';
  }

  async increment(key: string, ttlMs: number) {
    const [[, count]] = (await unavailableOnFailure(
      this.redis.multi().incr(key).pexpire(key, Math.ceil(ttlMs), 'NX').exec(),
    )) as [[Error | null, number]];
    return count;
  }

  consume(key: string) {
    return unavailableOnFailure(this.redis.getdel(key));
  }

  async delete(key: string) {
    await unavailableOnFailure(this.redis.del(key));
  }

  async ping() {
    await unavailableOnFailure(this.redis.ping());
  }
}

class RedisRateLimitStore implements RateLimitStore {
  constructor(private readonly redis: Redis) {}

  async takeToken(key: string, capacity: number, refillPerMinute: number) {
    const result = await unavailableOnFailure(this.redis.eval(takeTokenScript, 1, key, capacity, refillPerMinute));
    return decision(result as [number, number]);
  }

  async hitWindow(key: string, limit: number, windowMs: number) {
    const result = await unavailableOnFailure(this.redis.eval(hitWindowScript, 1, key, limit, windowMs, randomUUID()));
    return decision(result as [number, number]);
  }
}

/** The local subscribers of one channel, and the one SUBSCRIBE they all wait for. */
interface ChannelSubscription {
  handlers: Set<MessageHandler>;
  subscribed: Promise<void>;
}

/**
 * The handshake each connection is in, shared by every channel subscribed meanwhile: one listener pair per
 * handshake, not one per channel (a burst of channels at start-up passed Node's limit of ten listeners).
 */
const handshakes = new WeakMap<Redis, Promise<void>>();

/**
 * ioredis 5.8.2 to 5.11 writes a SUBSCRIBE sent between a connection's 'connect' and 'ready' at once, ahead of its
 * ready check, then refuses that check's own INFO on the now-subscribed connection and fails every command waiting
 * with it (redis/ioredis#2037, fixed in 6, which STACK.md keeps out). Such a SUBSCRIBE waits for the handshake's
 * end: 'ready', or 'close', after which commands wait in the offline queue until the next 'ready'. The ready check
 * stays: without it, a proxy that accepts and drops connections (a Redis behind it gone) made 'ready' come with
 * no server behind it.
 */
function afterHandshake(connection: Redis): Promise<void> {
  if (connection.status !== 'connect') return Promise.resolve();
  let handshake = handshakes.get(connection);
  if (!handshake) {
    handshake = new Promise((resolve) => {
      const done = () => {
        connection.off('ready', done);
        connection.off('close', done);
        handshakes.delete(connection);
        resolve();
      };
      connection.on('ready', done);
      connection.on('close', done);
    });
    handshakes.set(connection, handshake);
  }
  return handshake;
}

class RedisPubSub implements PubSub {
  private subscriber?: Redis;
  private readonly channels = new Map<string, ChannelSubscription>();
  private readonly resumeListeners = new Set<(downSince: number) => void>();
  private closed = false;

  constructor(
    private readonly deps: {
      publisher: Redis;
      prefix: string;
      /** Sentinel's failovers, followed for the subscriber connection too. */
      failovers?: SentinelFailovers;
    },
  ) {}

  async publish(channel: string, message: string) {
    await unavailableOnFailure(this.deps.publisher.publish(this.deps.prefix + channel, message));
  }

  /**
   * The handler joins the channel's set before anything is awaited, so subscribers arriving together share one
   * SUBSCRIBE and one set (a set built after the await replaced an earlier one: issue 23, a second subscriber
   * silenced the first).
   */
  async subscribe(channel: string, onMessage: MessageHandler, onResumed?: (downSince: number) => void) {
    const subscription = this.channels.get(channel) ?? this.subscribeChannel(channel);
    subscription.handlers.add(onMessage);
    if (onResumed) this.resumeListeners.add(onResumed);
    let subscribed = true;
    const unsubscribe = async () => {
      if (!subscribed) return;
      subscribed = false;
      subscription.handlers.delete(onMessage);
      if (onResumed) this.resumeListeners.delete(onResumed);
      if (subscription.handlers.size > 0 || this.channels.get(channel) !== subscription) return;
      this.channels.delete(channel);
      await this.subscriber?.unsubscribe(this.deps.prefix + channel).catch(() => undefined);
    };
    try {
      await subscription.subscribed;
    } catch (error) {
      await unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  private subscribeChannel(channel: string): ChannelSubscription {
    const subscriber = this.connectSubscriber();
    const subscription: ChannelSubscription = {
      handlers: new Set(),
      // Not under the command deadline: the subscriber's own, slower timeout applies (connectSubscriber says why).
      subscribed: afterHandshake(subscriber)
        .then(() => subscriber.subscribe(this.deps.prefix + channel))
        .then(
          () => undefined,
          () => {
            // A failed SUBSCRIBE is forgotten at once: the next subscriber tries again.
            if (this.channels.get(channel) === subscription) this.channels.delete(channel);
            throw new ServiceUnavailableError();
          },
        ),
    };
    this.channels.set(channel, subscription);
    return subscription;
  }

  private connectSubscriber(): Redis {
    if (this.subscriber) return this.subscriber;
    // A slower command timeout than failFast's 500 ms: a burst of new subscriptions on a busy instance (1,000
    // sockets at once) must not fail while their SUBSCRIBE replies wait behind the event loop.
    const subscriber = this.deps.publisher.duplicate({
      enableOfflineQueue: true,
      keyPrefix: undefined,
      commandTimeout: 10_000,
    });
    subscriber.on('error', () => undefined);
    reconnectWhenEnded(subscriber, () => this.closed);
    this.deps.failovers?.follow(subscriber);
    let readyBefore = false;
    // When the connection was lost: what was published from then on may never have arrived.
    let downSince: number | undefined;
    subscriber.on('close', () => {
      downSince ??= Date.now();
    });
    subscriber.on('ready', () => {
      if (!readyBefore) {
        readyBefore = true;
        downSince = undefined;
        return;
      }
      // ioredis sends SUBSCRIBE again just after 'ready'; a PING answered after it means the channels are back.
      setImmediate(() => {
        subscriber.ping().then(
          () => {
            const lostAt = downSince ?? Date.now();
            downSince = undefined;
            this.resumeListeners.forEach((listener) => listener(lostAt));
          },
          () => undefined,
        );
      });
    });
    subscriber.on('message', (channel: string, message: string) => {
      const subscription = this.channels.get(channel.slice(this.deps.prefix.length));
      if (subscription) deliverEach(subscription.handlers, message);
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  async close() {
    this.closed = true;
    this.subscriber?.disconnect();
  }
}

const endedReconnectDelayMs = 200;

/**
 * ioredis 5.11 ends a Sentinel-mode client for good when its connector is disconnected while the client waits
 * between two rounds of asking the Sentinels ("All sentinels are unreachable. Retrying from scratch"): that attempt
 * becomes status `end`, with no reconnection (seen in about one failover test run in three, when ioredis's own
 * failover detector did it). SentinelFailovers disconnects only ready clients, so no known cause is left; this stays
 * as the safety net for a client that ends without its owner closing it: it is connected again, finds the current
 * primary the usual way, and a subscriber subscribes its channels again on 'ready'.
 */
function reconnectWhenEnded(client: Redis, closed: () => boolean): void {
  client.on('end', () => {
    setTimeout(() => {
      if (!closed() && client.status === 'end') client.connect().catch(() => undefined);
    }, endedReconnectDelayMs);
  });
}

/**
 * Through Sentinels, ioredis asks them for the current primary on every (re)connection and checks its role
 * (`role: 'master'`): while they fail over, a connection lands on no primary, commands fail at once (no offline
 * queue) and requests answer the decided 503, until the promoted replica is named. The Sentinels' `+switch-master`
 * announcements are followed by SentinelFailovers (sentinel-failovers.ts says why not by ioredis's own detector).
 * The subscriber connection is a duplicate: it finds the new primary the same way and subscribes its channels again.
 * Exported for the failover tests, which reach a primary through a NAT map of their own.
 */
export function sentinelOptions(connection: Extract<RedisConnection, { kind: 'sentinels' }>): RedisOptions {
  const tls = connection.tls ? {} : undefined;
  return {
    sentinels: connection.sentinels,
    name: connection.name,
    role: 'master',
    sentinelPassword: connection.sentinelPassword,
    password: connection.password,
    enableTLSForSentinelMode: connection.tls,
    tls,
    sentinelTLS: tls,
    // The Sentinels all out of reach is an outage like any other: keep asking, at most every 2 s.
    sentinelRetryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  };
}

/** keyPrefix isolates test runs and deployments sharing one Redis. */
export function createRedisStores(connection: RedisConnection, keyPrefix = ''): Stores {
  const options = { ...failFast, keyPrefix };
  const redis =
    connection.kind === 'url'
      ? new Redis(connection.url, options)
      : new Redis({ ...options, ...sentinelOptions(connection) });
  redis.on('error', () => undefined);
  let closed = false;
  reconnectWhenEnded(redis, () => closed);
  const failovers = connection.kind === 'sentinels' ? new SentinelFailovers(connection) : undefined;
  failovers?.follow(redis);
  const pubSub = new RedisPubSub({ publisher: redis, prefix: keyPrefix, failovers });
  return {
    keyValue: new RedisKeyValueStore(redis),
    rateLimits: new RedisRateLimitStore(redis),
    pubSub,
    close: async () => {
      closed = true;
      failovers?.close();
      await pubSub.close();
      redis.disconnect();
    },
  };
}
