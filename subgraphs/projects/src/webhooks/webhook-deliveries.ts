import { createHash } from 'node:crypto';
import type { FieldCipher } from '@platform/lib/crypto/field-cipher';
import type { Logger } from '@platform/lib/logger';
import type { NotificationProducer } from '@platform/lib/notifications/producer';
import type { WebhookDelivery, WebhookEndpoint } from './webhook.entity.js';
import { webhookBody } from './webhook-events.js';
import type { QueuedDelivery, QueuedEvents, WebhookQueue } from './webhook-queue.js';
import type { WebhookRepository } from './webhook.repository.js';
import { sendWebhook, type WebhookAttempt, type WebhookSendLimits } from './webhook-sender.js';
import { signedHeaders } from './webhook-signature.js';

/** The previous secret signs for a day after a rotation (issue 28: "the old one still signing for 24 hours"). */
export const rotationGraceMs = 24 * 60 * 60 * 1000;

/** A secret is encrypted for its endpoint only (the cipher's authenticated context). */
export const secretContext = (endpointId: string) => `projects.webhook_endpoint.secret:${endpointId}`;

export interface WebhookDeliveriesDependencies {
  /** Repositories over a fresh entity manager, one per job. */
  rows: () => WebhookRepository;
  queue: WebhookQueue;
  cipher: FieldCipher;
  /** The endpoint's creator (an admin or a holder of `webhooks:manage`) is told when it starts failing. */
  notices: NotificationProducer;
  limits: WebhookSendLimits;
  now: () => number;
  logger: Logger;
}

/**
 * The delivery id of an event for an endpoint, derived from both: a fan-out that runs again (its worker died)
 * finds the rows it wrote and queues each delivery under the same job id, so none is logged or sent twice.
 */
function deliveryIdOf(eventId: string, endpointId: string): string {
  const digest = createHash('sha256').update(`${eventId}|${endpointId}`).digest('hex');
  return `${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
}

const wants = (endpoint: WebhookEndpoint, event: QueuedEvents['events'][number]) =>
  endpoint.events.includes(event.type) && (endpoint.projectId === null || endpoint.projectId === event.projectId);

/** What the log says of an attempt that did not deliver. */
function failureOf(attempt: Exclude<WebhookAttempt, { outcome: 'delivered' }>): string {
  return attempt.outcome === 'rejected' ? `answered ${attempt.statusCode}` : attempt.reason;
}

/**
 * The webhooks' two jobs: the fan-out of a committed change's events to the endpoints that asked for them (one log
 * row and one delivery job each), and one delivery's attempt. A delivery not answered with a 2xx in time fails its
 * job, which the job engine retries with backoff; after the last retry the delivery is `failed` and its endpoint
 * `failing`. A refused target (an address no webhook may reach) fails at once: retrying would be refused again.
 */
export class WebhookDeliveries {
  constructor(private readonly deps: WebhookDeliveriesDependencies) {}

  async start(): Promise<void> {
    await this.deps.queue.workEvents((queued) => this.fanOut(queued));
    await this.deps.queue.workDeliveries((queued, lastAttempt) => this.deliver(queued, lastAttempt));
  }

  stop(): Promise<void> {
    return this.deps.queue.stop();
  }

  async fanOut({ events }: QueuedEvents): Promise<void> {
    const rows = this.deps.rows();
    const endpoints = await rows.endpointsFor([...new Set(events.map((event) => event.type))]);
    const wanted = events.flatMap((event) =>
      endpoints
        .filter((endpoint) => wants(endpoint, event))
        .map((endpoint) => ({
          id: deliveryIdOf(event.id, endpoint.id),
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: event.type,
          body: webhookBody(event),
        })),
    );
    if (wanted.length === 0) return;
    const logged = new Set((await rows.deliveriesWithIds(wanted.map((row) => row.id))).map((row) => row.id));
    await rows.addDeliveries(wanted.filter((row) => !logged.has(row.id)));
    for (const { id } of wanted) await this.deps.queue.sendDelivery(id, id);
  }

  async deliver({ deliveryId }: QueuedDelivery, lastAttempt: boolean): Promise<void> {
    const rows = this.deps.rows();
    const delivery = await rows.delivery(deliveryId);
    // Gone with its endpoint, or delivered already (a job whose worker died after sending is run again).
    if (!delivery || delivery.status === 'delivered') return;
    const endpoint = await rows.endpoint(delivery.endpointId);
    if (!endpoint) return;
    const headers = signedHeaders(
      { id: delivery.id, timestamp: new Date(this.deps.now()), body: delivery.body },
      this.signingSecrets(endpoint),
    );
    const attempt = await sendWebhook(endpoint.url, { ...headers }, delivery.body, this.deps.limits);
    const { durationMs } = attempt;
    if (attempt.outcome === 'delivered') {
      await rows.recordAttempt(delivery, {
        status: 'delivered',
        responseCode: attempt.statusCode,
        durationMs,
        error: null,
      });
      await rows.markActive(endpoint.id);
      return;
    }
    const responseCode = attempt.outcome === 'rejected' ? attempt.statusCode : null;
    const error = failureOf(attempt);
    const final = lastAttempt || attempt.outcome === 'refused';
    await rows.recordAttempt(delivery, { status: final ? 'failed' : 'retrying', responseCode, durationMs, error });
    if (!final) throw new Error(`webhook delivery ${delivery.id}: ${error}`);
    await this.markFailing(rows, endpoint, delivery);
  }

  /** The current secret, and the previous one while its grace lasts. */
  private signingSecrets(endpoint: WebhookEndpoint): string[] {
    const context = secretContext(endpoint.id);
    const secrets = [this.deps.cipher.decrypt(endpoint.secretEncrypted, context)];
    const previous = endpoint.previousSecretEncrypted;
    if (previous && endpoint.previousSecretUntil && endpoint.previousSecretUntil.getTime() > this.deps.now()) {
      secrets.push(this.deps.cipher.decrypt(previous, context));
    }
    return secrets;
  }

  private async markFailing(rows: WebhookRepository, endpoint: WebhookEndpoint, delivery: WebhookDelivery) {
    this.deps.logger.warn({ endpointId: endpoint.id, deliveryId: delivery.id }, 'webhook delivery failed');
    if (!(await rows.markFailing(endpoint.id))) return;
    await this.deps.notices.raise({
      title: 'Webhook endpoint failing',
      message: `Deliveries to ${endpoint.url} failed after every retry; the endpoint is marked failing. Its delivery log shows what the receiver answered, and each delivery can be replayed.`,
      triggerEvent: 'webhook_endpoint_failing',
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      recipients: [{ userId: endpoint.createdByUserId }],
    });
  }
}
