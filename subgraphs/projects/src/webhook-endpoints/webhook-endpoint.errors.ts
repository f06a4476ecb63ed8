import { NotFoundError, ValidationError } from '@platform/lib/errors';

export class WebhookNotFoundError extends NotFoundError {
  constructor() {
    super('Webhook not found');
  }
}

export class WebhookDeliveryNotFoundError extends NotFoundError {
  constructor() {
    super('Webhook delivery not found');
  }
}

/** A target no webhook may reach (no SSRF), or not a web address at all. */
export class RefusedWebhookTargetError extends ValidationError {
  constructor(reason: string) {
    super(`url: ${reason}`, [{ path: 'url', message: reason }]);
  }
}

/** The project filter names a project that does not exist. */
export class UnknownWebhookProjectError extends ValidationError {
  constructor() {
    super('projectId: project not found', [{ path: 'projectId', message: 'project not found' }]);
  }
}
