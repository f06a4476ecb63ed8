import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { transactionClient } from '@platform/lib/database';
import type { ChangeEvent, ChangeEvents } from './webhook-events.js';
import type { WebhookQueue } from './webhook-queue.js';

export interface WebhookOutboxDependencies {
  /** The request's entity manager, whose transaction is open when a feature emits. */
  em: EntityManager;
  queue: WebhookQueue;
  now: () => number;
}

/** The change's events as one job, inserted on the change's own connection (webhook-queue.ts `sendEvents`). */
export class WebhookOutbox implements ChangeEvents {
  constructor(private readonly deps: WebhookOutboxDependencies) {}

  async emit(events: ChangeEvent[]): Promise<void> {
    if (events.length === 0) return;
    const occurredAt = new Date(this.deps.now()).toISOString();
    await this.deps.queue.sendEvents(
      events.map((event) => ({ ...event, id: randomUUID(), occurredAt })),
      await transactionClient(this.deps.em),
    );
  }
}
