import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { metaPageType } from '@platform/lib/graphql/page-types';
import type { WebhookDelivery, WebhookEndpoint } from '../webhooks/webhook.entity.js';
import type { EndpointWithSecret } from './webhook-endpoint.service.js';

@ObjectType('WebhookEndpoint')
export class WebhookEndpointType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  url!: string;

  @Field(() => [String])
  events!: string[];

  @Field(() => ID, { nullable: true, description: "Only this project's events; null: every project's" })
  projectId!: string | null;

  @Field(() => String, { description: '`active`, or `failing` once a delivery spent its retries' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'Until when the secret replaced by a rotation still signs' })
  previousSecretExpiresAt!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;
}

@ObjectType('RegisteredWebhook', { description: 'An endpoint with its secret, shown only here' })
export class RegisteredWebhookType {
  @Field(() => WebhookEndpointType)
  endpoint!: WebhookEndpointType;

  @Field(() => String, { description: 'whsec_ and the base64 of the key (Standard Webhooks)' })
  secret!: string;
}

@ObjectType('WebhookDelivery')
export class WebhookDeliveryType {
  @Field(() => ID, { description: 'The webhook-id header the receiver sees' })
  id!: string;

  @Field(() => ID)
  endpointId!: string;

  @Field(() => ID)
  eventId!: string;

  @Field(() => String)
  eventType!: string;

  @Field(() => String, { description: '`pending`, `retrying`, `delivered` or `failed`' })
  status!: string;

  @Field(() => Int)
  attempts!: number;

  @Field(() => Int, { nullable: true })
  responseCode!: number | null;

  @Field(() => Int, { nullable: true })
  durationMs!: number | null;

  @Field(() => String, { nullable: true, description: 'Why the last attempt did not deliver' })
  error!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;
}

export const WebhookDeliveryPage = metaPageType(WebhookDeliveryType, 'WebhookDeliveryPage');

@InputType()
export class RegisterWebhookInput {
  @Field(() => String)
  url!: string;

  @Field(() => [String])
  events!: string[];

  @Field(() => String, { nullable: true, description: "A project's id or uniqueCode" })
  projectId?: string | null;
}

@InputType()
export class UpdateWebhookInput {
  @Field(() => String, { nullable: true })
  url?: string;

  @Field(() => [String], { nullable: true })
  events?: string[];

  @Field(() => String, { nullable: true, description: "A project's id or uniqueCode; null: every project" })
  projectId?: string | null;
}

export function webhookEndpointView(endpoint: WebhookEndpoint): WebhookEndpointType {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    projectId: endpoint.projectId,
    status: endpoint.status,
    previousSecretExpiresAt: endpoint.previousSecretUntil?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

export function registeredWebhookView({ endpoint, secret }: EndpointWithSecret): RegisteredWebhookType {
  return { endpoint: webhookEndpointView(endpoint), secret };
}

export function webhookDeliveryView(delivery: WebhookDelivery): WebhookDeliveryType {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    responseCode: delivery.responseCode,
    durationMs: delivery.durationMs,
    error: delivery.error,
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}
