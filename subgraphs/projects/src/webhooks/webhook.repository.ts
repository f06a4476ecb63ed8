import type { EntityManager } from '@mikro-orm/postgresql';
import { runStatement, type PreparedStatement } from '@platform/lib/database';
import type { RecordVersion } from '@platform/lib/entity-tag';
import { offsetOf, type PageRequest } from '@platform/lib/paging';
import { pageVersionOf, pageVersionSelect, type PageVersionRow } from '../listing/list.repository.js';
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

/** The version of the endpoints' list: each endpoint's id and update time, in the list's order. Keys and times only. */
const endpointsVersionStatement: PreparedStatement = {
  name: 'projects.webhook_endpoint.list_version',
  text: `select coalesce(json_agg(json_build_array("id", to_json("updated_at") #>> '{}') order by "created_at", "id"),
      '[]') as "items"
    from "projects"."webhook_endpoint"`,
};

/**
 * The version of a page of endpoint $1's delivery log, newest first (offset $2, limit $3): whether the endpoint
 * exists, the number of its deliveries and the window's ids and update times in order. Keys and times only.
 */
const deliveryPageVersionStatement: PreparedStatement = {
  name: 'projects.webhook_delivery.page_version',
  text: `with "endpoint" as (select "id" from "projects"."webhook_endpoint" where "id" = $1::uuid),
  "matching" as (
    select d."id", d."updated_at", row_number() over (order by d."created_at" desc, d."id" desc) as "n"
    from "projects"."webhook_delivery" d join "endpoint" e on d."endpoint_id" = e."id")
  ${pageVersionSelect('$2', '$3', 'exists (select 1 from "endpoint") as "found", ')}`,
};

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

  /** The version of `endpoints()`: each endpoint's id and update time, in order, in one statement. */
  async endpointsVersion(): Promise<RecordVersion[]> {
    const [row] = await runStatement<{ items: [string, string][] }>(this.em, endpointsVersionStatement, []);
    return row!.items.map(([id, updatedAt]) => ({ id, updatedAt }));
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

  /**
   * True for the one call that turned it failing, so an admin is told once, however many deliveries fail. A native
   * update runs no `onUpdate`: the time is set here, as every write of an endpoint sets it (its version is its
   * `updatedAt`: decisions, issue 28).
   */
  async markFailing(endpointId: string): Promise<boolean> {
    const changes = { status: 'failing' as const, updatedAt: new Date() };
    return (await this.em.nativeUpdate(WebhookEndpoint, { id: endpointId, status: 'active' }, changes)) === 1;
  }

  /** Back to active when it was failing (its update time set, as `markFailing` sets it). */
  async markActive(endpointId: string): Promise<void> {
    const changes = { status: 'active' as const, updatedAt: new Date() };
    await this.em.nativeUpdate(WebhookEndpoint, { id: endpointId, status: 'failing' }, changes);
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

  /**
   * The version of the page `deliveryPage` answers (the same order and window): null when the endpoint is unknown.
   * One statement where the page takes two.
   */
  async deliveryPageVersion(
    endpointId: string,
    page: PageRequest,
  ): Promise<{ items: RecordVersion[]; total: number } | null> {
    const [row] = await runStatement<PageVersionRow & { found: boolean }>(this.em, deliveryPageVersionStatement, [
      endpointId,
      offsetOf(page),
      page.limit,
    ]);
    return row?.found ? pageVersionOf(row) : null;
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
