import type { Logger } from '@platform/lib/logger';
import type { PubSub } from '@platform/lib/store/ports';
import { pubSubIterator, type Subscribable } from '@platform/lib/store/pubsub-iterator';
import type { ConfirmationStatus } from './confirmation.entity.js';

export interface ConfirmationStatusEvent {
  confirmationId: string;
  status: ConfirmationStatus;
}

/** What travels on the channel: the owner, so that every instance hands the event to the owner only. */
interface AddressedEvent extends ConfirmationStatusEvent {
  userId: number;
}

const channelOf = (confirmationId: string) => `confirmation-events:${confirmationId}`;

export interface ConfirmationEventsDependencies {
  pubSub: PubSub;
  logger: Logger;
}

/**
 * Status changes of confirmations through the PubSub port (Redis across instances and processes), one channel
 * per confirmation: a web client follows the one it started. Events of another user's confirmation never reach
 * a subscriber, whatever id it names.
 */
export class ConfirmationEvents {
  constructor(private readonly deps: ConfirmationEventsDependencies) {}

  /** After the change committed; a lost publish is logged and never turns the committed change into an error. */
  async publish(userId: number, event: ConfirmationStatusEvent): Promise<void> {
    const message: AddressedEvent = { userId, ...event };
    await this.deps.pubSub
      .publish(channelOf(event.confirmationId), JSON.stringify(message))
      .catch((error: unknown) => this.deps.logger.error({ err: error, ...event }, 'confirmation event not published'));
  }

  /**
   * The caller's events for one confirmation. `current` is read once the channel is live (and again when it
   * resumes after a lost connection), so a change made before the client subscribed is still delivered; each
   * status is delivered once.
   */
  subscribe(
    userId: number,
    confirmationId: string,
    current: () => Promise<ConfirmationStatus | null>,
  ): AsyncIterableIterator<ConfirmationStatusEvent> {
    const source: Subscribable<ConfirmationStatusEvent> = {
      subscribe: async (channel, onEvent) => {
        let delivered: ConfirmationStatus | null = null;
        const deliver = (status: ConfirmationStatus) => {
          if (status === 'pending' || status === delivered) return;
          delivered = status;
          onEvent({ confirmationId, status });
        };
        const catchUp = () =>
          current()
            .then((status) => status && deliver(status))
            .catch((error: unknown) =>
              this.deps.logger.warn({ err: error, confirmationId }, 'confirmation status not read'),
            );
        const unsubscribe = await this.deps.pubSub.subscribe(
          channel,
          (message) => {
            const event = parsed(message);
            if (event?.userId === userId) deliver(event.status);
          },
          () => void catchUp(),
        );
        await catchUp();
        return unsubscribe;
      },
    };
    return pubSubIterator(source, channelOf(confirmationId), (event) => event);
  }
}

function parsed(message: string): AddressedEvent | null {
  try {
    return JSON.parse(message) as AddressedEvent;
  } catch {
    return null;
  }
}
