import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { serviceOf } from '@platform/lib/graphql/context';
import type { NotificationsContext } from '../context.js';
import { idempotencyKeyDescription } from '../idempotency/idempotency.service.js';
import { NotificationJobInput } from './job.inputs.js';
import { NotificationJobReceipt, NotificationJobStatus } from './job.types.js';

@Resolver()
export class JobResolver {
  @Mutation(() => NotificationJobReceipt, {
    description: 'Internal (service token): a durable job to several recipients over several channels.',
  })
  processNotificationJob(
    @Arg('input', () => NotificationJobInput) input: NotificationJobInput,
    @Arg('idempotencyKey', () => String, { nullable: true, description: idempotencyKeyDescription })
    idempotencyKey: string | null,
    @Ctx() ctx: NotificationsContext,
  ) {
    const service = serviceOf(ctx);
    return ctx.notifications.jobs.submit(input, service.serviceName, idempotencyKey);
  }

  @Query(() => NotificationJobStatus, { description: 'Internal (service token): delivery state of a job.' })
  notificationJob(@Arg('id', () => ID) id: string, @Ctx() ctx: NotificationsContext) {
    serviceOf(ctx);
    return ctx.notifications.jobs.status(id);
  }
}
