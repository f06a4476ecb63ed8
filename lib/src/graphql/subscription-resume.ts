import { AppError } from '../errors.js';
import type { GatewayContext } from './context.js';

/**
 * A subscription the edge subscribes again after losing its upstream connection (a subgraph replica restarted or
 * the network dropped) carries the time of that loss in its `extensions`, so that the subgraph first sends what
 * was published since then (issue 25). Only the edge talks to a subgraph's socket, under its signed identity. A
 * client that lost its socket to the edge asks the same of the edge, which passes it on.
 */
export const resumeExtension = 'resumeSince';

/** A catch-up looks back at most this far: a loss older than that is a new subscription, not a resumption. */
const longestGapMs = 10 * 60 * 1000;

/** The loss time a subscribe message asks to resume from, when it is a plausible one. */
export function resumeSinceOf(extensions: Record<string, unknown> | null | undefined, now: number): Date | undefined {
  const value = extensions?.[resumeExtension];
  if (typeof value !== 'string') return undefined;
  const since = Date.parse(value);
  if (!Number.isFinite(since) || since > now || since < now - longestGapMs) return undefined;
  return new Date(since);
}

/** A subscription that cannot read what it missed refuses to resume, as before resumption: the client re-reads. */
export class SubscriptionNotResumableError extends AppError {
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor() {
    super('The subscription was interrupted; subscribe again');
  }
}

/** The first guard of a subscription without a catch-up: a resumed one ends with the 503 error. */
export function refuseResumption(context: GatewayContext): void {
  if (context.resumeSince) throw new SubscriptionNotResumableError();
}
