import type { Logger } from '../logger.js';

/** Channel names of a job's recipients (decisions: Notification service). */
export type NotificationChannel = 'in_app' | 'push' | 'email';

export interface NotificationRecipient {
  userId: number;
  email?: string;
  /** Empty or absent: in_app only. */
  channels?: NotificationChannel[];
  context?: Record<string, unknown>;
}

/** The job body of the notification spec; the one way any service raises notifications. */
export interface NotificationJobRequest {
  message: string;
  recipients: NotificationRecipient[];
  title?: string;
  targetId?: string;
  targetLink?: string;
  targetText?: string;
  targetType?: string;
  triggerEvent?: string;
  emailTemplate?: string;
  emailAttachments?: string[];
  notifierId?: number;
  scheduleAt?: string;
}

export interface NotificationJobReceipt {
  jobId: string;
  message: string;
  processedRecipients: number;
}

/**
 * What producers (auth, projects) depend on. `raise` never throws: a security event must not fail the
 * operation that caused it; a refused or failed submission is logged.
 */
export interface NotificationProducer {
  submit(request: NotificationJobRequest): Promise<NotificationJobReceipt>;
  raise(request: NotificationJobRequest): Promise<void>;
}

export type JobSubmitter = (request: NotificationJobRequest, serviceName: string) => Promise<NotificationJobReceipt>;

/**
 * Bound once the graph exists (producers are built before the notifications subgraph); every submission
 * travels the internal job operation with a service identity, like POST /internal/notifications/jobs.
 */
export class LateBoundProducer implements NotificationProducer {
  private submitter?: JobSubmitter;

  constructor(
    private readonly serviceName: string,
    private readonly logger: Logger,
  ) {}

  bind(submitter: JobSubmitter): void {
    this.submitter = submitter;
  }

  /** The same producer seen as another service (the identity recorded on its jobs). */
  as(serviceName: string): NotificationProducer {
    const producer = new LateBoundProducer(serviceName, this.logger);
    producer.submitter = (request, name) => this.requireSubmitter()(request, name);
    return producer;
  }

  submit(request: NotificationJobRequest): Promise<NotificationJobReceipt> {
    return this.requireSubmitter()(request, this.serviceName);
  }

  async raise(request: NotificationJobRequest): Promise<void> {
    try {
      await this.submit(request);
    } catch (error) {
      this.logger.error({ err: error, triggerEvent: request.triggerEvent }, 'notification not raised');
    }
  }

  private requireSubmitter(): JobSubmitter {
    if (!this.submitter) throw new Error('notification producer used before the graph was bound');
    return this.submitter;
  }
}
