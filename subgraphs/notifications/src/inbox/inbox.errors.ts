import { NotFoundError } from '@platform/lib/errors';

/** Another user's notification answers the same: its existence is never revealed. */
export class NotificationNotFoundError extends NotFoundError {
  constructor() {
    super('Notification not found');
  }
}
