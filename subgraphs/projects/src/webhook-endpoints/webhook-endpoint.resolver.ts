import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { userWithPermission } from '@platform/lib/graphql/context';
import { shownPage } from '@platform/lib/graphql/page-types';
import type { ProjectsContext } from '../context.js';
import {
  RegisteredWebhookType,
  RegisterWebhookInput,
  UpdateWebhookInput,
  WebhookDeliveryPage,
  WebhookDeliveryType,
  WebhookEndpointType,
  registeredWebhookView,
  webhookDeliveryView,
  webhookEndpointView,
} from './webhook-endpoint.types.js';

/** Admins and holders of `webhooks:manage` (`admin` implies it) manage every endpoint. */
const permission = 'webhooks:manage';

@Resolver()
export class WebhookEndpointResolver {
  @Query(() => [WebhookEndpointType])
  async webhooks(@Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, permission);
    return (await ctx.projects.webhookEndpoints.list()).map(webhookEndpointView);
  }

  @Query(() => String, {
    description: 'The entity tag of `webhooks`: changes when an endpoint is added, changed (its status too) or deleted',
  })
  async webhooksEntityTag(@Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, permission);
    return ctx.projects.webhookEndpoints.listTag();
  }

  @Query(() => String, {
    description:
      'The entity tag of `webhookDeliveries` for the same arguments: changes with the page, the total and any ' +
      'delivery of it (each attempt and replay)',
  })
  async webhookDeliveriesEntityTag(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() ctx: ProjectsContext,
  ) {
    userWithPermission(ctx, permission);
    return ctx.projects.webhookEndpoints.deliveriesTag(endpointId, { page, limit });
  }

  @Query(() => WebhookDeliveryPage, { description: "An endpoint's delivery log, newest first" })
  async webhookDeliveries(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Ctx() ctx: ProjectsContext,
  ) {
    userWithPermission(ctx, permission);
    return shownPage(await ctx.projects.webhookEndpoints.deliveries(endpointId, { page, limit }), webhookDeliveryView);
  }

  @Mutation(() => RegisteredWebhookType)
  async registerWebhook(
    @Arg('input', () => RegisterWebhookInput) input: RegisterWebhookInput,
    @Ctx() ctx: ProjectsContext,
  ) {
    const caller = userWithPermission(ctx, permission);
    return registeredWebhookView(await ctx.projects.webhookEndpoints.register(caller.userId, { ...input }));
  }

  @Mutation(() => WebhookEndpointType)
  async updateWebhook(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookInput) input: UpdateWebhookInput,
    @Ctx() ctx: ProjectsContext,
  ) {
    userWithPermission(ctx, permission);
    return webhookEndpointView(await ctx.projects.webhookEndpoints.update(id, { ...input }));
  }

  @Mutation(() => Boolean)
  async deleteWebhook(@Arg('id', () => ID) id: string, @Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, permission);
    await ctx.projects.webhookEndpoints.delete(id);
    return true;
  }

  @Mutation(() => RegisteredWebhookType, { description: 'A new secret; the previous one still signs for 24 hours' })
  async rotateWebhookSecret(@Arg('id', () => ID) id: string, @Ctx() ctx: ProjectsContext) {
    userWithPermission(ctx, permission);
    return registeredWebhookView(await ctx.projects.webhookEndpoints.rotate(id));
  }

  @Mutation(() => WebhookDeliveryType, { description: 'Sends a logged delivery again' })
  async replayWebhookDelivery(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('deliveryId', () => ID) deliveryId: string,
    @Ctx() ctx: ProjectsContext,
  ) {
    userWithPermission(ctx, permission);
    return webhookDeliveryView(await ctx.projects.webhookEndpoints.replay(endpointId, deliveryId));
  }
}
