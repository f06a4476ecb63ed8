import { ForbiddenError } from '@platform/lib/errors';

/** The deployment has no VAPID keys: no browser can subscribe (and none would receive anything). */
export class WebPushDisabledError extends ForbiddenError {
  constructor() {
    super('Web Push is not enabled on this server');
  }
}
