/** The events an endpoint may ask for (issue 28, item 1). */
export const webhookEventTypes = [
  'project.created',
  'project.updated',
  'project.deleted',
  'project.approved',
  'task.created',
  'task.updated',
  'task.status_changed',
  'task.deleted',
  'comment.added',
  'comment.deleted',
  'reaction.changed',
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];

/** A record's fields as the REST API names them. */
export type WebhookRecord = Record<string, unknown>;

/** One change, as a feature reports it: the record after it, and for an update the previous values of what changed. */
export interface ChangeEvent {
  type: WebhookEventType;
  /** The project the record belongs to (an endpoint may ask for one project's events only). */
  projectId: string;
  data: WebhookRecord;
  previous?: WebhookRecord;
}

/** A change with its identity and time, as queued and delivered. */
export interface WebhookEvent extends ChangeEvent {
  id: string;
  occurredAt: string;
}

/**
 * Where features report their changes, inside the change's open transaction: the events are queued with it, so
 * they are delivered exactly when it commits and never for a change that rolls back. Declared here, below every
 * feature that reports, and implemented by the outbox (webhook-outbox.ts).
 */
export interface ChangeEvents {
  emit(events: ChangeEvent[]): Promise<void>;
}

/** The body a receiver gets (Standard Webhooks, "Payload structure": `type`, `timestamp`, `data`). */
export function webhookBody(event: WebhookEvent): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.occurredAt,
    data: event.data,
    ...(event.previous ? { previous: event.previous } : {}),
  });
}

/** The fields of `after` whose value differs from `before`, with their values in `before`: an update's `previous`. */
export function previousValues(before: WebhookRecord, after: WebhookRecord): WebhookRecord {
  return Object.fromEntries(
    Object.entries(before).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(after[key])),
  );
}
