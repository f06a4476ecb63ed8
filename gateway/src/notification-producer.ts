import { randomUUID } from 'node:crypto';
import { GraphQLResultError } from '@platform/lib/errors';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { NotificationJobReceipt } from '@platform/lib/notifications/producer';
import type { Platform } from '@platform/lib/platform';
import type { Graph } from './graph/apollo.js';

const processJob = `mutation ProcessNotificationJob($input: NotificationJobInput!) {
  processNotificationJob(input: $input) { jobId message processedRecipients }
}`;

/**
 * Producers inside the system (auth's security events) submit jobs through the graph with a service
 * identity: the same operation, validation and durable path as POST /internal/notifications/jobs.
 */
export function bindNotificationProducer(platform: Platform, graph: Graph): void {
  platform.notifications.bind(async (request, serviceName) => {
    const contextValue: GatewayContext = {
      request: {
        requestId: randomUUID(),
        ip: '127.0.0.1',
        userAgent: `service:${serviceName}`,
        deviceFingerprint: null,
      },
      caller: { kind: 'service', serviceName, tokenId: `internal:${serviceName}` },
      authFailure: null,
    };
    const { data, errors } = await graph.fixed.execute(processJob, { input: request }, contextValue);
    if (errors?.[0]) throw new GraphQLResultError(errors[0]);
    return data!.processNotificationJob as NotificationJobReceipt;
  });
}
