import { NotFoundError } from '@platform/lib/errors';

export class NotificationJobNotFoundError extends NotFoundError {
  constructor() {
    super('Notification job not found');
  }
}
