import type { EntityManager } from '@mikro-orm/postgresql';
import { offsetOf, type PageRequest } from '@platform/lib/paging';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity.js';

export type NewWebhookEndpoint = Pick<
  WebhookEndpoint,
  'id' | 'url' | 'events' | 'projectId' | 'secretEncrypted' | 'createdByUserId'
>;

export type WebhookEndpointChanges = Partial<
  Pick<
    WebhookEndpoint,
    'url' | 'events' | 'projectId' | 'secretEncrypted' | 'previousSecretEncrypted' | 'previousSecretUntil' | 'status'
  >
>;

export type NewWebhookDelivery = Pick<WebhookDelivery, 'id' | 'endpointId' | 'eventId' | 'eventType' | 'body'>;

/** What one attempt leaves in the log. */
export type DeliveryAttempt = Pick<WebhookDelivery, 'status' | 'responseCode' | 'durationMs' | 'error'>;

/** The endpoint and delivery tables (the delivery log belongs to its endpoint and goes with it). */
export class WebhookRepository {
  constructor(private readonly em: EntityManager) {}

  async addEndpoint(values: NewWebhookEndpoint): Promise<WebhookEndpoint> {
    const endpoint = this.em.create(WebhookEndpoint, values);
    await this.em.flush();
    return endpoint;
  }

  endpoints(): Promise<WebhookEndpoint[]> {
    return this.em.find(WebhookEndpoint, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  endpoint(id: string): Promise<WebhookEndpoint | null> {
    return this.em.findOne(WebhookEndpoint, { id });
  }

  /** The endpoints that asked for any of these event types (an endpoint's project filter is the caller's). */
  endpointsFor(types: string[]): Promise<WebhookEndpoint[]> {
    return this.em.find(WebhookEndpoint, { events: { $overlap: types } });
  }

  async updateEndpoint(endpoint: WebhookEndpoint, changes: WebhookEndpointChanges): Promise<void> {
    this.em.assign(endpoint, changes);
    await this.em.flush();
  }

  /** The delivery log goes with the endpoint (on delete cascade). */
  async removeEndpoint(endpoint: WebhookEndpoint): Promise<void> {
    await this.em.nativeDelete(WebhookEndpoint, { id: endpoint.id });
  }

  /** True for the one call that turned it failing, so an admin is told once, however many deliveries fail. */
  async markFailing(endpointId: string): Promise<boolean> {
    return (
      (await this.em.nativeUpdate(WebhookEndpoint, { id: endpointId, status: 'active' }, { status: 'failing' })) === 1
    );
  }

  async markActive(endpointId: string): Promise<void> {
    await this.em.nativeUpdate(WebhookEndpoint, { id: endpointId, status: 'failing' }, { status: 'active' });
  }

  deliveriesWithIds(ids: string[]): Promise<WebhookDelivery[]> {
    return this.em.find(WebhookDelivery, { id: { $in: ids } });
  }

  /** One multi-row insert. */
  async addDeliveries(rows: NewWebhookDelivery[]): Promise<void> {
    for (const row of rows) this.em.create(WebhookDelivery, row);
    await this.em.flush();
  }

  delivery(id: string): Promise<WebhookDelivery | null> {
    return this.em.findOne(WebhookDelivery, { id });
  }

  /** An endpoint's log, newest first. */
  async deliveryPage(endpointId: string, page: PageRequest): Promise<{ rows: WebhookDelivery[]; total: number }> {
    const [rows, total] = await this.em.findAndCount(
      WebhookDelivery,
      { endpointId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: offsetOf(page) },
    );
    return { rows, total };
  }

  /** Counts the attempt and records what it came to. */
  async recordAttempt(delivery: WebhookDelivery, attempt: DeliveryAttempt): Promise<void> {
    this.em.assign(delivery, { ...attempt, attempts: delivery.attempts + 1 });
    await this.em.flush();
  }

  /** A replay sends the delivery again from its start: pending, its attempts counted on. */
  async reopen(delivery: WebhookDelivery): Promise<void> {
    this.em.assign(delivery, { status: 'pending', error: null });
    await this.em.flush();
  }
}
