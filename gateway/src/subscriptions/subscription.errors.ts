import { AppError } from '@platform/lib/errors';

/** A document given to the subscription bridge whose operation the planner does not plan as a subscription. */
export class NotASubscriptionError extends AppError {
  readonly code = 'BAD_REQUEST';
  constructor() {
    super('Not a subscription');
  }
}

/** The subgraph that owns a subscription's root field cannot be reached over its socket. */
export class SubscriptionsUnavailableError extends AppError {
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor(subgraph: string) {
    super(`Subscriptions of the subgraph ${subgraph} are not available`);
  }
}
