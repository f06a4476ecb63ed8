import { randomUUID } from 'node:crypto';
import type { FieldCipher } from '@platform/lib/crypto/field-cipher';
import { versionTagOf } from '@platform/lib/entity-tag';
import { metaPage, type MetaPage } from '@platform/lib/paging';
import { validate } from '@platform/lib/validation';
import { ProjectNotFoundError } from '../projects/project.errors.js';
import type { ProjectService } from '../projects/project.service.js';
import { rotationGraceMs, secretContext } from '../webhooks/webhook-deliveries.js';
import type { WebhookDelivery, WebhookEndpoint } from '../webhooks/webhook.entity.js';
import type { WebhookQueue } from '../webhooks/webhook-queue.js';
import type { WebhookRepository } from '../webhooks/webhook.repository.js';
import { newWebhookSecret } from '../webhooks/webhook-signature.js';
import { refusalOfTarget } from '../webhooks/webhook-target.js';
import {
  RefusedWebhookTargetError,
  UnknownWebhookProjectError,
  WebhookDeliveryNotFoundError,
  WebhookNotFoundError,
} from './webhook-endpoint.errors.js';
import { deliveryPageInput, registerWebhookInput, updateWebhookInput } from './webhook-endpoint.validation.js';

/** An endpoint with its secret in clear: answered once, at registration and at each rotation. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

export interface WebhookEndpointServiceDependencies {
  rows: WebhookRepository;
  projects: ProjectService;
  queue: WebhookQueue;
  cipher: FieldCipher;
  /** WEBHOOK_ALLOWED_HOSTS */
  allowedHosts: readonly string[];
  now: () => number;
}

/** Registering and managing webhook endpoints, and their delivery log (issue 28, item 1). */
export class WebhookEndpointService {
  constructor(private readonly deps: WebhookEndpointServiceDependencies) {}

  async register(userId: number, input: unknown): Promise<EndpointWithSecret> {
    const values = validate(registerWebhookInput, input);
    await this.refuseTarget(values.url);
    const projectId = await this.projectIdOf(values.projectId);
    const id = randomUUID();
    const secret = newWebhookSecret();
    const endpoint = await this.deps.rows.addEndpoint({
      id,
      url: values.url,
      events: values.events,
      projectId,
      secretEncrypted: this.deps.cipher.encrypt(secret, secretContext(id)),
      createdByUserId: userId,
    });
    return { endpoint, secret };
  }

  list(): Promise<WebhookEndpoint[]> {
    return this.deps.rows.endpoints();
  }

  /**
   * The entity tag of `list` (issue 28, conditional requests): each endpoint's id and update time in order, from one
   * statement (every write of an endpoint, its status included, sets its update time).
   */
  async listTag(): Promise<string> {
    return versionTagOf({ kind: 'webhook-list', items: await this.deps.rows.endpointsVersion() });
  }

  /** Only the fields sent change; `projectId: null` removes the filter. */
  async update(id: string, input: unknown): Promise<WebhookEndpoint> {
    const values = validate(updateWebhookInput, input);
    const endpoint = await this.get(id);
    if (values.url !== undefined) await this.refuseTarget(values.url);
    const projectId = values.projectId === undefined ? undefined : await this.projectIdOf(values.projectId);
    await this.deps.rows.updateEndpoint(endpoint, {
      ...(values.url !== undefined && { url: values.url }),
      ...(values.events !== undefined && { events: values.events }),
      ...(projectId !== undefined && { projectId }),
    });
    return endpoint;
  }

  async delete(id: string): Promise<void> {
    await this.deps.rows.removeEndpoint(await this.get(id));
  }

  /** A new secret signs from now; the one it replaces still signs for 24 hours, then stops. */
  async rotate(id: string): Promise<EndpointWithSecret> {
    const endpoint = await this.get(id);
    const secret = newWebhookSecret();
    await this.deps.rows.updateEndpoint(endpoint, {
      secretEncrypted: this.deps.cipher.encrypt(secret, secretContext(id)),
      previousSecretEncrypted: endpoint.secretEncrypted,
      previousSecretUntil: new Date(this.deps.now() + rotationGraceMs),
    });
    return { endpoint, secret };
  }

  async deliveries(endpointId: string, input: Record<string, unknown>): Promise<MetaPage<WebhookDelivery>> {
    const page = deliveryPageOf(input);
    await this.get(endpointId);
    const { rows, total } = await this.deps.rows.deliveryPage(endpointId, page);
    return metaPage(page, rows, total);
  }

  /**
   * The entity tag of `deliveries` for the same arguments: the page's window, the log's total and each delivery's id
   * and update time (every attempt and replay sets it), with the endpoint's lookup in one statement; an unknown
   * endpoint is refused as `deliveries` refuses it.
   */
  async deliveriesTag(endpointId: string, input: Record<string, unknown>): Promise<string> {
    const page = deliveryPageOf(input);
    const version = isEndpointId(endpointId) ? await this.deps.rows.deliveryPageVersion(endpointId, page) : null;
    if (!version) throw new WebhookNotFoundError();
    const meta = { page: page.page, limit: page.limit, total: version.total };
    return versionTagOf({ kind: 'webhook-delivery-page', items: version.items, page: meta });
  }

  /** Sends a logged delivery again, with its body and `webhook-id` unchanged, signed anew; the log counts on. */
  async replay(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const delivery = await this.deps.rows.delivery(deliveryId);
    if (!delivery || delivery.endpointId !== endpointId) throw new WebhookDeliveryNotFoundError();
    await this.deps.rows.reopen(delivery);
    await this.deps.queue.sendDelivery(delivery.id, randomUUID());
    return delivery;
  }

  private async get(id: string): Promise<WebhookEndpoint> {
    const endpoint = isEndpointId(id) ? await this.deps.rows.endpoint(id) : null;
    if (!endpoint) throw new WebhookNotFoundError();
    return endpoint;
  }

  private async refuseTarget(url: string): Promise<void> {
    const refusal = await refusalOfTarget(new URL(url), this.deps.allowedHosts);
    if (refusal) throw new RefusedWebhookTargetError(refusal);
  }

  private async projectIdOf(idOrCode: string | null | undefined): Promise<string | null> {
    if (!idOrCode) return null;
    try {
      return (await this.deps.projects.getByIdOrCode(idOrCode)).id;
    } catch (error) {
      if (error instanceof ProjectNotFoundError) throw new UnknownWebhookProjectError();
      throw error;
    }
  }
}

/** Only an id of an endpoint's form is looked up; any other is unknown. */
const isEndpointId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

const deliveryPageOf = (input: Record<string, unknown>) =>
  validate(
    deliveryPageInput,
    Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)),
  );
