import { RateLimitedError } from './errors.js';
import type { RateLimitStore } from './store/ports.js';

/**
 * Rate limits of the auth spec (Limits). A category is a token bucket refilled at its per-minute rate with
 * the burst as capacity; an endpoint row is a sliding window over its scope (decisions: Rate limits).
 */
export const rateCategories = {
  authentication: { capacity: 20, refillPerMinute: 10 },
  deviceRegistration: { capacity: 10, refillPerMinute: 5 },
  deviceManagement: { capacity: 60, refillPerMinute: 30 },
  confirmation: { capacity: 50, refillPerMinute: 20 },
} as const;

export const rateWindows = {
  mobileChallenge: { limit: 10, windowMs: 60_000 },
  registerChallenge: { limit: 5, windowMs: 5 * 60_000 },
  mobileBiometric: { limit: 3, windowMs: 60_000 },
  confirmationInitiate: { limit: 20, windowMs: 60 * 60_000 },
  perIp: { limit: 1000, windowMs: 60 * 60_000 },
} as const;

export type RateCategory = keyof typeof rateCategories;
export type RateWindow = keyof typeof rateWindows;

/**
 * A field of the request as sent, for a limit's scope: limits are charged before the input is validated
 * (decisions: Rate limits), so the scope is the value the request names, checked or not. Undefined if no string.
 */
export function sentField(input: unknown, field: string): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const value: unknown = Reflect.get(input, field);
  return typeof value === 'string' ? value : undefined;
}

export interface RateLimiterDependencies {
  store: RateLimitStore;
  /** On unless told otherwise. */
  enabled?: boolean;
}

/** The one rate limiter: every limit of every service goes through it, and so through the shared store. */
export class RateLimiter {
  /** RATE_LIMIT_ENABLED; callers may skip their call when off (an edge hook need not wait on nothing). */
  readonly enabled: boolean;
  private readonly store: RateLimitStore;

  constructor({ store, enabled = true }: RateLimiterDependencies) {
    this.store = store;
    this.enabled = enabled;
  }

  /** Charges one request to a category for each scope (for example the client IP and the e-mail). */
  async charge(category: RateCategory, ...scopes: string[]): Promise<void> {
    if (!this.enabled) return;
    const { capacity, refillPerMinute } = rateCategories[category];
    for (const scope of scopes) {
      const decision = await this.store.takeToken(`rl:${category}:${scope}`, capacity, refillPerMinute);
      if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
    }
  }

  async hit(window: RateWindow, scope: string, count = 1): Promise<void> {
    if (!this.enabled) return;
    const { limit, windowMs } = rateWindows[window];
    for (let i = 0; i < count; i += 1) {
      const decision = await this.store.hitWindow(`rl:${window}:${scope}`, limit, windowMs);
      if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
    }
  }
}
